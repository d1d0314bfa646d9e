import Synchronization

/// A wait for an element of a stream that did not come: what came instead, so a failing test says what it saw.
public struct StreamWaitTimedOut: Error, CustomStringConvertible {
  /// How long the wait could last.
  public let limit: Duration
  /// Each element that arrived and was not the one waited for, described in one line, in order.
  public let arrived: [String]

  /// The limit and the last 20 elements that arrived.
  public var description: String {
    let seen = arrived.isEmpty ? "none" : arrived.suffix(20).joined(separator: "; ")
    return "Nothing the test waited for arrived within \(limit) (or the stream ended); arrived: \(seen)"
  }
}

/// The first element of `stream` that satisfies `condition`.
///
/// The limit only turns an element that never comes into a failure that lists what arrived instead (each
/// through `describe`); it is not a way to wait for time to pass. A stream that ends first fails the same way.
public func firstElement<Element: Sendable>(
  of stream: AsyncStream<Element>,
  within limit: Duration = .seconds(120),
  describing describe: @escaping @Sendable (Element) -> String = { String(describing: $0) },
  where condition: @escaping @Sendable (Element) -> Bool
) async throws(StreamWaitTimedOut) -> Element {
  let arrived = ArrivedElements()
  let found = await withTaskGroup(of: Element?.self) { group in
    group.addTask {
      for await element in stream {
        if condition(element) { return element }
        arrived.record(describe(element))
      }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    return await group.next() ?? nil
  }
  guard let found else { throw StreamWaitTimedOut(limit: limit, arrived: arrived.lines) }
  return found
}

/// The elements a wait saw that were not the one it waited for, each in one line.
private final class ArrivedElements: Sendable {
  private let recorded = Mutex<[String]>([])

  var lines: [String] { recorded.withLock { $0 } }

  func record(_ line: String) {
    recorded.withLock { $0.append(line) }
  }
}

/// Reflects without its lock (see `Locked`'s reflection in HumbleSupport).
extension ArrivedElements: CustomReflectable {
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
