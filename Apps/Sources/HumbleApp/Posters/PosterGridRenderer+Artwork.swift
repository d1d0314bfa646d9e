import Services

extension PosterGridRenderer {
  /// An opaque colour: a pixel composited over black.
  struct Colour: Hashable {
    var red: Int
    var green: Int
    var blue: Int
  }

  /// `artwork` scaled to fill `width` × `height` pixels: each pixel the average of the artwork's pixels it covers
  /// (the nearest one when the artwork is smaller), each composited over black first, row by row from the top.
  ///
  /// The artwork is stretched to the area whatever its aspect: a poster's area is the same for every poster.
  static func sample(_ artwork: Artwork, width: Int, height: Int) -> [[Colour]] {
    func coverage(_ index: Int, of count: Int, over source: Int) -> Range<Int> {
      let start = index * source / count
      return start..<max(start + 1, (index + 1) * source / count)
    }
    let columns = (0..<width).map { coverage($0, of: width, over: artwork.width) }
    return artwork.rgba.withUnsafeBufferPointer { rgba in
      (0..<height).map { y in
        let rows = coverage(y, of: height, over: artwork.height)
        return columns.map { span in
          var (red, green, blue) = (0, 0, 0)
          for row in rows {
            for column in span {
              let index = (row * artwork.width + column) * 4
              let alpha = Int(rgba[index + 3])
              red += Int(rgba[index]) * alpha
              green += Int(rgba[index + 1]) * alpha
              blue += Int(rgba[index + 2]) * alpha
            }
          }
          // Each sum is of channel × alpha: divide by 255 for the composite and by the count for the average.
          let divisor = rows.count * span.count * 255
          func average(_ sum: Int) -> Int { (sum + divisor / 2) / divisor }
          return Colour(red: average(red), green: average(green), blue: average(blue))
        }
      }
    }
  }

  /// The SGR sequence giving a half block its foreground (the upper pixel) and background (the lower one).
  static func code(foreground: Colour, background: Colour, in colours: ArtworkColours) -> String {
    switch colours {
    case .none: return ""
    case .trueColour:
      let upper = "38;2;\(foreground.red);\(foreground.green);\(foreground.blue)"
      return "\u{1B}[\(upper);48;2;\(background.red);\(background.green);\(background.blue)m"
    case .palette256:
      return "\u{1B}[38;5;\(paletteIndex(of: foreground));48;5;\(paletteIndex(of: background))m"
    }
  }

  /// The levels of each channel in the 256-colour palette's 6 × 6 × 6 cube (colours 16 to 231).
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The xterm 256-colour palette's colour nearest to `colour`.
  ///
  /// The nearer of its cube's colours (16 to 231) and its greys (232 to 255, 8 to 238 in steps of 10); the cube's on
  /// a tie. The 16 system colours are never used, as terminals set them as they like.
  static func paletteIndex(of colour: Colour) -> Int {
    func nearestLevel(_ value: Int) -> Int {
      cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0
    }
    func distance(_ red: Int, _ green: Int, _ blue: Int) -> Int {
      let (redOff, greenOff, blueOff) = (red - colour.red, green - colour.green, blue - colour.blue)
      return redOff * redOff + greenOff * greenOff + blueOff * blueOff
    }
    let (red, green, blue) = (nearestLevel(colour.red), nearestLevel(colour.green), nearestLevel(colour.blue))
    let cubeDistance = distance(cubeLevels[red], cubeLevels[green], cubeLevels[blue])
    // The grey nearest the channels' mean is the grey nearest the colour; greys are 8 + 10 × step.
    let sum = colour.red + colour.green + colour.blue
    let step = min(23, max(0, (sum - 24 + 15) / 30))
    let grey = 8 + 10 * step
    let greyDistance = distance(grey, grey, grey)
    return greyDistance < cubeDistance ? 232 + step : 16 + 36 * red + 6 * green + blue
  }
}
