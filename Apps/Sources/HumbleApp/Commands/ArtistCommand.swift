import Domain
import Presentation
import Services

extension CommandDeclaration {
  /// `artist <name or id>`: open an artist's page.
  static let artist = CommandDeclaration(
    name: "artist", usage: "artist <name or id>", summary: "open an artist's page", example: "artist Neon Harbour",
    needsPage: false, completion: .artistNames,
    samples: ["", "oasis", "Oasis", "blur", "Hélène & the Hourglass", "pulp", "nobody", "%", "_"]
  ) { arguments throws(CommandError) in
    guard !arguments.text.isEmpty else {
      throw CommandError("artist: missing artist name or id (usage: artist <name or id>)")
    }
    return .artist(arguments.text)
  }
}

extension Session {
  /// Opens an artist's page, found by identifier, else by name (ignoring case and accents), else the first
  /// artist whose name contains it.
  func openArtist(_ nameOrID: String) async -> CommandOutput {
    let found: Artist?
    do throws(MusicAPIError) {
      if let byID = try? await musicAPI.artist(withID: Artist.ID(nameOrID)) {
        found = byID
      } else {
        let matches = try await musicAPI.artists(matching: nameOrID)
        found = matches.first { SearchFolding.fold($0.name) == SearchFolding.fold(nameOrID) } ?? matches.first
      }
    } catch {
      return .failure(error)
    }
    guard let found else {
      return .failure("No artist called \(TerminalText.quoted(nameOrID)). Type 'artists' to list them.")
    }
    return await open(.artist(found, musicAPI: musicAPI, playlistAPI: playlistAPI))
  }
}
