import ArtworkGeneration
import PNGCodec
import Testing

@Suite("Cover art generated from an identifier")
struct CoverArtTests {
  @Test("The same identifier gives the same pixels and the same PNG, call after call")
  func deterministic() throws {
    #expect(CoverArt.pixels(for: "neon-harbour") == CoverArt.pixels(for: "neon-harbour"))
    #expect(try CoverArt.png(for: "neon-harbour") == CoverArt.png(for: "neon-harbour"))
  }

  @Test(
    "The pixels of these covers are pinned, so they are the same on every machine and in every run",
    arguments: [
      ("neon-harbour", 256, 0xBA23_5180_63A2_6CD4),
      ("artist-7", 256, 0x7AD8_FAED_BD5A_925B),
      ("", 256, 0x9807_DE35_30D1_EBB8),
      ("playlist:Late Night Drive", 64, 0xF610_D44F_CE4C_8913),
    ] as [(String, Int, UInt64)])
  func pinned(identifier: String, side: Int, checksum: UInt64) {
    let cover = CoverArt.pixels(for: identifier, side: side)

    #expect(Checksum.of(cover.rgba) == checksum, "the design changed: pin the new checksums only if it meant to")
  }

  @Test("A cover's PNG decodes to the same pixels, 256 × 256 unless another side is asked for")
  func decodesBack() throws {
    let cover = try PNGImage(decoding: CoverArt.png(for: "neon-harbour"))

    #expect(cover.width == 256 && cover.height == 256)
    #expect(cover == CoverArt.pixels(for: "neon-harbour"))
    #expect(
      try PNGImage(decoding: CoverArt.png(for: "neon-harbour", side: 64))
        == CoverArt.pixels(for: "neon-harbour", side: 64))
  }

  @Test("Covers are opaque and not flat: a gradient and shapes give many colours", arguments: 0..<20)
  func opaqueAndNotFlat(number: Int) {
    let cover = CoverArt.pixels(for: "artist-\(number)", side: 128)
    var colours = Set<UInt32>()
    for pixel in stride(from: 0, to: cover.rgba.count, by: 4) {
      #expect(cover.rgba[pixel + 3] == 255)
      colours.insert(
        UInt32(cover.rgba[pixel]) << 16 | UInt32(cover.rgba[pixel + 1]) << 8 | UInt32(cover.rgba[pixel + 2]))
    }

    #expect(colours.count >= 100)
  }

  @Test("Different identifiers give visibly different covers, even identifiers one character apart")
  func differentIdentifiersDiffer() {
    let identifiers = (0..<100).map { "artist-\($0)" }
    let covers = identifiers.map { CoverArt.pixels(for: $0, side: 64) }

    #expect(Set(covers.map { Checksum.of($0.rgba) }).count == identifiers.count)
    for (first, second) in zip(covers, covers.dropFirst()) {
      #expect(Self.meanDifference(first, second) >= 20)
    }
  }

  @Test("A cover can be any side from 1 pixel, and the same identifier looks the same at every side")
  func sides() {
    for side in [1, 2, 17, 300] {
      let cover = CoverArt.pixels(for: "neon-harbour", side: side)
      #expect(cover.width == side && cover.height == side)
    }
    #expect(CoverArt.defaultSide == 256)
    // The 128 cover is the 256 one at half the size: the average of each 2 × 2 block is close to the small pixel.
    let large = CoverArt.pixels(for: "artist-3", side: 256)
    let small = CoverArt.pixels(for: "artist-3", side: 128)
    var difference = 0  // Over every channel of every pixel: a different cover's would be near 50 levels each.
    for y in 0..<128 {
      for x in 0..<128 {
        for channel in 0..<3 {
          let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { dx, dy in
            Int(large.rgba[((2 * y + dy) * 256 + 2 * x + dx) * 4 + channel])
          }
          difference += abs(block.reduce(0, +) / 4 - Int(small.rgba[(y * 128 + x) * 4 + channel]))
        }
      }
    }
    #expect(difference <= 128 * 128 * 3 * 2, "a mean difference of \(difference / (128 * 128 * 3)) levels")
  }

  /// The mean difference of two same-sized covers' colour channels, 0 to 255.
  private static func meanDifference(_ first: PNGImage, _ second: PNGImage) -> Int {
    var total = 0
    for index in first.rgba.indices where index % 4 != 3 {
      total += abs(Int(first.rgba[index]) - Int(second.rgba[index]))
    }
    return total / (first.width * first.height * 3)
  }
}

/// FNV-1a, 64 bits, of bytes: a checksum to pin pixels with.
enum Checksum {
  static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
  }
}
