extension AsyncStream where Element: Sendable {
  /// Forwards each element, transformed, into `continuation` (an element `transform` maps to nil is left out),
  /// and finishes `continuation` when this stream ends, or when its buffer is full and drops an element (a
  /// listener that fell that far behind must start again rather than miss one).
  ///
  /// Answers the forwarding task: cancel it to stop forwarding.
  @discardableResult
  public func forward<Forwarded: Sendable>(
    to continuation: AsyncStream<Forwarded>.Continuation,
    _ transform: @escaping @Sendable (Element) -> Forwarded?
  ) -> Task<Void, Never> {
    Task {
      for await element in self {
        guard let forwarded = transform(element) else { continue }
        if case .dropped = continuation.yield(forwarded) { break }
      }
      continuation.finish()
    }
  }

  /// This stream's elements, transformed, as a stream of their own (an element `transform` maps to nil is left
  /// out); it ends when this one does, and forwarding stops when its listener goes away.
  public func forwarded<Forwarded: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Forwarded?
  ) -> AsyncStream<Forwarded> {
    AsyncStream<Forwarded> { continuation in
      let forwarding = forward(to: continuation, transform)
      continuation.onTermination = { _ in forwarding.cancel() }
    }
  }
}
