import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Clerk's Python backend SDK reads the `o` and `fea` claims of a member's session token, over a
/// real socket: `authenticate_request` gives the organization's id, slug and role, and the custom
/// permissions it rebuilds from `per`, `fpm` and `fea`.
@Suite(
    "Interoperability: clerk-backend-api reads the organization claims",
    .enabled(TestTools.missing("Python's clerk-backend-api")) { TestTools.pythonImports("clerk_backend_api") })
struct OrganizationClaimInteropTests {
    static let script = """
        import sys, json, httpx
        from clerk_backend_api import Clerk
        from clerk_backend_api.security.types import AuthenticateRequestOptions
        from jwt.algorithms import RSAAlgorithm
        from cryptography.hazmat.primitives import serialization
        url, key, token, party = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
        sdk = Clerk(bearer_auth=key, server_url=url, timeout_ms=120000)
        jwk = sdk.jwks.get_jwks().keys[0].model_dump(exclude_none=True, by_alias=True)
        pem = RSAAlgorithm.from_jwk(json.dumps(jwk)).public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
        request = httpx.Request("GET", "http://backend.test/", headers={"Authorization": "Bearer " + token})
        state = sdk.authenticate_request(request, AuthenticateRequestOptions(jwt_key=pem, authorized_parties=[party], clock_skew_in_ms=600000))
        payload = state.payload or {}
        print(json.dumps({"status": state.status.value, "org_id": payload.get("org_id"), "org_slug": payload.get("org_slug"),
            "org_role": payload.get("org_role"), "org_permissions": payload.get("org_permissions")}))
        """

    @Test("an admin's token: organization id, slug, role and custom permissions")
    func authenticateRequestReadsOrganization() async throws {
        try await withServer(organizationTestSettings, mode: .socket) { server in
            let scene = try await OrganizationScene.make(server, name: "Py Org")
            let session = scene.adminAccount.sessionID
            try await scene.admin.send("POST", "/v1/client/sessions/\(session)/touch", form: [("active_organization_id", scene.organizationID)])
            let answer = try await scene.admin.send("POST", "/v1/client/sessions/\(session)/tokens")
            let token = try answer.decode(TokenResource.self).jwt
            let base = server.core.baseURL
            let output = try await Python.run(Self.script, base + BackendAPIRoutes.prefix, server.core.backendSecretKey, token, base)
            let state = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            #expect(state["status"] as? String == "signed-in")
            #expect(state["org_id"] as? String == scene.organizationID)
            #expect(state["org_slug"] as? String == "py-org")
            #expect(state["org_role"] as? String == "admin")
            #expect(
                Set(state["org_permissions"] as? [String] ?? []) == ["org:invoices:read", "org:invoices:manage", "org:reports:read"])
        }
    }
}
