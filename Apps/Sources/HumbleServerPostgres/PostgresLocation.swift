import Foundation
import HumbleSupport
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is, parsed from a URL such as `postgres://humble@127.0.0.1:5432/humble`.
///
/// The URL's user, password, host, port and database are used; `?sslmode=require` (or `prefer`) asks for TLS,
/// anything else connects without it. The password never appears in ``description``.
public struct PostgresLocation: Hashable, Sendable, CustomStringConvertible {
  /// The server's host name or address.
  public var host: String
  /// The server's port.
  public var port: Int
  /// The user to connect as.
  public var username: String
  /// The user's password, if the server asks for one.
  public var password: String?
  /// The database.
  public var database: String
  /// Whether TLS is required, preferred or not used.
  public var tlsMode: TLSMode

  /// How a connection uses TLS.
  public enum TLSMode: String, Hashable, Sendable {
    /// Plain TCP (loopback and private networks).
    case disable
    /// TLS when the server offers it.
    case prefer
    /// TLS or no connection.
    case require
  }

  /// Parses a `postgres://` or `postgresql://` URL; the error says in one line what is wrong with it.
  public init(url string: String) throws(PostgresLocationError) {
    guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
      ["postgres", "postgresql"].contains(scheme)
    else { throw PostgresLocationError(url: string, reason: "it is not a postgres:// URL") }
    guard let host = components.host, !host.isEmpty else {
      throw PostgresLocationError(url: string, reason: "it names no host")
    }
    guard let username = components.user, !username.isEmpty else {
      throw PostgresLocationError(url: string, reason: "it names no user (postgres://USER@HOST/DATABASE)")
    }
    let database = String(components.path.drop { $0 == "/" })
    var tlsMode = TLSMode.disable
    for item in components.queryItems ?? [] where item.name == "sslmode" {
      switch item.value {
      case "require", "verify-ca", "verify-full": tlsMode = .require
      case "prefer": tlsMode = .prefer
      default: tlsMode = .disable
      }
    }
    self.host = host
    self.port = components.port ?? 5432
    self.username = username
    self.password = components.password
    self.database = database.isEmpty ? username : database
    self.tlsMode = tlsMode
  }

  /// `postgres://USER@HOST:PORT/DATABASE`, without the password.
  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "postgres://\(username)@\(shownHost):\(port)/\(database)"
  }

  /// Where PostgreSQL listens, for messages: `HOST:PORT`.
  public var address: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// The same server and user, another database.
  public func database(_ name: String) -> PostgresLocation {
    var location = self
    location.database = name
    return location
  }

  /// The client configuration of this location.
  func clientConfiguration(connectTimeout: Duration) -> PostgresClient.Configuration {
    let tls: PostgresClient.Configuration.TLS =
      switch tlsMode {
      case .disable: .disable
      case .prefer: .prefer(.makeClientConfiguration())
      case .require: .require(.makeClientConfiguration())
      }
    var configuration = PostgresClient.Configuration(
      host: host, port: port, username: username, password: password, database: database, tls: tls)
    configuration.options.connectTimeout = connectTimeout
    return configuration
  }

  /// The single-connection configuration of this location.
  func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
    let tls: PostgresConnection.Configuration.TLS =
      switch tlsMode {
      case .disable: .disable
      case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
      case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
      }
    var configuration = PostgresConnection.Configuration(
      host: host, port: port, username: username, password: password, database: database, tls: tls)
    configuration.options.connectTimeout = .init(connectTimeout)
    return configuration
  }
}

/// A PostgreSQL URL that cannot be used.
public struct PostgresLocationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL as given.
  public var url: String
  /// Why it cannot be used.
  public var reason: String

  /// A one-line explanation; a password in the URL is shown as `***`.
  public var description: String {
    "The PostgreSQL URL '\(Self.redacted(url))' cannot be used: \(reason)."
  }

  private static func redacted(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.password != nil else { return url }
    components.password = "***"
    return components.string ?? url
  }
}

extension TimeAmount {
  fileprivate init(_ duration: Duration) {
    self = .nanoseconds(duration.inNanoseconds)
  }
}
