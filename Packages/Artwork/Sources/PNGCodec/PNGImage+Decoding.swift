import CLibPNG

extension PNGImage {
  /// The picture a PNG holds, as 8-bit RGBA, or why there is none.
  ///
  /// Every colour type and bit depth is decoded by libpng and normalised to RGBA: palettes are expanded, grey is
  /// copied into red, green and blue, 16-bit samples are scaled to 8 bits (a 16-bit PNG that names no colour space is
  /// taken as sRGB, as browsers take it), transparency chunks become alpha, opaque images get alpha 255, and interlaced
  /// images are deinterlaced. A PNG that names a gamma or colour space other than sRGB is converted to sRGB.
  ///
  /// `limits` are checked before the memory they guard is allocated: the input's length first, then the size the
  /// header claims (a PNG that claims 100,000 × 100,000 pixels is refused before a pixel is allocated).
  public init(decoding png: [UInt8], limits: PNGLimits = PNGLimits()) throws(PNGDecodingError) {
    // `withUnsafeBytes` rethrows untyped errors: the typed one travels out in a `Result`.
    let decoded = png.withUnsafeBytes { bytes in
      Result { () throws(PNGDecodingError) in try PNGImage(decoding: bytes, limits: limits) }
    }
    self = try decoded.get()
  }

  /// The picture the PNG in `png` holds, as 8-bit RGBA, or why there is none (for bytes held elsewhere, such as
  /// Foundation's `Data`).
  ///
  /// See ``init(decoding:limits:)-([UInt8],_)`` for what is normalised and when the limits are checked.
  public init(decoding png: UnsafeRawBufferPointer, limits: PNGLimits = PNGLimits()) throws(PNGDecodingError) {
    guard png.count <= limits.maximumInputBytes else {
      throw .inputTooLarge(bytes: png.count, limit: limits.maximumInputBytes)
    }
    try Self.checkSignature(of: png)
    // Refuse an oversized claim before libpng allocates anything: IHDR must be the first chunk, and its width and
    // height are its first eight bytes. libpng checks the chunk itself (its CRC, its other fields) afterwards.
    if png.count >= 24, Array(png[12..<16]) == Array("IHDR".utf8) {
      let width = Int(png.bigEndianUInt32(at: 16))
      let height = Int(png.bigEndianUInt32(at: 20))
      if let limit = limits.brokenLimit(width: width, height: height) {
        throw .tooLarge(width: width, height: height, limit: limit)
      }
    }
    self = try withLibPNGImage { image throws(PNGDecodingError) in
      guard png_image_begin_read_from_memory(image, png.baseAddress, png.count) != 0 else {
        throw .corrupt(reason: image.libpngMessage)
      }
      let width = Int(image.pointee.width)
      let height = Int(image.pointee.height)
      if let limit = limits.brokenLimit(width: width, height: height) {
        throw .tooLarge(width: width, height: height, limit: limit)
      }
      guard let rowBytes = Int32(exactly: width * 4) else {
        throw .tooLarge(width: width, height: height, limit: .side(Int(Int32.max / 4)))
      }
      image.pointee.format = CLibPNGFormatRGBA
      image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var rgba = [UInt8](repeating: 0, count: width * height * 4)
      let finished = rgba.withUnsafeMutableBytes { pixels in
        png_image_finish_read(image, nil, pixels.baseAddress, rowBytes, nil)
      }
      guard finished != 0 else { throw .corrupt(reason: image.libpngMessage) }
      return PNGImage(checkedWidth: width, height: height, rgba: rgba)
    }
  }

  /// Throws ``PNGDecodingError/notPNG(reason:)`` unless `png` starts with the PNG signature.
  private static func checkSignature(of png: UnsafeRawBufferPointer) throws(PNGDecodingError) {
    let signatureLength = 8
    guard let start = png.baseAddress, !png.isEmpty else { throw .notPNG(reason: "the input is empty") }
    guard png.count >= signatureLength else {
      throw .notPNG(reason: "the input is \(png.count) bytes long, shorter than the PNG signature")
    }
    guard png_sig_cmp(start.assumingMemoryBound(to: UInt8.self), 0, signatureLength) != 0 else { return }
    let firstBytes = png.prefix(signatureLength).map { hexadecimal($0) }.joined(separator: " ")
    throw .notPNG(reason: "it starts with the bytes \(firstBytes), not the PNG signature")
  }
}

/// A byte as two upper-case hexadecimal digits.
private func hexadecimal(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

extension UnsafeRawBufferPointer {
  /// The four bytes at `offset`, read as a big-endian unsigned integer (PNG's byte order).
  fileprivate func bigEndianUInt32(at offset: Int) -> UInt32 {
    self[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
