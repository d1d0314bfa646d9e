import Domain
import Foundation
import Presentation
import Testing

/// Row identifiers and row equality, which diffs of large pages lean on.
@Suite struct CellModelIdentityTests {
  @Test func aRowsIdentifierNamesItsKindAndItsModel() {
    let track = ArtistCellModelType.track(trackModel(id: "t1", title: "One"))
    let playlist = ArtistCellModelType.playlist(
      PlaylistCellModel(id: "t1", title: "Mix", subtitle: "", poster: URL(string: "https://example.com/p.jpg")!))
    let artist = ArtistCellModelType.relatedArtist(
      RelatedArtistCellModel(id: "t1", title: "A", detail: "", imageURL: nil))
    #expect(track.id == ArtistCellModelType.ID(kind: .track, rawValue: "t1"))
    #expect(
      [track.id.description, playlist.id.description, artist.id.description] == [
        "track:t1", "playlist:t1", "artist:t1",
      ])
    #expect(Set([track.id, playlist.id, artist.id]).count == 3)
  }

  @Test func aTracksIdentifierIgnoresWhatItShows() {
    let before = ArtistCellModelType.track(trackModel(id: "t1", title: "One"))
    let after = ArtistCellModelType.track(trackModel(id: "t1", title: "One (Remastered)"))
    #expect(before.id == after.id)
    #expect(Set([before.id, after.id]).count == 1)
    #expect(before != after)
  }

  @Test func aTrackWhoseIdentifierChangesHashesAsItsNewIdentifier() {
    var model = trackModel(id: "t1", title: "One")
    model.id = "t2"
    let identifiers: Set = [ArtistCellModelType.ID(kind: .track, rawValue: "t2")]
    #expect(identifiers.contains(ArtistCellModelType.track(model).id))
    #expect(model == trackModel(id: "t2", title: "One"))
  }

  @Test func equalIdentifiersHashAlikeWithEverySeedAndEachSeedSpreadsThemDifferently() {
    let first = ArtistCellModelType.ID(kind: .track, rawValue: "t1")
    let same = ArtistCellModelType.track(trackModel(id: "t1", title: "Other")).id
    let seeds = [0, 1, -1, 42, Int.max, Int.min]
    #expect(seeds.map { first._rawHashValue(seed: $0) } == seeds.map { same._rawHashValue(seed: $0) })
    #expect(first.hashValue == same.hashValue)
    // Every output bit depends on the seed: two seeds differing in one bit give unrelated values.
    let spread = (0..<64).map { bit in
      (first._rawHashValue(seed: 0) ^ first._rawHashValue(seed: 1 << bit)).nonzeroBitCount
    }
    #expect(spread.allSatisfy { (12...52).contains($0) }, "\(spread)")
    // The kinds of the same text, and 100,000 track texts, land on distinct hash values.
    let kinds = [ArtistCellModelType.ID.Kind.track, .playlist, .relatedArtist].map {
      ArtistCellModelType.ID(kind: $0, rawValue: "t1")._rawHashValue(seed: 7)
    }
    #expect(Set(kinds).count == 3)
    let many = (0..<100_000).map { ArtistCellModelType.ID(kind: .track, rawValue: "t\($0)")._rawHashValue(seed: 7) }
    #expect(Set(many).count == many.count)
  }

  @Test func rowsAreEqualOnlyOfTheSameKindWithEqualModels() {
    let poster = URL(string: "https://example.com/p.jpg")!
    let playlist = ArtistCellModelType.playlist(PlaylistCellModel(id: "x", title: "T", subtitle: "D", poster: poster))
    let artist = ArtistCellModelType.relatedArtist(
      RelatedArtistCellModel(id: "x", title: "T", detail: "D", imageURL: poster))
    #expect(playlist == playlist)
    #expect(playlist != artist)
    #expect(ArtistCellModelType.track(trackModel(id: "x", title: "T")) != playlist)
  }

  private func trackModel(id: Track.ID, title: String) -> TrackCellModel {
    TrackCellModel(
      id: id, title: title, duration: "3:00", releaseDate: "1 Jan 2020", isExplicit: false, isFavourited: false,
      downloadStatus: .notDownloaded)
  }
}
