import Crypto
import Foundation

/// Bearer tokens: made from 32 random bytes, stored only as the SHA-256 hash of their text.
package enum Tokens {
  /// A new token: `hmb_` and 32 random bytes in base64url without padding.
  package static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let text = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return "hmb_" + text
  }

  /// The SHA-256 hash of a token's UTF-8, as lowercase hex.
  package static func hash(_ token: String) -> String {
    // Hex by table, not String(format:) per byte: this runs for every request that carries a token.
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: Data(token.utf8)) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
