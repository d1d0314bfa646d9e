import CollectionKit
import Foundation
import Testing

/// A picture loader whose answers wait until the test releases them, in the order the test chooses: the late
/// answer of the image-cell reuse bug, made on purpose and without a clock.
@MainActor
final class HeldPictureLoader {
  private var heldAnswers: [String: [@MainActor (String) -> Void]] = [:]
  private(set) var requests: [String] = []

  /// Asks for an album's picture; `answer` gets its name when the test releases it.
  func loadPicture(of album: String, answer: @escaping @MainActor (String) -> Void) {
    requests.append(album)
    heldAnswers[album, default: []].append(answer)
  }

  /// Answers every request made so far for an album's picture.
  func release(_ album: String) {
    for answer in heldAnswers.removeValue(forKey: album) ?? [] {
      answer("\(album).jpg")
    }
  }
}

/// A poster cell that loads its album's picture.
///
/// When it guards against late answers it remembers the album it is configured for and drops a picture that
/// arrives for another; otherwise the answer that lands last wins.
final class PosterCell: CollectionViewCell {
  var guardsAgainstLateAnswers = true
  private(set) var album: String?
  private(set) var picture: String?

  override func prepareForReuse() {
    super.prepareForReuse()
    album = nil
    picture = nil
  }

  func show(_ album: String, loadingFrom loader: HeldPictureLoader) {
    self.album = album
    loader.loadPicture(of: album) { [weak self] picture in
      guard let self, !guardsAgainstLateAnswers || self.album == album else { return }
      self.picture = picture
    }
  }
}

@MainActor
@Suite struct LateAnswerTests {
  /// The cell that showed "Blue Train" in a view one item high and, the view scrolled one line down, now shows
  /// "Kind of Blue"; both pictures are still held by the loader.
  func reusedPosterCell(guardsAgainstLateAnswers: Bool) throws -> (PosterCell, HeldPictureLoader) {
    // The flow layout's 50-point items, one a line, lines 60 apart: the bounds show one item at a time.
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: CollectionViewFlowLayout())
    let loader = HeldPictureLoader()
    let poster = CollectionView.CellRegistration<PosterCell, String> { cell, _, album in
      cell.guardsAgainstLateAnswers = guardsAgainstLateAnswers
      cell.show(album, loadingFrom: loader)
    }
    let dataSource = keep(
      CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, indexPath, album in
        view.dequeueConfiguredReusableCell(using: poster, for: indexPath, item: album)
      })
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Blue Train", "Kind of Blue"])
    try dataSource.apply(snapshot)
    let cell = try #require(view.cellForItem(at: at(0)) as? PosterCell)
    view.contentOffset = CGPoint(x: 0, y: 60)
    try #require(view.cellForItem(at: at(1)) === cell)
    #expect(loader.requests == ["Blue Train", "Kind of Blue"])
    #expect(cell.album == "Kind of Blue")
    return (cell, loader)
  }

  @Test(arguments: [["Kind of Blue", "Blue Train"], ["Blue Train", "Kind of Blue"]])
  func aReusedCellThatRemembersItsItemDropsTheLateAnswerForThePreviousOne(releaseOrder: [String]) throws {
    let (cell, loader) = try reusedPosterCell(guardsAgainstLateAnswers: true)
    for album in releaseOrder {
      loader.release(album)
      #expect(cell.picture != "Blue Train.jpg", "after the answer for \(album)")
    }
    #expect(cell.picture == "Kind of Blue.jpg")
  }

  @Test func aReusedCellThatDoesNotRememberItsItemShowsThePreviousItemsPictureWhenItsAnswerLandsLast() throws {
    // The bug the guard prevents, reproduced, so that the test above cannot pass without a late answer.
    let (cell, loader) = try reusedPosterCell(guardsAgainstLateAnswers: false)
    loader.release("Kind of Blue")
    loader.release("Blue Train")
    #expect(cell.album == "Kind of Blue")
    #expect(cell.picture == "Blue Train.jpg")
  }
}
