import ArgumentParser
import CatalogGeneration
import Foundation
import HumbleSupport
import ServicesLive

/// `humble-catalog generate`: writes a generated catalog to a new database file.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a deterministic, generated catalog to a new database file.",
    discussion: """
      The file appears only once it is complete: it is written under a temporary name beside the target \
      and renamed into place. The same options give the same catalog on every machine.
      """
  )

  @Option(name: .long, help: "The database file to create.", transform: { URL(fileURLWithPath: $0) })
  var output: URL

  @Option(name: .long, help: "The number of ordinary artists.")
  var artists = CatalogGenerator.Configuration().artistCount

  @Option(name: .long, help: "The number of tracks of each ordinary artist.")
  var tracksPerArtist = CatalogGenerator.Configuration().tracksPerArtist

  @Option(name: .long, help: "The number of tracks of the extra artist 'large-artist' (0: no such artist).")
  var largeArtistTracks = CatalogGenerator.Configuration().largeArtistTrackCount

  @Option(name: .long, help: "The number of playlists.")
  var playlists = CatalogGenerator.Configuration().playlistCount

  @Option(name: .long, help: "The seed every name, duration and choice derives from.")
  var seed = CatalogGenerator.Configuration.defaultSeed

  @Flag(name: .long, help: "Replace the output file if it exists.")
  var force = false

  func validate() throws {
    for (name, value) in [
      ("--artists", artists), ("--tracks-per-artist", tracksPerArtist),
      ("--large-artist-tracks", largeArtistTracks), ("--playlists", playlists),
    ] {
      guard value >= 0 else { throw ValidationError("\(name) must not be negative.") }
      guard value <= Self.maximumCount else {
        throw ValidationError("\(name) must be at most \(Self.maximumCount).")
      }
    }
    let (ordinary, overflow) = artists.multipliedReportingOverflow(by: tracksPerArtist)
    guard !overflow, ordinary + largeArtistTracks <= Self.maximumTrackCount else {
      throw ValidationError(
        "The catalog would have more than \(Self.maximumTrackCount) tracks; lower --artists or --tracks-per-artist.")
    }
  }

  /// The most artists, tracks per artist or playlists one count may ask for.
  static let maximumCount = 10_000_000
  /// The most tracks a generated catalog may hold (a few GB of database).
  static let maximumTrackCount = 50_000_000

  func run() throws {
    let configuration = CatalogGenerator.Configuration(
      artistCount: artists,
      tracksPerArtist: tracksPerArtist,
      largeArtistTrackCount: largeArtistTracks,
      playlistCount: playlists,
      seed: seed
    )
    let generator = CatalogGenerator(configuration: configuration)
    let progressLine = ProgressLine()
    let clock = ContinuousClock()
    let start = clock.now
    do throws(CatalogFileError) {
      try CatalogFile.create(at: output, replacingExisting: force) { database throws(CatalogDatabaseError) in
        try generator.generate(into: database, progress: progressLine.show)
      }
    } catch .alreadyExists(let path) {
      progressLine.clear()
      throw CommandFailure(description: "\(path) already exists; pass --force to replace it.")
    } catch {
      progressLine.clear()
      throw CommandFailure(description: error.description)
    }
    progressLine.clear()
    let elapsed = String(format: "%.2f s", (clock.now - start).inSeconds)
    print(
      "Wrote \(generator.artistSlotCount) artists, \(configuration.totalTrackCount) tracks and "
        + "\(generator.playlistSlotCount) playlists (seed \(seed)) to \(output.path) in \(elapsed)."
    )
  }
}
