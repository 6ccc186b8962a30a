import ClerkAPI
import Foundation

/// The account API's own resources: authenticator-app enrolments, backup codes, deleted objects.
extension WirePresenter {
    func totp(_ enrollment: TOTPEnrollment) -> TOTPResource {
        TOTPResource(
            id: enrollment.id, secret: enrollment.secret, uri: enrollment.uri, verified: enrollment.verified,
            backupCodes: enrollment.backupCodes, createdAt: ClerkTimestamp(enrollment.createdAt),
            updatedAt: ClerkTimestamp(enrollment.updatedAt))
    }

    func backupCodes(_ issued: IssuedBackupCodes) -> BackupCodesResource {
        BackupCodesResource(
            id: issued.id, codes: issued.codes, createdAt: ClerkTimestamp(issued.createdAt),
            updatedAt: ClerkTimestamp(issued.createdAt))
    }

    func deleted(_ record: DeletedRecord) -> DeletedObject {
        DeletedObject(id: record.id, object: record.object, deleted: true)
    }
}
