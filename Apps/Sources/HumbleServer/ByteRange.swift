/// What a `Range` header asks of a file of some size (RFC 9110 §14): the whole file, one range, or nothing
/// that can be satisfied.
enum ByteRange: Equatable {
  case whole
  case part(ClosedRange<Int>)
  case unsatisfiable

  /// Reads a header; anything but one `bytes=` range (several ranges, other units, nonsense) is the whole
  /// file, as the RFC lets a server ignore a Range it does not support.
  init(header: String?, size: Int) {
    guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
      self = .whole
      return
    }
    let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    guard let dash = spec.firstIndex(of: "-") else {
      self = .whole
      return
    }
    let first = spec[..<dash]
    let last = spec[spec.index(after: dash)...]
    guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), !(first.isEmpty && last.isEmpty)
    else {
      self = .whole
      return
    }
    if first.isEmpty {
      // A suffix: the last N bytes (all of them when N is larger than the file).
      guard let count = Int(last) ?? (last.isEmpty ? nil : Int.max), count > 0, size > 0 else {
        self = .unsatisfiable
        return
      }
      self = .part(max(0, size - count)...(size - 1))
      return
    }
    guard let start = Int(first) else {
      self = .unsatisfiable
      return
    }
    let end = last.isEmpty ? size - 1 : min(Int(last) ?? Int.max, size - 1)
    guard last.isEmpty || (Int(last) ?? Int.max) >= start else {
      self = .whole
      return
    }
    self = start < size ? .part(start...end) : .unsatisfiable
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
