import ArtworkGeneration
import Foundation
import Services

@testable import ServicesLive

/// The cover of `identifier` as a PNG, `side` pixels a side (small, so tests stay fast).
func coverPNG(_ identifier: String, side: Int = 16) throws -> [UInt8] {
  try CoverArt.png(for: identifier, side: side)
}

/// The cover of `identifier` as the artwork a loader should give for its PNG.
func coverArtwork(_ identifier: String, side: Int = 16) -> Artwork? {
  let image = CoverArt.pixels(for: identifier, side: side)
  return Artwork(width: image.width, height: image.height, rgba: image.rgba)
}

/// The start of a PNG whose header claims `width` × `height` pixels, RGBA at 8 bits (its CRC is not checked
/// before the size is).
func pngHeader(claimingWidth width: UInt32, height: UInt32) -> [UInt8] {
  func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  return signature + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
    + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
}

/// What loading `url` gives: the artwork or the error.
func load(_ loader: some ArtworkLoader, _ url: URL) async -> Result<Artwork, ArtworkLoadError> {
  do {
    return .success(try await loader.artwork(for: url))
  } catch {
    return .failure(error)
  }
}

extension LiveArtworkLoader.Configuration {
  /// The defaults with no disk cache: a test's loader never writes to the user's cache.
  // A held answer is released by the test: under Thread Sanitizer on two busy cores, more than the default 10 s can
  // pass before that (a fresh-clone run once timed a waiter out so); the timeout's own test sets its limit.
  static var memoryOnly: Self { Self(requestTimeout: .seconds(300), diskCacheDirectory: nil) }
}

/// The regular files in `directory` and their sizes, by name.
func fileSizes(in directory: URL) -> [String: Int] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  var sizes: [String: Int] = [:]
  for name in names {
    let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
    sizes[name] = (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }
  return sizes
}
