// Which of the peer's generated types decodes each benchmark payload: the same operations'
// 200 (or error) response schemas, next to the ClerkAPI types Benchmarks/Decoding uses for them.
import BenchmarkPayloads
import ClerkAPI
import Foundation
import PeerAPI

public struct PeerCase: Sendable {
    public let payload: DecodeCase
    /// Decodes the payload's bytes with the peer's type for it, as its client's converter does (JSONDecoder).
    public let decode: @Sendable (JSONDecoder, Data) throws -> Any
    /// Decodes the same bytes with the ClerkAPI type Benchmarks/Decoding uses for them.
    public let decodeWithClerkAPI: @Sendable (JSONDecoder, Data) throws -> Any

    init<Peer: Decodable & Sendable, Ours: Decodable & Sendable>(_ payload: DecodeCase, _ peer: Peer.Type, _ ours: Ours.Type) {
        self.payload = payload
        self.decode = { decoder, data in try decoder.decode(peer, from: data) }
        self.decodeWithClerkAPI = { decoder, data in try decoder.decode(ours, from: data) }
    }

    public static let all: [PeerCase] = [
        PeerCase(.signInNeedsSecondFactor, Components.Schemas.Client_ClientWrappedSignIn.self, AttemptSignInFirstFactorRequest.Response.self),
        PeerCase(.completedSignIn, Components.Schemas.Client_ClientWrappedSignIn.self, CreateSignInRequest.Response.self),
        PeerCase(.signUpMissingRequirements, Components.Schemas.Client_ClientWrappedSignUp.self, CreateSignUpRequest.Response.self),
        PeerCase(.errorEnvelope, Components.Schemas.ClerkErrors.self, ErrorResponse.self),
        PeerCase(.olderEnvironment, Components.Schemas.Client_Environment.self, GetEnvironmentRequest.Response.self),
        PeerCase(
            .specShapedSignInNeedsSecondFactor, Components.Schemas.Client_ClientWrappedSignIn.self,
            AttemptSignInFirstFactorRequest.Response.self
        ),
        PeerCase(.specShapedCompletedSignIn, Components.Schemas.Client_ClientWrappedSignIn.self, CreateSignInRequest.Response.self),
        PeerCase(.specShapedSignUpMissingRequirements, Components.Schemas.Client_ClientWrappedSignUp.self, CreateSignUpRequest.Response.self),
    ]

    /// nil if the peer's types decode the payload, else why they reject it.
    public func rejection() -> String? {
        do {
            _ = try decode(JSONDecoder(), Data(payload.bytes))
            return nil
        } catch let error as DecodingError {
            return Self.describe(error)
        } catch {
            return "\(error)"
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing required key `\(key.stringValue)` at `\(path(context))`"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "`\(path(context))`: \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
