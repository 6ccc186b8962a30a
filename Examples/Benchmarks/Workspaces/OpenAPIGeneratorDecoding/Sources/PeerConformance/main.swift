// Prints, per payload, whether the peer's generated types accept it: "name<TAB>accepted" or
// "name<TAB>rejected: why".
import PeerCases

for peerCase in PeerCase.all {
    print("\(peerCase.payload.name)\t\(peerCase.rejection().map { "rejected: " + $0 } ?? "accepted")")
}
