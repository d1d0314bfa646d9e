import Domain
import Foundation
import Presentation
import ServicesTestSupport
import Testing

/// A poster's cell model is complete: formatted lines, the artwork to ask for (or none), where a tap leads.
@Suite struct PosterCellModelTests {
  @Test func aPlaylistsPosterSummarisesItAndOpensIt() {
    let tracks = (0..<12).map { Track.fixture(id: Track.ID("t\($0)"), duration: 240) }
    let playlist = Playlist.fixture(id: "britpop", name: "Britpop", tracks: tracks)
    let poster = PosterCellModel(playlist: playlist)
    #expect(poster.id == .playlist("britpop"))
    #expect(poster.title == "Britpop")
    #expect(poster.subtitle == "12 tracks · 48 min")
    #expect(poster.artworkURL == playlist.artworkURL)
    #expect(poster.destination == .openPlaylist("britpop", title: "Britpop"))
  }

  @Test func aReleasesPosterSaysItsYearAndHasNoArtworkWhenTheArtistHasNoPicture() {
    let release = Release(
      id: .init(artistID: "oasis", year: 1995), name: "Roll with It",
      tracks: [
        .fixture(id: "roll", duration: 239, releaseDate: day(1995, 8, 14)),
        .fixture(id: "wall", duration: 258, releaseDate: day(1995, 10, 30)),
      ],
      artworkURL: nil)
    let poster = PosterCellModel(release: release, formatting: .englishUTC)
    #expect(poster.id == .release(.init(artistID: "oasis", year: 1995)))
    #expect(poster.id.description == "release oasis/1995")
    #expect(poster.title == "Roll with It")
    #expect(poster.subtitle == "2 tracks · 8 min · 1995")
    #expect(poster.artworkURL == nil)
    #expect(poster.destination == .openRelease(.init(artistID: "oasis", year: 1995), title: "Roll with It"))
  }

  @Test func anythingPosterShapedMakesAPoster() {
    let album = AlbumPresentation(
      name: "Morning Glory", tracks: [.fixture(duration: 1500, releaseDate: day(1995, 10, 2))],
      artworkURL: URL(string: "https://images.example.com/glory.jpg")!, formatting: .englishUTC)
    let release = Release.ID(artistID: "oasis", year: 1995)
    let poster = PosterCellModel(
      id: .release(release), album, destination: .openRelease(release, title: "Morning Glory"))
    #expect(poster.title == "Morning Glory")
    #expect(poster.subtitle == "1 track · 25 min · 1995")
    #expect(poster.subtitle == AlbumPresentation.subtitle(of: album.tracks, formatting: .englishUTC))
    #expect(poster.artworkURL?.absoluteString == "https://images.example.com/glory.jpg")
  }
}
