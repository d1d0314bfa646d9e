import Domain
import Services

extension CommandDeclaration {
  /// `artists [query]`: list artists, optionally only those matching.
  static let artists = CommandDeclaration(
    name: "artists", usage: "artists [query]", summary: "list artists, or those whose names contain the query",
    example: "artists harbour", needsPage: false, completion: .artistNames,
    samples: ["", "o", "BLUR", "hel", "zzz", "'; DROP TABLE track; --"]
  ) { .artists(query: $0.text.isEmpty ? nil : $0.text) }
}

extension Session {
  /// Lists the catalog's artists, or those whose names contain `query`.
  func listArtists(matching query: String?) async -> CommandOutput {
    do throws(MusicAPIError) {
      let artists: [Artist]
      if let query {
        artists = try await musicAPI.artists(matching: query)
      } else {
        artists = try await musicAPI.allArtists()
      }
      if artists.isEmpty { return .lines(["No artists match \(TerminalText.quoted(query ?? ""))."]) }
      var output = CommandOutput.lines(artists.map { "\($0.name) (\($0.id))" })
      output.document["artists"] = .array(
        artists.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) })
      return output
    } catch {
      return .failure(error)
    }
  }
}
