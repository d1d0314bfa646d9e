import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Why the server closed a connection its client had not closed.
enum ConnectionCloseReason: String, CaseIterable, Sendable {
  /// A request's head and body took longer than the header timeout from its first byte.
  case headerTimeout
  /// The connection waited for a request for the idle timeout (a new one, too, from its accept).
  case idleTimeout
  /// An answer's bytes did not move for the write timeout.
  case writeTimeout
  /// The server was at its connection limit: it made room, or did not keep a finished connection alive.
  case connectionLimit
}

/// The time limits of a connection.
struct ConnectionTimeouts: Sendable {
  /// From a request's first byte until its head and body have arrived.
  var header: TimeAmount
  /// A connection with no request in progress and no byte of the next one.
  var idle: TimeAmount
  /// An answer whose bytes make no progress into the connection (its client does not read).
  var write: TimeAmount
}

/// HTTP/1.1 as Hummingbird serves it, each connection watched by a ``ConnectionGuardHandler``.
struct GuardedHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let http1: HTTP1Channel
  let timeouts: ConnectionTimeouts
  let table: ConnectionTable

  init(
    responder: @escaping HTTPChannelHandler.Responder, timeouts: ConnectionTimeouts, table: ConnectionTable
  ) {
    http1 = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [RequestPhaseHandler()]))
    self.timeouts = timeouts
    self.table = table
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let timeouts = timeouts
    let table = table
    return channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        ConnectionGuardHandler(timeouts: timeouts, table: table, logger: logger), position: .first)
    }.flatMap {
      http1.setup(channel: channel, logger: logger)
    }
  }

  func handle(value: Value, logger: Logger) async {
    table.handlingStarted()
    await http1.handle(value: value, logger: logger)
    table.handlingEnded()
  }
}

/// Where a connection is in its request, as ``RequestPhaseHandler`` tells ``ConnectionGuardHandler``.
enum RequestPhase: Sendable {
  /// A request's head has been read.
  case headRead
  /// A request has been read whole.
  case requestRead
  /// An answer has been written whole (into the connection, not yet necessarily sent).
  case answerWritten
}

/// Tells the connection's ``ConnectionGuardHandler`` (at the front of the pipeline, where it sees bytes) where the
/// connection is in its requests, which only a handler after the HTTP decoder can see.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head: context.triggerUserOutboundEvent(RequestPhase.headRead, promise: nil)
    case .end: context.triggerUserOutboundEvent(RequestPhase.requestRead, promise: nil)
    case .body: break
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    context.write(data, promise: promise)
    if case .end = unwrapOutboundIn(data) {
      context.triggerUserOutboundEvent(RequestPhase.answerWritten, promise: nil)
    }
  }
}

