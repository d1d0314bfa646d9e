import CLibPNG

extension PNGImage {
  /// The image as a PNG, written by libpng (8-bit RGBA, not interlaced, marked as sRGB).
  ///
  /// Decoding the result with ``init(decoding:limits:)-([UInt8],_)`` gives back exactly these pixels. The bytes
  /// are the same for the same pixels with the same libpng and zlib.
  public func pngBytes() throws(PNGEncodingError) -> [UInt8] {
    guard let rowBytes = Int32(exactly: width * 4), let height32 = UInt32(exactly: height) else {
      throw .tooLarge(width: width, height: height)
    }
    return try withLibPNGImage { image throws(PNGEncodingError) in
      image.pointee.width = UInt32(width)
      image.pointee.height = height32
      image.pointee.format = CLibPNGFormatRGBA
      // Room for the pixels stored uncompressed plus every chunk's framing: enough for any image, so libpng
      // compresses once; a shortfall is still answered by trying again with the size libpng asks for.
      var capacity = rgba.count + height + rgba.count / 64 + 4_096
      while true {
        var succeeded = false
        var required = 0
        let png = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
          var size = capacity
          succeeded =
            rgba.withUnsafeBytes { pixels in
              png_image_write_to_memory(image, buffer.baseAddress, &size, 0, pixels.baseAddress, rowBytes, nil)
            } != 0
          count = succeeded ? size : 0
          required = size
        }
        if succeeded { return png }
        // libpng failed for want of room only when it asks for more than it was given.
        guard required > capacity else { throw .failed(reason: image.libpngMessage) }
        capacity = required
      }
    }
  }
}
