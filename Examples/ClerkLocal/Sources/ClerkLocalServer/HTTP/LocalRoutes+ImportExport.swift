import ClerkLocalCore
import Foundation
import Hummingbird
import NIOCore

/// `GET /__local/admin/export` and `POST /__local/admin/import`: users with their secrets, from one
/// instance to another. These are the only admin answers that carry password digests and TOTP
/// secrets, which is what moving users needs; they stand behind `LocalAccessGuard` like the rest
/// of `/__local` (loopback or the secret key, the server's own Host and Origin, JSON writes).
extension LocalRoutes {
    /// An import's body limit: a pretty-printed export of 10,000 users is about 11 MB.
    package static let importBodyLimit = 64 * 1024 * 1024

    package func registerImportExport(on local: some RouterMethods<LocalRequestContext>) {
        local.get("admin/export") { _, _ in
            // Every digest and secret of the instance: no cache may keep a copy.
            WireResponses.json(try await admin.exportUsers().encoded(), extra: [.cacheControl: "no-store"])
        }
        local.post("admin/import") { request, context in
            do {
                let body = try await RequestReading.body(request, context, limit: Self.importBodyLimit)
                let document = try UserExportDocument.decode(from: Data(body.readableBytesView))
                let imported = try await admin.importUsers(document)
                return WireResponses.json(Data(#"{"imported":\#(imported)}"#.utf8))
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            } catch let error as UserImportError {
                return WireResponses.error(FrontendError(error), client: nil, clientToken: nil)
            }
        }
    }
}

extension FrontendError {
    /// A refused import in Clerk's envelope: `param_name` is the field's path in the document and
    /// the long message says what is wrong with it; 400 when the body is not JSON, else 422.
    package init(_ error: UserImportError) {
        let parameter = error.field.isEmpty ? nil : error.field
        let long = error.description + "."
        switch error.problem {
        case .notJSON, .invalidJSON:
            self.init(
                .requestBodyInvalid, variant: "InvalidRequestBody",
                longMessage: "The body must be a user export (\(UserExportDocument.format)) sent as application/json; " + long)
        case .missing:
            self.init(.formParamMissing, variant: "FormMissingParameter", paramName: parameter, longMessage: long)
        case .wrongType:
            self.init(.formParamTypeInvalid, paramName: parameter, message: "is invalid", longMessage: long)
        case .unknownField, .needsVersion:
            self.init(.formParamUnknown, variant: "FormUnknownParameter", paramName: parameter, longMessage: long)
        case .unknownFormat, .unsupportedVersion, .unsupportedHasher, .unsupportedBackupCodeHash:
            self.init(.formParamValueInvalid, variant: "FormInvalidParameterValue", paramName: parameter, longMessage: long)
        case .invalidPasswordDigest:
            self.init(.formPasswordDigestInvalidCode, paramName: parameter, message: "is invalid", longMessage: long)
        case .duplicate:
            self.init(.formParamDuplicate, variant: "FormDuplicateParameterValue", paramName: parameter, longMessage: long)
        case .userExists, .idTaken, .organizationDataExists:
            self.init(.formAlreadyExists, paramName: parameter, message: "already exists", longMessage: long)
        case .identifierTaken:
            self.init(.formIdentifierExists, variant: "FormIdentifierExists", paramName: parameter, longMessage: long)
        case .noIdentifier:
            self.init(.formParamMissing, variant: "FormMissingParameter", paramName: parameter, longMessage: long)
        case .unverifiedSecondFactor, .unknownUser, .unknownRole, .negativeLimit, .unknownEnrollmentMode, .unknownPlatform, .unknownStatus:
            self.init(.formParamValueInvalid, variant: "FormInvalidParameterValue", paramName: parameter, longMessage: long)
        case .invalidID, .invalidEmailAddress, .invalidPhoneNumber, .invalidUsername, .invalidName, .invalidTOTPSecret, .invalidBackupCodeSalt,
            .invalidBackupCodeDigest, .invalidTime, .invalidMetadata, .attemptsOutOfRange, .invalidProviderUserID, .invalidBase64URL, .invalidPasskeyPublicKey,
            .invalidPasskeyName, .unknownTransport, .invalidSlug, .invalidOrganizationName, .invalidTicketDigest,
            .invalidDomainName, .invalidText, .invalidDeviceKey:
            self.init(.formParamFormatInvalid, variant: "FormInvalidParameterFormat", paramName: parameter, message: "is invalid", longMessage: long)
        }
    }
}