/// Closes a connection that breaks a time limit.
///
/// The limits: a request whose head (and body) take longer than the header
/// timeout from their first byte, a connection idle between requests for the idle timeout, an answer whose bytes
/// have not moved for the write timeout. It also keeps the ``ConnectionTable`` told which connections wait for a
/// request.
///
/// Writes are cut into pieces of at most 64 KB, so that a client reading a large answer slowly makes progress
/// that can be seen, piece by piece.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  static let writePieceBytes = 64 * 1024

  private let timeouts: ConnectionTimeouts
  private let table: ConnectionTable
  private let logger: Logger

  private var isActive = false
  /// Set once the connection has closed: a write queued before that may still arrive, and must not put the
  /// connection back in the table.
  private var isClosed = false
  private var requestsInProgress = 0
  /// When the connection started to wait for a request, while it has no request in progress.
  private var waitingSince: NIODeadline?
  /// When the first byte of a request not yet read whole arrived.
  private var requestStarted: NIODeadline?
  private var unfinishedWrites = 0
  private var lastWriteProgress = NIODeadline.now()
  private var check: (task: Scheduled<Void>, deadline: NIODeadline)?
  /// Whether the connection closes once its writes have finished: the server is at its connection limit.
  private var closesWhenWritten = false
  /// Completed when the client has closed its side of the connection, or the connection has closed.
  private var clientGonePromise: EventLoopPromise<Void>?

  init(timeouts: ConnectionTimeouts, table: ConnectionTable, logger: Logger) {
    self.timeouts = timeouts
    self.table = table
    self.logger = logger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    clientGonePromise = context.eventLoop.makePromise()
    if context.channel.isActive { becameActive(context) }
  }

  /// Completes when the client has closed its side of the connection, or the connection has closed.
  ///
  /// A client that sends nothing more has gone, for a long answer such as a feed. Read on the channel's event loop.
  var clientGone: EventLoopFuture<Void>? { clientGonePromise?.futureResult }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // Hummingbird allows half-closed connections; HTTP/1.1 does not stop reading an answer when its client's
    // side ends, so this only tells the answers that care (a feed), and the connection stays.
    if let event = event as? ChannelEvent, event == .inputClosed { clientGonePromise?.succeed() }
    context.fireUserInboundEventTriggered(event)
  }

  func channelActive(context: ChannelHandlerContext) {
    becameActive(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stopWatching(context)
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stopWatching(context)
  }

  /// The connection is gone (or no longer watched): out of the table, no check pending, nothing put back.
  private func stopWatching(_ context: ChannelHandlerContext) {
    isClosed = true
    table.forget(context.channel)
    check?.task.cancel()
    check = nil
    clientGonePromise?.succeed()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if requestsInProgress == 0, requestStarted == nil {
      requestStarted = .now()
      table.startedRequest(context.channel)
      scheduleCheck(context)
    }
    context.fireChannelRead(data)
  }

  func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
    guard let phase = event as? RequestPhase else {
      context.triggerUserOutboundEvent(event, promise: promise)
      return
    }
    switch phase {
    case .headRead:
      requestsInProgress += 1
      waitingSince = nil
      if requestStarted == nil { requestStarted = .now() }
      table.startedRequest(context.channel)
    case .requestRead:
      requestStarted = nil
    case .answerWritten:
      requestsInProgress = max(0, requestsInProgress - 1)
      if requestsInProgress == 0 {
        requestStarted = nil
        waitForRequest(context, isNew: false)
      }
    }
    promise?.succeed()
    scheduleCheck(context)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .byteBuffer(var buffer) = unwrapOutboundIn(data), buffer.readableBytes > 0 else {
      context.write(data, promise: promise)
      return
    }
    if unfinishedWrites == 0 { lastWriteProgress = .now() }
    while let piece = buffer.readSlice(length: min(Self.writePieceBytes, buffer.readableBytes)) {
      let written = context.eventLoop.makePromise(of: Void.self)
      unfinishedWrites += 1
      written.futureResult.assumeIsolated().whenComplete { _ in
        self.unfinishedWrites -= 1
        self.lastWriteProgress = .now()
        if self.unfinishedWrites == 0, self.closesWhenWritten { context.close(promise: nil) }
      }
      if buffer.readableBytes == 0, let promise { written.futureResult.cascade(to: promise) }
      context.write(wrapOutboundOut(.byteBuffer(piece)), promise: written)
      if buffer.readableBytes == 0 { break }
    }
    scheduleCheck(context)
  }

  private func becameActive(_ context: ChannelHandlerContext) {
    guard !isActive else { return }
    isActive = true
    waitForRequest(context, isNew: true)
    scheduleCheck(context)
  }

  private func waitForRequest(_ context: ChannelHandlerContext, isNew: Bool) {
    guard !isClosed else { return }
    waitingSince = .now()
    if !table.waitsForRequest(context.channel, isNew: isNew) {
      logger.debug("Closing a connection between requests: the server is at its connection limit.")
      table.noteClosed(by: .connectionLimit)
      closesWhenWritten = true
      if unfinishedWrites == 0 { context.close(promise: nil) }
    }
  }

  /// The earliest time limit the connection is under now, and what it is.
  private var nextDeadline: (deadline: NIODeadline, limit: ConnectionCloseReason)? {
    var deadlines: [(NIODeadline, ConnectionCloseReason)] = []
    if let requestStarted {
      deadlines.append((requestStarted + timeouts.header, .headerTimeout))
    } else if requestsInProgress == 0, let waitingSince {
      deadlines.append((waitingSince + timeouts.idle, .idleTimeout))
    }
    if unfinishedWrites > 0 { deadlines.append((lastWriteProgress + timeouts.write, .writeTimeout)) }
    return deadlines.min { $0.0 < $1.0 }
  }

  /// Makes sure a check runs by the next deadline; a check that finds its deadline moved later schedules again.
  private func scheduleCheck(_ context: ChannelHandlerContext) {
    guard isActive, !isClosed, let (deadline, _) = nextDeadline else { return }
    if let check, check.deadline <= deadline { return }
    check?.task.cancel()
    let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
      self.runCheck(context)
    }
    check = (task, deadline)
  }

  private func runCheck(_ context: ChannelHandlerContext) {
    check = nil
    if let (deadline, limit) = nextDeadline, deadline <= .now() {
      logger.debug("Closing a connection: \(limit).")
      table.noteClosed(by: limit)
      context.close(promise: nil)
      return
    }
    scheduleCheck(context)
  }
}
