import Foundation
import HumbleServer
import HumbleSupport
import NIOCore
import PostgresNIO

/// One-line reasons for PostgresNIO's errors, which describe themselves vaguely on purpose.
enum PostgresFailure {
  /// Why a request to the database at `location` failed, in one line that names the cause.
  static func reason(_ error: any Error, at location: PostgresLocation) -> String {
    let error = unwrapped(error)
    if let error = error as? CatalogStoreError, case .unavailable(let reason) = error { return reason }
    if let error = error as? PostgresStoreError { return "\(error)" }
    if let error = error as? PSQLError {
      return reason(error, at: location)
    }
    if error is CancellationError { return "the request was cancelled" }
    return "PostgreSQL at \(location.address) failed: \(error)".oneLine
  }

  /// The error inside a transaction's wrapper: the closure's, else BEGIN's, COMMIT's or ROLLBACK's.
  static func unwrapped(_ error: any Error) -> any Error {
    guard let error = error as? PostgresTransactionError else { return error }
    return error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
  }

  private static func reason(_ error: PSQLError, at location: PostgresLocation) -> String {
    let address = location.address
    switch error.code {
    case .server:
      let message = error.serverInfo?[.message] ?? "an error"
      let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
      return "PostgreSQL at \(address) answered: \(message)\(state)".oneLine
    case .connectionError:
      let underlying = error.underlying.map { ": \(describe($0))" } ?? ""
      return "cannot connect to PostgreSQL at \(address)\(underlying)".oneLine
    case .serverClosedConnection, .uncleanShutdown:
      return "PostgreSQL at \(address) closed the connection"
    case .clientClosedConnection, .poolClosed:
      return "the connection to PostgreSQL at \(address) is closed"
    case .queryCancelled:
      return "the request was cancelled"
    default:
      let underlying = error.underlying.map { ": \(describe($0))" } ?? ""
      return "PostgreSQL at \(address) failed (\(error.code))\(underlying)".oneLine
    }
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? IOError {
      return String(cString: strerror(error.errnoCode)).lowercased()
    }
    if let error = error as? NIOConnectionError {
      if let first = error.connectionErrors.first { return describe(first.error) }
      return "no address to connect to"
    }
    return "\(error)"
  }
}

extension CatalogStoreError {
  /// The store's error for a database failure at `location`.
  static func database(_ error: any Error, at location: PostgresLocation) -> CatalogStoreError {
    if let error = PostgresFailure.unwrapped(error) as? CatalogStoreError { return error }
    return .unavailable(reason: PostgresFailure.reason(error, at: location))
  }
}
