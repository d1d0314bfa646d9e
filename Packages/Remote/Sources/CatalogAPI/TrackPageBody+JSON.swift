import Domain
import Foundation
import Services

// A page of tracks is most of what the API sends: a thousand tracks a page, a hundred pages for the largest artist.
// Foundation's JSONEncoder and JSONDecoder build a tree of values for each and cost more than the database that
// read the tracks (a page of 1,000: about 10 ms each way on the 2-core VM). These write and read the page's one
// shape directly, with the same text: keys sorted, slashes unescaped, dates as ``CatalogJSON/format(_:)``. The
// playlists featuring an artist, which an artist's page asks for beside its first page, hold their tracks, and are
// written and read the same way.

extension TrackPageBody {
  /// The body as JSON, as ``CatalogJSON/encoder()`` writes it, written straight into bytes; `streamURL` gives each
  /// track's stream URL as it is sent (a server's own, for example), without copying the tracks first.
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does.
  public func json(streamURL: (Track) -> String = \.streamURLString) throws -> [UInt8] {
    try page(writingStreamURL: { track, out in out.string(streamURL(track)) })
  }

  /// The body as JSON, each track's stream URL `base` followed by `route` filled with the track's identifier
  /// (`base + route.filled(with: id)`, a server's own stream URLs), written without making a text for each: what a
  /// ``TrackPageWriter`` given the tracks one by one writes.
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does.
  public func json(streamURLsAt base: String, route: CatalogAPI.Route) throws -> [UInt8] {
    var writer = TrackPageWriter(streamURLsAt: base, route: route, capacity: tracks.count)
    for track in tracks { try writer.append(track) }
    return writer.finish(offset: offset, total: total, nextOffset: nextOffset, nextCursor: nextCursor).json
  }

  private func page(writingStreamURL streamURL: (Track, inout JSONBytes) -> Void) throws -> [UInt8] {
    var out = JSONBytes.pageHead(offset: offset, total: total, nextOffset: nextOffset, nextCursor: nextCursor)
    out.bytes.reserveCapacity(out.bytes.count + tracks.count * 260 + 2)
    for (index, track) in tracks.enumerated() {
      try out.track(track, first: index == 0, streamURL: streamURL)
    }
    out.raw("]}")
    return out.bytes
  }

  /// The body `json` holds, read as ``CatalogJSON/decoder()`` reads it (members in any order, members it does not
  /// know skipped), without building a tree of values first.
  ///
  /// Throws `DecodingError.dataCorrupted` naming the byte where the text stops being a page.
  public init(json: Data) throws {
    self = try json.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      let body = try reader.trackPage()
      try reader.end()
      return body
    }
  }
}

extension PlaylistList {
  /// The body as JSON, as ``CatalogJSON/encoder()`` writes it, written straight into bytes (the playlists featuring
  /// the largest artist hold thousands of tracks: the encoder took longer over them than the rest of the page's first
  /// screen).
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does.
  public func json() throws -> [UInt8] {
    var out = JSONBytes()
    out.bytes.reserveCapacity(playlists.reduce(16) { $0 + 128 + $1.tracks.count * 260 })
    out.raw("{\"playlists\":[")
    for (index, playlist) in playlists.enumerated() {
      out.raw(index == 0 ? "{\"artworkURL\":" : ",{\"artworkURL\":")
      out.string(playlist.artworkURL.absoluteString)
      out.raw(",\"id\":")
      out.string(playlist.id.rawValue)
      out.raw(",\"name\":")
      out.string(playlist.name)
      out.raw(",\"tracks\":[")
      for (index, track) in playlist.tracks.enumerated() {
        try out.track(track, first: index == 0, streamURL: { track, out in out.string(track.streamURLString) })
      }
      out.raw("]}")
    }
    out.raw("]}")
    return out.bytes
  }

  /// The body `json` holds, read as ``CatalogJSON/decoder()`` reads it (members in any order, members it does not
  /// know skipped), without building a tree of values first.
  ///
  /// Throws `DecodingError.dataCorrupted` naming the byte where the text stops being a list of playlists.
  public init(json: Data) throws {
    self = try json.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      let body = try reader.playlistList()
      try reader.end()
      return body
    }
  }
}

