// Where a track lies in the music API's answer: a lookup by identifier, built when first needed after the tracks
// change.

import Domain

extension ArtistTableDataSource {
  func index(of trackID: Track.ID) -> Int? {
    indices(of: trackID).first
  }

  /// Every position of a track in the music API's answer: usually one, more if the API repeats an ID.
  func indices(of trackID: Track.ID) -> [Int] {
    if indexOfTrack == nil {
      var lookup: [Track.ID: Int] = [:]
      lookup.reserveCapacity(tracks.count)
      var repeated: [Track.ID: [Int]] = [:]
      for (index, track) in tracks.enumerated() {
        if let first = lookup[track.id] {
          repeated[track.id, default: [first]].append(index)
        } else {
          lookup[track.id] = index
        }
      }
      indexOfTrack = lookup
      repeatedTracks = repeated
    }
    if let all = repeatedTracks[trackID] { return all }
    return indexOfTrack?[trackID].map { [$0] } ?? []
  }
}
