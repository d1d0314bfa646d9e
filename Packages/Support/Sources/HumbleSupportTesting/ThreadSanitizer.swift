import Foundation

/// Whether the tests run under Thread Sanitizer, which slows every step several times over on a loaded machine:
/// a test that bounds a wait by time gives itself longer then.
///
/// The sanitizer's step sets `TSAN_OPTIONS` (`Tools/scripts/sanitize`), so its presence is the signal.
public enum ThreadSanitizer {
  /// True when `TSAN_OPTIONS` is set in the test process's environment.
  public static var isOn: Bool { ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil }

  /// `normal`, or `sanitized` under Thread Sanitizer.
  public static func choose<T>(_ normal: T, sanitized: T) -> T { isOn ? sanitized : normal }
}
