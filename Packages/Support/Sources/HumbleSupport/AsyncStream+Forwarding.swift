extension AsyncStream where Element: Sendable {
  /// Forwards each element, transformed, into `continuation` (an element `transform` maps to nil is left out),
  /// and finishes `continuation` when this stream ends.
  ///
  /// Answers the forwarding task: cancel it to stop forwarding.
  @discardableResult
  public func forward<Forwarded: Sendable>(
    to continuation: AsyncStream<Forwarded>.Continuation,
    _ transform: @escaping @Sendable (Element) -> Forwarded?
  ) -> Task<Void, Never> {
    Task {
      for await element in self {
        if let forwarded = transform(element) { continuation.yield(forwarded) }
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
