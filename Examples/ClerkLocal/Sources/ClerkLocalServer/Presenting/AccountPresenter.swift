import ClerkAPI
import ClerkLocalCore
import Foundation

/// The account API's own resources: authenticator-app enrolments, backup codes, deleted objects.
extension WirePresenter {
    package func totp(_ enrollment: TOTPEnrollment) -> TOTPResource {
        TOTPResource(
            id: enrollment.id, secret: enrollment.secret, uri: enrollment.uri, verified: enrollment.verified,
            backupCodes: enrollment.backupCodes, createdAt: ClerkTimestamp(enrollment.createdAt),
            updatedAt: ClerkTimestamp(enrollment.updatedAt))
    }

    package func backupCodes(_ issued: IssuedBackupCodes) -> BackupCodesResource {
        BackupCodesResource(
            id: issued.id, codes: issued.codes, createdAt: ClerkTimestamp(issued.createdAt),
            updatedAt: ClerkTimestamp(issued.createdAt))
    }

    package func deleted(_ record: DeletedRecord) -> DeletedObject {
        DeletedObject(id: record.id, object: record.object, deleted: true)
    }
}
