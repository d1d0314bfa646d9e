/// Why the remote services could not be set up: a server address or token that cannot work.
public enum RemoteSetupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server's address is not an absolute `http` or `https` URL.
  case invalidServerURL(String)
  /// Favourites belong to a user, and no token says which.
  case missingToken

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .invalidServerURL(let text):
      "The server address '\(text)' is not an http or https URL with a host (e.g. http://127.0.0.1:8080)."
    case .missingToken:
      "Favourites need a user's token, and none was given."
    }
  }
}
