import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct ErrorMessageTests {
  /// The description of the collection view error the body throws; nil if it throws none or another error.
  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? CollectionViewError)?.description
    }
  }

  @Test func withoutADataSourceSelectingAndFetchingAreRefusedInFleetsWords() {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    #expect(message { try view.selectItem(at: item(0)) } == "Data source required to select item.")
    #expect(message { _ = try view.fetchCell(at: item(0)) } == "Data source required to fetch cells.")
    #expect(message { try view.deselectItem(at: item(0)) } == "Data source required to deselect item.")
  }

  @Test func aViewThatDoesNotAllowSelectionRejectsTheTap() {
    let (view, _) = makeGrid([["a"]])
    view.allowsSelection = false
    #expect(
      message { try view.selectItem(at: item(4, 2)) }
        == "Interaction with item 4 in section 2 rejected: Collection view does not allow selection.")
  }

  @Test func missingAndNegativeSectionsAndItemsAreNamed() {
    let (view, _) = makeGrid([["a", "b"]])
    #expect(message { try view.selectItem(at: item(0, 1)) } == "Collection view has no section 1.")
    #expect(message { try view.selectItem(at: item(0, -1)) } == "Collection view has no section -1.")
    #expect(message { try view.selectItem(at: item(2)) } == "Collection view has no item 2 in section 0.")
    #expect(message { _ = try view.fetchCell(at: item(-1)) } == "Collection view has no item -1 in section 0.")
  }

  @Test func aCellThatCannotBeDisplayedIsReported() {
    let (view, _) = makeGrid([["a"]])
    view.frame = .zero
    #expect(
      message { _ = try view.fetchCell(at: item(0)) }
        == "Collection view could not display a cell at item 0 in section 0.")
  }

  @Test func aCellOfAnotherTypeIsNamedWithBothTypes() {
    let (view, _) = makeGrid([["a"]])
    #expect(
      message { _ = try view.fetchCell(at: item(0), asType: OtherCell.self) }
        == "Cell at item 0 in section 0 is of type `TitleCell` (wanted `OtherCell`).")
  }

  @Test func aMissingHeaderIsReportedByKind() {
    let (view, _) = makeGrid([["a"]])
    let kind = CollectionView.elementKindSectionHeader
    #expect(
      message { _ = try view.fetchSupplementaryView(ofKind: kind, at: item(0)) }
        == "Collection view could not display a supplementary view of kind \(kind) at item 0 in section 0.")
    #expect(
      message { _ = try view.fetchSupplementaryView(ofKind: kind, at: item(0, 3)) }
        == "Collection view has no section 3.")
  }
}

/// A cell type no data source here returns.
final class OtherCell: CollectionViewCell {}
