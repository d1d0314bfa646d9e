import PNGCodec

/// Cover art generated from an identifier: the same identifier gives the same picture on every machine, in every run.
///
/// Each cover is a two-colour gradient with shapes over it (a sun over a striped horizon, orbits, stripes, shards or
/// bubbles), colours and shapes chosen by a generator seeded from the identifier's bytes. Different identifiers give
/// visibly different covers. Generation is whole-number arithmetic, so its pixels are the same bytes on every
/// processor; a 256 × 256 cover takes about a millisecond.
public enum CoverArt {
  /// The side of a cover when none is asked for: 256 pixels.
  public static let defaultSide = 256

  /// The sides a cover may have, in pixels.
  public static let sides = 1...4_096

  /// The cover of `identifier`, `side` × `side` pixels, opaque.
  ///
  /// `side` must be within ``sides``.
  public static func pixels(for identifier: String, side: Int = defaultSide) -> PNGImage {
    precondition(
      sides.contains(side), "a cover's side is \(sides.lowerBound) to \(sides.upperBound) pixels, not \(side)")
    let canvas = CoverDesign.canvas(for: identifier, side: side)
    return PNGImage(checkedWidth: side, height: side, rgba: canvas.rgba)
  }

  /// The cover of `identifier` as a PNG, `side` × `side` pixels.
  ///
  /// The pixels are the same everywhere; the PNG's bytes are the same for the same libpng and zlib.
  public static func png(for identifier: String, side: Int = defaultSide) throws(PNGEncodingError) -> [UInt8] {
    try pixels(for: identifier, side: side).pngBytes()
  }
}