extension Track {
  /// Runs `body` with the UTF-8 of the track's identifier, title and artist's identifier.
  func withTexts<T>(
    _ body: (
      _ id: UnsafeBufferPointer<UInt8>, _ title: UnsafeBufferPointer<UInt8>, _ artistID: UnsafeBufferPointer<UInt8>
    )
      throws -> T
  ) rethrows -> T {
    var id = id.rawValue
    var title = title
    var artistID = artistID.rawValue
    return try id.withUTF8 { id in
      try title.withUTF8 { title in try artistID.withUTF8 { artistID in try body(id, title, artistID) } }
    }
  }
}

/// JSON text written into bytes.
struct JSONBytes {
  var bytes: [UInt8] = []

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func raw(_ text: String) {
    append(text)
  }

  /// The text's UTF-8, copied from its storage at once where it has one.
  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// A number as the encoder writes it: Swift's shortest text, without a `.0` on a whole number.
  mutating func number(_ value: Double) {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    raw(text)
  }

  /// The lowercase hexadecimal digit of `value` (0–15).
  static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// A string with `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`, and the rest (slashes
  /// and all of Unicode) as it is.
  mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { string(validUTF8: $0) }
  }

  /// ``string(_:)`` of the text `utf8` spells (bytes of UTF-8 as a store holds them).
  ///
  /// Bytes that are not UTF-8 are written as `String(decoding:as:)` reads them (each bad sequence a U+FFFD), so the
  /// body stays UTF-8.
  mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    // Most texts are ASCII, which is UTF-8 as it lies; anything else is checked scalar by scalar, and only bytes
    // that are not UTF-8 make a text (a `String`'s own bytes always are).
    guard utf8.allSatisfy({ $0 < 0x80 }) || Self.isValidUTF8(utf8) else {
      return string(String(decoding: utf8, as: UTF8.self))
    }
    string(validUTF8: utf8)
  }

  /// Whether `bytes` are UTF-8, checked without making anything.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// One pass over the text's UTF-8: the runs between escapes are copied whole (most texts are one run).
  private mutating func string(validUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in utf8.indices {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      runStart = index + 1
      escape(byte)
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    bytes.append(UInt8(ascii: "\""))
  }

  /// A byte that JSON does not allow bare in a string, escaped.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case 0x08: raw("\\b")
    case 0x0C: raw("\\f")
    case 0x0A: raw("\\n")
    case 0x0D: raw("\\r")
    case 0x09: raw("\\t")
    default:
      raw("\\u00")
      bytes.append(Self.hexDigit(byte >> 4))
      bytes.append(Self.hexDigit(byte & 0xF))
    }
  }

  /// A track as the encoder writes it (keys sorted), after a comma unless it is the first of its list; `streamURL`
  /// writes its stream URL.
  ///
  /// Throws `EncodingError.invalidValue` for a duration that is not a finite number, as the encoder does.
  mutating func track(_ track: Track, first: Bool, streamURL: (Track, inout JSONBytes) -> Void) throws {
    try track.withTexts { id, title, artistID in
      try self.track(
        first: first, id: id, title: title, duration: track.duration, popularity: track.popularity,
        releaseDate: track.releaseDate, containsExplicitLyrics: track.containsExplicitLyrics, artistID: artistID,
        streamURL: { streamURL(track, &$0) })
    }
  }

  /// A track as the encoder writes it, from its values as they lie (texts as UTF-8): the one place a track's JSON
  /// is spelled out.
  mutating func track(
    first: Bool, id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>, duration: Double,
    popularity: Int, releaseDate: Date, containsExplicitLyrics: Bool, artistID: UnsafeBufferPointer<UInt8>,
    streamURL: (inout JSONBytes) -> Void
  ) throws {
    guard duration.isFinite else {
      throw EncodingError.invalidValue(
        duration,
        EncodingError.Context(
          codingPath: [],
          debugDescription: "track \(String(decoding: id, as: UTF8.self))'s duration is not finite"))
    }
    // Each key with the punctuation around it in one piece.
    raw(first ? "{\"artistID\":" : ",{\"artistID\":")
    string(utf8: artistID)
    raw(
      containsExplicitLyrics
        ? ",\"containsExplicitLyrics\":true,\"duration\":" : ",\"containsExplicitLyrics\":false,\"duration\":")
    number(duration)
    raw(",\"id\":")
    string(utf8: id)
    raw(",\"popularity\":")
    integer(popularity)
    raw(",\"releaseDate\":\"")
    CatalogJSON.format(releaseDate, into: &bytes)
    raw("\",\"streamURL\":")
    streamURL(&self)
    raw(",\"title\":")
    string(utf8: title)
    raw("}")
  }

  /// A page's members before its tracks, through `"tracks":[` (keys sorted, as the encoder writes them).
  static func pageHead(offset: Int, total: Int, nextOffset: Int?, nextCursor: String?) -> JSONBytes {
    var out = JSONBytes()
    out.raw("{")
    if let nextCursor {
      out.raw("\"nextCursor\":")
      out.string(nextCursor)
      out.raw(",")
    }
    if let nextOffset {
      out.raw("\"nextOffset\":")
      out.integer(nextOffset)
      out.raw(",")
    }
    out.raw("\"offset\":")
    out.integer(offset)
    out.raw(",\"total\":")
    out.integer(total)
    out.raw(",\"tracks\":[")
    return out
  }

  /// A whole number in decimal, written digit by digit (no text made for it).
  mutating func integer(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // At most 20 digits (UInt64.max), written from the end.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}

/// Reads a page of tracks or a list of playlists from JSON text, value by value.
private struct JSONReader {
  let text: UnsafeBufferPointer<UInt8>
  var position = 0

  init(_ text: UnsafeBufferPointer<UInt8>) {
    self.text = text
  }

  func failure(_ what: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "\(what) at byte \(position) of \(text.count)"))
  }

  mutating func skipSpace() {
    while position < text.count {
      switch text[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The next byte past any space, not consumed; nil at the end.
  mutating func peek() -> UInt8? {
    skipSpace()
    return position < text.count ? text[position] : nil
  }

  mutating func expect(_ byte: UInt8) throws(DecodingError) {
    guard peek() == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
    position += 1
  }

  mutating func end() throws(DecodingError) {
    guard peek() == nil else { throw failure("text after the page") }
  }

  /// Calls `member` with each member's name of an object; `member` reads the value.
  mutating func object(_ member: (inout JSONReader, String) throws(DecodingError) -> Void) throws(DecodingError) {
    try expect(UInt8(ascii: "{"))
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      let name = try string()
      try expect(UInt8(ascii: ":"))
      try member(&self, name)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  /// A string's bytes as they lie when it holds no escape, or nil.
  ///
  /// Without an escape the reader ends past the closing quote; with one, at the backslash. Most strings have no
  /// escape: one pass finds the end. `start` is where the string's first byte is.
  mutating func unescapedString(start: inout Int) throws(DecodingError) -> UnsafeBufferPointer<UInt8>? {
    try expect(UInt8(ascii: "\""))
    start = position
    while position < text.count, text[position] != UInt8(ascii: "\""), text[position] != UInt8(ascii: "\\") {
      guard text[position] >= 0x20 else { throw failure("a control character in a string") }
      position += 1
    }
    guard position < text.count else { throw failure("an unterminated string") }
    guard text[position] == UInt8(ascii: "\"") else { return nil }
    position += 1
    return UnsafeBufferPointer(rebasing: text[start..<position - 1])
  }

  mutating func string() throws(DecodingError) -> String {
    var start = position
    if let plain = try unescapedString(start: &start) { return String(decoding: plain, as: UTF8.self) }
    var bytes = Array(text[start..<position])
    while true {
      guard position < text.count else { throw failure("an unterminated string") }
      let byte = text[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: bytes, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < text.count else { throw failure("an unterminated escape") }
        let escaped = text[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), position + 1 < text.count, text[position] == UInt8(ascii: "\\"),
            text[position + 1] == UInt8(ascii: "u")
          {
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw failure("a lone surrogate") }
          bytes.append(contentsOf: String(Character(unicode)).utf8)
        default: throw failure("an unknown escape")
        }
      case 0..<0x20: throw failure("a control character in a string")
      default: bytes.append(byte)
      }
    }
  }

  mutating func hex4() throws(DecodingError) -> UInt32 {
    guard position + 4 <= text.count else { throw failure("a short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = text[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("a bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// The text of a JSON number.
  mutating func numberText() throws(DecodingError) -> Substring {
    skipSpace()
    let start = position
    scan: while position < text.count {
      switch text[position] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        position += 1
      default: break scan
      }
    }
    guard position > start else { throw failure("expected a number") }
    return Substring(decoding: UnsafeBufferPointer(rebasing: text[start..<position]), as: UTF8.self)
  }

  mutating func double() throws(DecodingError) -> Double {
    let number = try numberText()
    guard let value = Double(number), value.isFinite else { throw failure("'\(number)' is not a number") }
    return value
  }

  mutating func integer() throws(DecodingError) -> Int {
    let number = try numberText()
    // A whole number written with a fraction or an exponent (`2.0`, `1e3`) is still one, as the decoder reads it.
    if let value = Int(number) { return value }
    guard let value = Double(number), value.rounded() == value, let whole = Int(exactly: value) else {
      throw failure("'\(number)' is not a whole number")
    }
    return whole
  }

  mutating func bool() throws(DecodingError) -> Bool {
    if literal("true") { return true }
    if literal("false") { return false }
    throw failure("expected true or false")
  }

  /// Whether the next value is `null`, consumed if so.
  mutating func null() -> Bool { literal("null") }

  mutating func literal(_ word: StaticString) -> Bool {
    skipSpace()
    let length = word.utf8CodeUnitCount
    guard position + length <= text.count else { return false }
    let matches = word.withUTF8Buffer { $0.elementsEqual(text[position..<position + length]) }
    if matches { position += length }
    return matches
  }

  /// Skips one value of any kind.
  mutating func skipValue() throws(DecodingError) {
    switch peek() {
    case UInt8(ascii: "{"): try object { (reader: inout JSONReader, _) throws(DecodingError) in try reader.skipValue() }
    case UInt8(ascii: "["): try array { (reader: inout JSONReader) throws(DecodingError) in try reader.skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
    case UInt8(ascii: "n"): guard null() else { throw failure("expected null") }
    default: _ = try numberText()
    }
  }

  mutating func array(_ element: (inout JSONReader) throws(DecodingError) -> Void) throws(DecodingError) {
    try expect(UInt8(ascii: "["))
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      try element(&self)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  mutating func trackPage() throws(DecodingError) -> TrackPageBody {
    var tracks: [Track]?
    var offset: Int?
    var total: Int?
    var nextOffset: Int?
    var nextCursor: String?
    try object { (reader: inout JSONReader, name) throws(DecodingError) in
      switch name {
      case "tracks":
        var list: [Track] = []
        try reader.array { (reader: inout JSONReader) throws(DecodingError) in list.append(try reader.track()) }
        tracks = list
      case "offset": offset = try reader.integer()
      case "total": total = try reader.integer()
      case "nextOffset": nextOffset = reader.null() ? nil : try reader.integer()
      case "nextCursor": nextCursor = reader.null() ? nil : try reader.string()
      default: try reader.skipValue()
      }
    }
    guard let tracks, let offset, let total else { throw failure("a page without tracks, offset or total") }
    var body = TrackPageBody(TrackPage(tracks: tracks, offset: offset, total: total))
    body.nextOffset = nextOffset
    body.nextCursor = nextCursor
    return body
  }

  mutating func playlistList() throws(DecodingError) -> PlaylistList {
    var playlists: [Playlist]?
    try object { (reader: inout JSONReader, name) throws(DecodingError) in
      if name == "playlists" {
        var list: [Playlist] = []
        try reader.array { (reader: inout JSONReader) throws(DecodingError) in list.append(try reader.playlist()) }
        playlists = list
      } else {
        try reader.skipValue()
      }
    }
    guard let playlists else { throw failure("a list of playlists without playlists") }
    return PlaylistList(playlists: playlists)
  }

  mutating func playlist() throws(DecodingError) -> Playlist {
    var id: String?
    var name: String?
    var tracks: [Track]?
    var artworkURL: URL?
    try object { (reader: inout JSONReader, member) throws(DecodingError) in
      switch member {
      case "id": id = try reader.string()
      case "name": name = try reader.string()
      case "tracks":
        var list: [Track] = []
        try reader.array { (reader: inout JSONReader) throws(DecodingError) in list.append(try reader.track()) }
        tracks = list
      case "artworkURL":
        let text = try reader.string()
        guard let url = URL(string: text) else { throw reader.failure("'\(text)' is not a URL") }
        artworkURL = url
      default: try reader.skipValue()
      }
    }
    guard let id, let name, let tracks, let artworkURL else {
      throw failure("a playlist without id, name, tracks or artworkURL")
    }
    return Playlist(id: Playlist.ID(id), name: name, tracks: tracks, artworkURL: artworkURL)
  }

  mutating func track() throws(DecodingError) -> Track {
    var id: String?
    var title: String?
    var duration: Double?
    var streamURL: String?
    var popularity: Int?
    var releaseDate: Date?
    var explicit: Bool?
    var artistID: String?
    try expect(UInt8(ascii: "{"))
    var isFirst = true
    while true {
      if isFirst, peek() == UInt8(ascii: "}") {
        position += 1
        break
      }
      isFirst = false
      // A hundred thousand tracks are eight hundred thousand member names: each is matched where it lies, without
      // a text made for it.
      let member = try trackMember()
      try expect(UInt8(ascii: ":"))
      switch member {
      case .id: id = try string()
      case .title: title = try string()
      case .duration: duration = try double()
      case .streamURL: streamURL = try string()
      case .popularity: popularity = try integer()
      case .releaseDate:
        let text = try string()
        guard let date = CatalogJSON.parse(text) else { throw failure("'\(text)' is not an RFC 3339 date-time") }
        releaseDate = date
      case .containsExplicitLyrics: explicit = try bool()
      case .artistID: artistID = try string()
      case .other: try skipValue()
      }
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return try makeTrack(id, title, duration, streamURL, popularity, releaseDate, explicit, artistID)
      default: throw failure("expected ',' or '}'")
      }
    }
    return try makeTrack(id, title, duration, streamURL, popularity, releaseDate, explicit, artistID)
  }

  /// The track of the members read, or a failure when one is missing.
  private func makeTrack(
    _ id: String?, _ title: String?, _ duration: Double?, _ streamURL: String?, _ popularity: Int?,
    _ releaseDate: Date?, _ explicit: Bool?, _ artistID: String?
  ) throws(DecodingError) -> Track {
    guard let id, let title, let duration, let streamURL, let popularity, let releaseDate, let explicit, let artistID
    else { throw failure("a track without one of its members") }
    return Track(
      id: Track.ID(id), title: title, duration: duration, streamURLString: streamURL, popularity: popularity,
      releaseDate: releaseDate, containsExplicitLyrics: explicit, artistID: Artist.ID(artistID))
  }

  /// The members of a track.
  enum TrackMember {
    case id, title, duration, streamURL, popularity, releaseDate, containsExplicitLyrics, artistID, other

    /// The member `name` (its UTF-8) names.
    init(_ name: UnsafeBufferPointer<UInt8>) {
      func named(_ text: StaticString) -> Bool {
        name.count == text.utf8CodeUnitCount
          && name.indices.allSatisfy { name[$0] == text.utf8Start[$0] }
      }
      self =
        switch name.count {
        case 2 where named("id"): .id
        case 5 where named("title"): .title
        case 8 where named("duration"): .duration
        case 8 where named("artistID"): .artistID
        case 9 where named("streamURL"): .streamURL
        case 10 where named("popularity"): .popularity
        case 11 where named("releaseDate"): .releaseDate
        case 22 where named("containsExplicitLyrics"): .containsExplicitLyrics
        default: .other
        }
    }
  }

  /// A member's name, read and matched in place (one with an escape is read as text first, as JSON compares names
  /// by their characters).
  mutating func trackMember() throws(DecodingError) -> TrackMember {
    var start = position
    if let plain = try unescapedString(start: &start) { return TrackMember(plain) }
    // Back to the opening quote, and read as text.
    position = start - 1
    var name = try string()
    return name.withUTF8 { TrackMember($0) }
  }
}
