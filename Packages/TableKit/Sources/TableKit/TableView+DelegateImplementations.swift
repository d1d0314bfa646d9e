import Foundation

extension TableView {
  /// Records that the protocol's default implementation of `method` answered for `delegate`; called by the
  /// defaults in `extension TableViewDelegate`.
  func noteDefaultHeightAnswered(_ method: DelegateHeightMethods, by delegate: AnyObject) {
    delegateImplementations.lastDefaultAnswer = (method, ObjectIdentifier(delegate))
    delegateImplementations.defaultAnswerCount += 1
  }

  /// The delegate's answer to `ask`, a call of `method`; nil without a delegate or when the delegate does
  /// not implement `method`.
  ///
  /// The first call for a delegate is made, and tells whether its own implementation answered; a method
  /// found not implemented is not called again until ``delegate`` is set. A delegate that forwards the call
  /// to another object's default implementation counts as implementing it, as it responds to the selector.
  func askDelegate(_ method: DelegateHeightMethods, _ ask: (any TableViewDelegate) -> CGFloat) -> CGFloat? {
    guard let delegate else { return nil }
    let identity = ObjectIdentifier(delegate)
    if delegateImplementations.delegate != identity {
      delegateImplementations = DelegateImplementations(delegate: identity)
    }
    if delegateImplementations.implemented.contains(method) { return ask(delegate) }
    if delegateImplementations.notImplemented.contains(method) { return nil }
    // A call made from inside this one (a delegate asking the table about its rows) sets its own answer:
    // only the default of this very method, for this delegate, counts.
    delegateImplementations.lastDefaultAnswer = nil
    let answer = ask(delegate)
    // A delegate replaced during the call: what was learnt is about the old one.
    guard delegateImplementations.delegate == identity else { return answer }
    if let last = delegateImplementations.lastDefaultAnswer, last.method == method, last.object == identity {
      delegateImplementations.notImplemented.insert(method)
      return nil
    }
    delegateImplementations.implemented.insert(method)
    return answer
  }
}
