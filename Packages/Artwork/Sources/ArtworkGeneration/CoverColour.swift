/// A colour of a cover, 8 bits a channel, always opaque.
struct CoverColour: Equatable {
  var red: Int
  var green: Int
  var blue: Int

  /// The colour of `hue` degrees (any whole number: it wraps), `saturation` and `value` from 0 to 255, in whole
  /// numbers only, so that every machine computes the same bytes.
  init(hue: Int, saturation: Int, value: Int) {
    let hue = (hue % 360 + 360) % 360
    let sector = hue / 60
    let within = (hue % 60) * 255 / 60
    let lowest = value * (255 - saturation) / 255
    let falling = value * (255 - saturation * within / 255) / 255
    let rising = value * (255 - saturation * (255 - within) / 255) / 255
    (red, green, blue) =
      switch sector {
      case 0: (value, rising, lowest)
      case 1: (falling, value, lowest)
      case 2: (lowest, value, rising)
      case 3: (lowest, falling, value)
      case 4: (rising, lowest, value)
      default: (value, lowest, falling)
      }
  }
}
