/// A fuzz input read front to back as the choices a target makes: counts, indexes, flags.
///
/// Reading past the end gives zeros, so every input, however short, decodes into something; targets stop
/// when ``isAtEnd`` is true.
public struct FuzzBytes: Sendable {
  private let bytes: [UInt8]
  private var position = 0

  /// Reads `bytes`.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<count` (0 when `count` is 0 or less).
  public mutating func int(below count: Int) -> Int {
    count <= 0 ? 0 : Int(byte()) % count
  }

  /// A number in `range`, which may reach a little past a collection's bounds to exercise the checks.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + int(below: range.count)
  }

  /// A flag.
  public mutating func bool() -> Bool {
    byte() & 1 == 1
  }

  /// One of `choices` (which must not be empty).
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[int(below: choices.count)]
  }
}

/// Stops the process with a message that says which invariant broke, so libFuzzer records the input.
public func invariant(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}
