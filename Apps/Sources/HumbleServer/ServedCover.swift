import Crypto

/// A cover as the server serves it: its PNG (from the shared `ArtworkFolder`) and the strong entity tag of those
/// bytes.
struct ServedCover: Sendable {
  var png: [UInt8]
  /// The quoted first 128 bits of the PNG's SHA-256, as hex: the same bytes give the same tag on every server.
  var entityTag: String

  init(png: [UInt8]) {
    self.png = png
    let digest = SHA256.hash(data: png).prefix(16)
    entityTag = "\"" + digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
  }
}
