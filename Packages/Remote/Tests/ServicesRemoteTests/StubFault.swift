/// What the stub server does to a request instead of (or before) answering it.
///
/// Only `pass`, `hold`, `contentType` and `cutShort` do the request's work; the others leave the server's state
/// as it was.
enum StubFault: Equatable, Sendable {
  /// Answers normally: lets one request through before the faults queued after it.
  case pass
  /// Prepares the answer when the request arrives, then sends it only when the test releases held requests.
  case hold
  /// Answers 200 `application/json` with a body that is not the JSON the document promises.
  case malformedJSON(String)
  /// Answers 200 with the right body under another content type; on the feed, one `ready` event under it.
  case contentType(String)
  /// Answers with a status and, when `detail` is given, a problem document; otherwise a plain-text body.
  case status(Int, detail: String?)
  /// Closes the connection without sending a byte.
  case closeWithoutAnswer
  /// Sends the answer's head and half its body, then closes the connection.
  case cutShort
  /// Answers 302 with `Location: location` and an empty body (on the feed too).
  case redirect(to: String)
  /// Answers 200 `application/json` with a body that never ends: spaces, sent until the client goes; the head
  /// announces `announcedLength` bytes when given, no length otherwise.
  case endlessBody(announcedLength: Int?)
}
