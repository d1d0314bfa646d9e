import Foundation

/// The process's resident memory as Linux tells it in `/proc/self/status`: now (`VmRSS`) and at its peak
/// (`VmHWM`, the high-water mark `getrusage`'s `ru_maxrss` reports), with the peak reset to now by writing 5 to
/// `/proc/self/clear_refs`, so that a peak covers one scroll and not the suite's setup.
///
/// Between two scrolls, ``returnFreedMemory()`` hands the pages malloc keeps after the previous scroll's loader was
/// freed back to the system (glibc's `malloc_trim`, all arenas): without it each scroll would start from the pages
/// the previous one left, and its peak would say more about glibc's arenas than about the loader.
enum ResidentMemory {
  /// Returns the pages of freed memory to the system.
  static func returnFreedMemory() {
    // glibc declares malloc_trim in <malloc.h>, which the Glibc module does not import.
    guard let symbol = dlsym(nil, "malloc_trim") else { fatalError("this libc has no malloc_trim") }
    _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
  }

  /// The bytes resident now.
  static var current: Int { field("VmRSS:") }

  /// The most bytes resident since the last ``resetPeak()`` (or since the process started).
  static var peak: Int { field("VmHWM:") }

  /// Makes the peak the current figure; fails loudly where Linux does not allow it, as a peak that covered the
  /// setup would be a lie.
  static func resetPeak() {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    defer { if descriptor >= 0 { close(descriptor) } }
    guard descriptor >= 0, write(descriptor, "5", 1) == 1 else {
      let reason = String(cString: strerror(errno))
      fatalError("cannot reset the peak resident memory through /proc/self/clear_refs: \(reason)")
    }
  }

  /// A `… kB` line of `/proc/self/status`, in bytes.
  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
      let kilobytes = Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "")
    else { fatalError("/proc/self/status has no \(name) line") }
    return kilobytes * 1_024
  }
}
