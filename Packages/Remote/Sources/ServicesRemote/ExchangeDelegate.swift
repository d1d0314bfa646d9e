import Foundation
import HumbleSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads the answers of a ``CatalogClient``'s requests and holds them to its limits: redirects only within the
/// server's origin (so the token goes nowhere else), and no body past ``RemoteConfiguration/maximumBodyBytes``.
///
/// A completion handler would have URLSession gather a body of any size before the client saw a byte of it, so
/// each request is a delegate task whose body is gathered here, chunk by chunk.
final class ExchangeDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What a finished exchange hands back: the body so far, the response, the transport error, and the limit it
  /// broke, if any (which wins over the rest).
  typealias Finish = @Sendable (Data, URLResponse?, (any Error)?, RemoteFailure?) -> Void

  /// What an exchange hands over as soon as the answer's head arrives, before its body.
  typealias Head = @Sendable (HTTPURLResponse) -> Void

  private struct Exchange {
    let finish: Finish
    let head: Head?
    var response: URLResponse?
    var body = Data()
    var refusal: RemoteFailure?
  }

  private let origin: ServerOrigin?
  private let maximumBodyBytes: Int
  // Touched from the session's delegate queue and from the tasks that start exchanges.
  private let exchanges = Locked<[Int: Exchange]>([:])

  init(origin: ServerOrigin?, maximumBodyBytes: Int) {
    self.origin = origin
    self.maximumBodyBytes = maximumBodyBytes
  }

  /// Starts `task`, handing the answer's head to `head` when it arrives and its outcome to `finish` once.
  func start(_ task: URLSessionDataTask, head: Head? = nil, finish: @escaping Finish) {
    exchanges.withLock { $0[task.taskIdentifier] = Exchange(finish: finish, head: head) }
    task.resume()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let reason = origin.map { $0.refusal(ofRedirectTo: request.url) } ?? "the server's origin is unknown"
    guard let reason else { return completionHandler(request) }
    refuse(task, .failed(reason: reason))
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let announced = response.expectedContentLength
    let tooLarge = announced > Int64(maximumBodyBytes)
    let head = exchanges.withLock { exchanges -> Head? in
      exchanges[dataTask.taskIdentifier]?.response = response
      // Room for the announced body at once, not grown chunk by chunk.
      if announced > 0, !tooLarge { exchanges[dataTask.taskIdentifier]?.body.reserveCapacity(Int(announced)) }
      if tooLarge, exchanges[dataTask.taskIdentifier]?.refusal == nil {
        exchanges[dataTask.taskIdentifier]?.refusal = tooLargeFailure(dataTask, announced: announced)
      }
      return exchanges[dataTask.taskIdentifier]?.head
    }
    completionHandler(tooLarge ? .cancel : .allow)
    if !tooLarge, let head, let response = response as? HTTPURLResponse { head(response) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflows = exchanges.withLock { exchanges -> Bool in
      let id = dataTask.taskIdentifier
      guard exchanges[id]?.refusal == nil, let received = exchanges[id]?.body.count else { return false }
      guard received + data.count <= maximumBodyBytes else {
        exchanges[id]?.refusal = tooLargeFailure(dataTask, announced: nil)
        exchanges[id]?.body = Data()
        return true
      }
      // Appended where it lies: a copy of the exchange would share the body, and each chunk would copy all of it.
      exchanges[id]?.body.append(data)
      return false
    }
    // The connection is established and answering: cancelling it now is not the refused-connection race that
    // `CatalogClient.perform` avoids.
    if overflows { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    exchange.finish(exchange.body, exchange.response, error, exchange.refusal)
  }

  private func refuse(_ task: URLSessionTask, _ failure: RemoteFailure) {
    exchanges.withLock { exchanges in
      if exchanges[task.taskIdentifier]?.refusal == nil { exchanges[task.taskIdentifier]?.refusal = failure }
    }
  }

  private func tooLargeFailure(_ task: URLSessionTask, announced: Int64?) -> RemoteFailure {
    let request = task.originalRequest
    let target = "\(request?.httpMethod ?? "GET") \(request?.url?.path ?? "?")"
    let size = announced.map { "announces \($0) bytes, more than" } ?? "is larger than"
    return .failed(reason: "the server's answer to \(target) \(size) the limit of \(maximumBodyBytes) bytes".oneLine)
  }
}
