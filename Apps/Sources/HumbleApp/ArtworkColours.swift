/// How a poster's artwork is coloured on the terminal: not at all (a placeholder frame instead), in the 256-colour
/// palette, or in 24-bit true colour.
public enum ArtworkColours: Hashable, Sendable {
  /// No colour: each poster's artwork area is a placeholder frame saying what the artwork's state is.
  case none
  /// The xterm 256-colour palette: the nearest of its 6 × 6 × 6 colour cube and its 24 greys (`38;5;n`).
  case palette256
  /// 24-bit colour, each pixel as it is (`38;2;r;g;b`).
  case trueColour
}
