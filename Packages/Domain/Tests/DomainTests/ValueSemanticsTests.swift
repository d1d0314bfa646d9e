import Domain
import Foundation
import Testing

@Suite struct ValueSemanticsTests {
  let track = Track(
    id: "t1",
    title: "Wonderwall",
    duration: 258.5,
    streamURL: URL(string: "https://example.com/t1.mp3")!,
    popularity: 97,
    releaseDate: Date(timeIntervalSince1970: 812_764_800),
    containsExplicitLyrics: false,
    artistID: "oasis"
  )

  @Test func copiesOfATrackChangeIndependently() {
    var copy = track
    copy.title = "Champagne Supernova"
    #expect(track.title == "Wonderwall")
    #expect(copy != track)
    copy.title = track.title
    #expect(copy == track)
    #expect(Set([track, copy]).count == 1)
  }

  @Test func aTrackSurvivesAnEncodingRoundTrip() throws {
    let data = try JSONEncoder().encode(track)
    #expect(try JSONDecoder().decode(Track.self, from: data) == track)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["streamURL"] as? String == "https://example.com/t1.mp3")
  }

  @Test func aStreamURLGivenAsTextReadsAsTheSameURL() {
    var copy = track
    copy.streamURLString = "https://example.com/other.mp3"
    #expect(copy.streamURL == URL(string: "https://example.com/other.mp3"))
    copy.streamURL = URL(string: "file:///tmp/a%20b.wav")!
    #expect(copy.streamURLString == "file:///tmp/a%20b.wav")
    #expect(copy.streamURL.path == "/tmp/a b.wav")
  }

  @Test func streamTextThatIsNotAURLStillReadsAsAURLWithoutAScheme() {
    var copy = track
    for text in ["not a url", ""] {
      copy.streamURLString = text
      #expect(copy.streamURL.scheme == nil || copy.streamURL.isFileURL)
    }
  }

  @Test func artistsWithAndWithoutImagesSurviveAnEncodingRoundTrip() throws {
    let artists = [
      Artist(id: "a", name: "Oasis", imageURL: URL(string: "https://example.com/oasis.jpg"), listeners: 10),
      Artist(id: "b", name: "Blur", imageURL: nil, listeners: 0),
    ]
    let data = try JSONEncoder().encode(artists)
    #expect(try JSONDecoder().decode([Artist].self, from: data) == artists)
  }

  @Test func aPlaylistKnowsItsTrackIDsAndTotalDuration() throws {
    var second = track
    second.id = "t2"
    second.duration = 100
    let playlist = Playlist(
      id: "p", name: "Britpop", tracks: [track, second], artworkURL: URL(string: "https://example.com/p.jpg")!)
    #expect(playlist.trackIDs == ["t1", "t2"])
    #expect(playlist.totalDuration == 358.5)
    let data = try JSONEncoder().encode(playlist)
    #expect(try JSONDecoder().decode(Playlist.self, from: data) == playlist)
  }

  @Test(arguments: [(0, false), (17, false), (18, true), (34, true)])
  func explicitLyricsAreShownFromEighteen(age: Int, mayBeShown: Bool) {
    #expect(User(age: age).mayBeShownExplicitLyrics == mayBeShown)
  }

  @Test func theDefaultAdultMayBeShownEverything() throws {
    #expect(User.adult.mayBeShownExplicitLyrics)
    let data = try JSONEncoder().encode(User(age: 12))
    #expect(try JSONDecoder().decode(User.self, from: data) == User(age: 12))
  }
}
