import CLibPNG

/// libpng's simplified-API control structure, for the length of `body`, freed on every path out.
///
/// The structure lives on the heap because libpng keeps its address (as the error handler's argument) from the first
/// call to the last: an `inout` argument's address is only promised for the one call it is passed to.
func withLibPNGImage<Result, Failure: Error>(
  _ body: (UnsafeMutablePointer<png_image>) throws(Failure) -> Result
) throws(Failure) -> Result {
  let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
  image.initialize(to: png_image())
  image.pointee.version = UInt32(PNG_IMAGE_VERSION)
  defer {
    png_image_free(image)
    image.deinitialize(count: 1)
    image.deallocate()
  }
  return try body(image)
}

extension UnsafeMutablePointer<png_image> {
  /// libpng's message about the last failure (or warning), or a fallback when it left none.
  var libpngMessage: String {
    let message = withUnsafeBytes(of: pointee.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return message.isEmpty ? "libpng gave no reason" : message
  }
}
