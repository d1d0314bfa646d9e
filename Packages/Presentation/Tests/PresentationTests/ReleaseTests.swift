import Domain
import Foundation
import Presentation
import Services
import ServicesTestSupport
import Testing

/// An artist's releases: their tracks grouped by year, newest first, as a pure function of the tracks.
@Suite struct ReleaseTests {
  let picture = URL(string: "https://images.example.com/oasis.jpg")!

  @Test func tracksReleasedInOneYearMakeOneReleaseNewestFirst() {
    let tracks: [Track] = [
      .fixture(id: "supersonic", title: "Supersonic", releaseDate: day(1994, 4, 11), artistID: "oasis"),
      .fixture(id: "wonderwall", title: "Wonderwall", releaseDate: day(1995, 10, 30), artistID: "oasis"),
      .fixture(id: "roll-with-it", title: "Roll with It", releaseDate: day(1995, 8, 14), artistID: "oasis"),
      .fixture(id: "live-forever", title: "Live Forever", releaseDate: day(1994, 8, 8), artistID: "oasis"),
      .fixture(id: "d-you-know", title: "D'You Know What I Mean?", releaseDate: day(1997, 7, 7), artistID: "oasis"),
    ]
    let releases = Release.releases(of: "oasis", tracks: tracks, artworkURL: picture, formatting: .englishUTC)
    #expect(releases.map(\.id.year) == [1997, 1995, 1994])
    #expect(releases.map(\.id.artistID) == ["oasis", "oasis", "oasis"])
    #expect(releases.map(\.name) == ["D'You Know What I Mean?", "Roll with It", "Supersonic"], "its opening track")
    #expect(releases[1].tracks.map(\.id) == ["roll-with-it", "wonderwall"], "in release order")
    #expect(releases[2].tracks.map(\.id) == ["supersonic", "live-forever"])
    #expect(releases.allSatisfy { $0.artworkURL == picture })
    #expect(releases[1].id.description == "oasis/1995")
  }

  @Test func tracksReleasedTogetherKeepTheCatalogsOrderAndTheFirstNamesTheRelease() {
    let tracks = ["Intro", "Chrome Tides", "Harbour Lights"].map {
      Track.fixture(id: Track.ID($0), title: $0, releaseDate: day(2012, 3, 1))
    }
    let releases = Release.releases(of: "artist", tracks: tracks, formatting: .englishUTC)
    #expect(releases.count == 1)
    #expect(releases[0].name == "Intro")
    #expect(releases[0].tracks.map(\.title) == ["Intro", "Chrome Tides", "Harbour Lights"])
    #expect(releases[0].artworkURL == nil)
  }

  @Test func theYearIsTakenInTheFormattingsTimeZone() {
    // 31 December 2019, 23:30 UTC: still 2019 in London, already 2020 in Berlin.
    let newYearsEve = day(2019, 12, 31).addingTimeInterval(23.5 * 3600)
    let tracks = [
      Track.fixture(id: "late", title: "Late", releaseDate: newYearsEve),
      Track.fixture(id: "early", title: "Early", releaseDate: day(2020, 1, 2)),
    ]
    let utc = Release.releases(of: "artist", tracks: tracks, formatting: .englishUTC)
    #expect(utc.map(\.id.year) == [2020, 2019])
    let berlin = PresentationFormatting(
      locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let releases = Release.releases(of: "artist", tracks: tracks, formatting: berlin)
    #expect(releases.map(\.id.year) == [2020])
    #expect(releases[0].tracks.map(\.id) == ["late", "early"])
  }

  @Test func noTracksMakeNoReleases() {
    #expect(Release.releases(of: "artist", tracks: [], formatting: .englishUTC).isEmpty)
  }

  @Test func aReleasesPageListsItsTracksInReleaseOrder() async throws {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.returnTracks(
      [
        .fixture(id: "wonderwall", releaseDate: day(1995, 10, 30), artistID: "oasis"),
        .fixture(id: "supersonic", releaseDate: day(1994, 4, 11), artistID: "oasis"),
        .fixture(id: "roll-with-it", releaseDate: day(1995, 8, 14), artistID: "oasis"),
      ], forArtist: "oasis")
    let source = TrackSource.release(.init(artistID: "oasis", year: 1995), musicAPI: musicAPI, formatting: .englishUTC)
    let page = try await source.tracks(TrackPageRequest())
    #expect(page.tracks.map(\.id) == ["roll-with-it", "wonderwall"])
    #expect(musicAPI.requestedArtistIDs == ["oasis"])
  }

  @MainActor @Test func aReleaseWithNoTracksAnyMoreFailsNamingIt() async throws {
    let musicAPI = MockMusicAPI.unimplemented()
    musicAPI.returnTracks([.fixture(releaseDate: day(1994, 4, 11), artistID: "oasis")], forArtist: "oasis")
    let dataSource = ArtistTableDataSource(
      source: .release(.init(artistID: "oasis", year: 1995), musicAPI: musicAPI, formatting: .englishUTC),
      downloadsManager: MockDownloadsManager(), formatting: .englishUTC)
    await dataSource.reload()
    #expect(dataSource.state == .failed(.source(reason: "No release of 1995 by oasis.")))
  }
}
