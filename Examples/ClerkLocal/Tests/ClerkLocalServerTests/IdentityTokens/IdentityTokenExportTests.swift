import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// External accounts move with their users: exported, imported with their ids and times, refused
/// when another user has the provider's account or when a value does not read.
@Suite("Identity tokens: export and import of external accounts")
struct IdentityTokenExportTests {
    @Test("An exported user's Apple account signs them in on the instance that imported it")
    func roundTrip() async throws {
        let email = Fixture.email("moved")
        let document = try await withServer(SettingsPreset.social.settings) { server in
            _ = try await server.client().signUp(
                [("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email, subject: "moved-1")), ("legal_accepted", "true")])
            return await server.core.admin.exportUsers()
        }
        let account = try #require(document.users.first?.externalAccounts?.first)
        #expect(account.provider == .apple)
        #expect(account.providerUserID == "moved-1")
        let decoded = try UserExportDocument.decode(from: try document.encoded())
        #expect(decoded.users == document.users)

        try await withServer(SettingsPreset.social.settings) { server in
            #expect(try await server.core.admin.importUsers(decoded) == 1)
            let exported = await server.core.admin.exportUsers()
            #expect(exported.users == document.users)
            // Another address at Apple now: the account is found by its user id.
            let answer = try await server.client().signIn(
                [("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, Fixture.email("renamed"), subject: "moved-1"))])
            #expect(try answer.signIn.status == .complete)
            #expect(try answer.client?.sessions.first?.user?.id == document.users.first?.id)

            // The same account again, under another user: refused, nothing added.
            var twin = try #require(document.users.first)
            twin.id = "user_twin"
            twin.emailAddresses = []
            twin.username = "twin_user"
            twin.externalAccounts?[0].id = "eac_twin"
            var again = document
            again.users = [twin]
            await #expect(throws: UserImportError.self) { try await server.core.admin.importUsers(again) }
            do {
                _ = try await server.core.admin.importUsers(again)
            } catch let error as UserImportError {
                #expect(error.field == "users[0].external_accounts[0].provider_user_id")
                #expect(error.problem == .identifierTaken(byUserID: try #require(document.users.first?.id)))
            }
            #expect(await server.core.store.users.count == 1)
        }
    }

    @Test("A bad external account is refused by its path")
    func refused() async throws {
        let base = #"{"id":"eac_1","provider":"apple","provider_user_id":"s","email_address":"a@example.com","created_at":1,"updated_at":1}"#
        func problem(_ account: String) async throws -> UserImportError? {
            let json = """
                {"format":"clerk-local-users","version":1,"exported_at":0,"users":[{"id":"user_1","username":"someone","email_addresses":[],
                "phone_numbers":[],"password_compromised":false,"unsafe_metadata":{},"created_at":1,"updated_at":1,"external_accounts":[\(account)]}]}
                """
            do {
                let document = try UserExportDocument.decode(from: Data(json.utf8))
                return try await withServer(SettingsPreset.social.settings) { server in
                    do {
                        _ = try await server.core.admin.importUsers(document)
                        return nil
                    } catch let error as UserImportError {
                        return error
                    }
                }
            } catch let error as UserImportError {
                return error
            }
        }
        #expect(try await problem(base) == nil)
        #expect(try await problem(base.replacingOccurrences(of: "eac_1", with: "idn_1"))?.field == "users[0].external_accounts[0].id")
        #expect(try await problem(base.replacingOccurrences(of: #""s""#, with: #""""#))?.problem == .invalidProviderUserID)
        #expect(try await problem(base.replacingOccurrences(of: "a@example.com", with: "nope"))?.problem == .invalidEmailAddress)
        #expect(try await problem(base.replacingOccurrences(of: #""apple""#, with: #""github""#))?.field == "users[0].external_accounts[0].provider")
        #expect(try await problem(base.replacingOccurrences(of: #""s","#, with: #""s","kid":1,"#))?.problem == .unknownField)
        #expect(try await problem(base + "," + base)?.problem == .duplicate(of: "users[0].external_accounts[0].provider_user_id"))
    }
}
