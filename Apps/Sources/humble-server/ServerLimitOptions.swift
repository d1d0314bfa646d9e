import ArgumentParser
import Foundation
import HumbleServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flags of `humble-server [serve]` that limit what clients may hold and ask: connections, timeouts and the
/// request rate.
struct ServerLimitOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most connections open at once.",
      discussion: "At the limit, the connection idle longest closes to make room; one in a request never does."))
  var maxConnections = 1_024

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How many connections the system holds for the server before it accepts them.",
      discussion: "The system may cap it (net.core.somaxconn)."))
  var listenBacklog = 1_024

  @Option(name: .long, help: "Seconds a client has to send a request's head and body, from its first byte.")
  var headerTimeout: Double = 10

  @Option(name: .long, help: "Seconds a connection may wait for a request before it closes.")
  var idleTimeout: Double = 60

  @Option(
    name: .long,
    help: "Seconds an answer may go without its client reading any of it before the connection closes.")
  var writeTimeout: Double = 30

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Requests a second each client may make (each bearer token; each address without one), or 'off'.",
      discussion: "A request beyond it is answered 429 with Retry-After."))
  var rateLimit = "50"

  @Option(name: .long, help: "Requests a client that has been quiet may make at once, beyond --rate-limit.")
  var rateBurst = 100

  @Option(name: .long, help: "How many clients' request rates the server keeps track of.")
  var rateLimitClients = 100_000

  func validate() throws {
    if !(1...1_000_000).contains(maxConnections) {
      throw ValidationError("--max-connections must be from 1 to 1000000, not \(maxConnections).")
    }
    if !(1...65_535).contains(listenBacklog) {
      throw ValidationError("--listen-backlog must be from 1 to 65535, not \(listenBacklog).")
    }
    for (name, seconds) in [
      ("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout), ("--write-timeout", writeTimeout),
    ] where !(seconds > 0 && seconds <= 3600) {
      throw ValidationError("\(name) must be more than 0 and at most 3600 seconds, not \(Self.shown(seconds)).")
    }
    if rateLimit != "off", Int(rateLimit).map({ (1...1_000_000).contains($0) }) != true {
      throw ValidationError("--rate-limit must be 'off' or a whole number from 1 to 1000000, not '\(rateLimit)'.")
    }
    if !(1...1_000_000).contains(rateBurst) {
      throw ValidationError("--rate-burst must be from 1 to 1000000, not \(rateBurst).")
    }
    if !(1...10_000_000).contains(rateLimitClients) {
      throw ValidationError("--rate-limit-clients must be from 1 to 10000000, not \(rateLimitClients).")
    }
  }

  /// A number of seconds as given: `0`, `-1`, `0.5`.
  private static func shown(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
  }

  /// Sets the limits of a configuration from the flags.
  func apply(to configuration: inout HumbleServer.Configuration) {
    configuration.maximumConnections = maxConnections
    configuration.listenBacklog = listenBacklog
    configuration.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
    configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
    configuration.writeTimeout = .milliseconds(Int64(writeTimeout * 1000))
    configuration.rateLimit = Int(rateLimit).map { perSecond in
      HumbleServer.RateLimit(requestsPerSecond: perSecond, burst: rateBurst, trackedClients: rateLimitClients)
    }
  }

  /// Raises the process's soft limit on open files towards its hard limit, so that `--max-connections` (each a
  /// descriptor, and a stream holds a file open too) is reached before the descriptors run out; answers a warning
  /// when the hard limit is too low for it.
  func raiseOpenFileLimit() -> String? {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return nil }
    // A descriptor per connection and per stream file being sent, and room for the database and the listener.
    let wanted = rlim_t(2 * maxConnections + 256)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = min(wanted, limit.rlim_max)
      _ = setrlimit(resource, &limit)
      _ = getrlimit(resource, &limit)
    }
    guard limit.rlim_cur < wanted else { return nil }
    return "warning: the open-file limit (\(limit.rlim_cur)) is below what --max-connections \(maxConnections) "
      + "needs (\(wanted)); raise it (ulimit -n) or lower --max-connections."
  }
}
