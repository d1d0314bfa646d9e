/// A PNG put together byte by byte, for decoding tests: any colour type, bit depth and interlacing, with the image
/// data in stored (uncompressed) deflate blocks, so a test states exactly what the file holds.
struct HandMadePNG {
  /// PNG's colour types.
  enum ColourType: UInt8 {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    var channels: Int {
      switch self {
      case .grey, .palette: 1
      case .greyAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }
  }

  var colourType: ColourType
  var bitDepth: Int
  /// Each row's samples, `width * channels` of them (palette indices for `.palette`).
  var rows: [[Int]]
  var interlaced = false
  /// PLTE's bytes: red, green, blue for each entry.
  var palette: [UInt8]? = nil
  /// tRNS's bytes.
  var transparency: [UInt8]? = nil

  var width: Int { rows[0].count / colourType.channels }
  var height: Int { rows.count }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The file's bytes.
  var bytes: [UInt8] {
    var png = Self.signature
    png += Self.chunk(
      "IHDR",
      Self.header(width: width, height: height, bitDepth: bitDepth, colourType: colourType, interlaced: interlaced))
    if let palette { png += Self.chunk("PLTE", palette) }
    if let transparency { png += Self.chunk("tRNS", transparency) }
    png += Self.chunk("IDAT", Self.zlibStored(scanlines))
    png += Self.chunk("IEND", [])
    return png
  }

  /// IHDR's thirteen bytes.
  static func header(width: Int, height: Int, bitDepth: Int, colourType: ColourType, interlaced: Bool) -> [UInt8] {
    bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [
      UInt8(bitDepth), colourType.rawValue, 0, 0, interlaced ? 1 : 0,
    ]
  }

  /// One chunk: length, type, data and the CRC of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(CRC32.checksum(typeAndData))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// The filtered scanlines (filter type 0, None), pass by pass when interlaced (Adam7).
  private var scanlines: [UInt8] {
    let channels = colourType.channels
    guard interlaced else { return rows.flatMap { [0] + Self.packed($0, bitDepth: bitDepth) } }
    // Adam7: each pass's first column and row, and its steps across and down.
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var data: [UInt8] = []
    for (firstColumn, firstRow, columnStep, rowStep) in passes {
      let columns = Array(stride(from: firstColumn, to: width, by: columnStep))
      guard !columns.isEmpty else { continue }
      for row in stride(from: firstRow, to: height, by: rowStep) {
        let samples = columns.flatMap { column in rows[row][column * channels..<(column + 1) * channels] }
        data += [0] + Self.packed(samples, bitDepth: bitDepth)
      }
    }
    return data
  }

  /// Samples packed at `bitDepth` bits each: several to a byte from the high bits down, or two bytes big-endian.
  private static func packed(_ samples: [Int], bitDepth: Int) -> [UInt8] {
    switch bitDepth {
    case 8: return samples.map { UInt8($0) }
    case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    default:
      var bytes = [UInt8](repeating: 0, count: (samples.count * bitDepth + 7) / 8)
      for (index, sample) in samples.enumerated() {
        let bit = index * bitDepth
        bytes[bit / 8] |= UInt8(sample << (8 - bitDepth - bit % 8))
      }
      return bytes
    }
  }

  /// A zlib stream of `data` in stored deflate blocks, with its Adler-32.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65_535, data.count)
      let length = UInt16(end - start)
      stream += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      stream += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
      stream += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return stream + bigEndian(b << 16 | a)
  }
}

/// PNG's (and zlib's) CRC-32, bit by bit: slow and small, for tests.
enum CRC32 {
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
