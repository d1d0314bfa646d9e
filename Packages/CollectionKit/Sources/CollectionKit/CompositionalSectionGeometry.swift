import Foundation
import ListCore

/// One section of a compositional layout, prepared: where its group's slots are, and where each repetition of
/// the group goes, so that any item's frame is arithmetic on its index.
struct CompositionalSectionGeometry {
  /// Where the section starts and ends, top to bottom.
  var start: CGFloat
  var end: CGFloat = 0
  var itemCount: Int
  /// Where the first group's top left corner is, and the group's size.
  var groupsOrigin = CGPoint.zero
  var groupSize = CGSize.zero
  var interGroupSpacing: CGFloat = 0
  /// Whether the groups go left to right in one row instead of top to bottom.
  var isOrthogonal = false
  /// The group's item slots, relative to the group's top left corner, in item order.
  var slots: [CGRect] = []
  var groupCount = 0
  var boundaries: [PlacedBoundaryItem] = []

  init(section: CollectionLayoutSection?, itemCount: Int, start: CGFloat, viewSize: CGSize) {
    self.start = start
    self.itemCount = itemCount
    guard let section else {
      end = start
      return
    }
    let insets = section.contentInsets
    let container = viewSize.inset(by: insets)
    let boundaryContainer = CGSize(width: container.width, height: viewSize.height)
    isOrthogonal = section.orthogonalScrollingBehavior != .none
    interGroupSpacing = usable(section.interGroupSpacing)
    groupSize = section.group.layoutSize.resolved(in: container)
    slots = GroupSlots.slots(of: section.group, size: groupSize)
    groupCount = slots.isEmpty ? 0 : (itemCount + slots.count - 1) / slots.count

    var position = start
    for item in section.boundarySupplementaryItems where item.alignment.isTop {
      let placed = PlacedBoundaryItem(item, top: position, insets: insets, container: boundaryContainer)
      boundaries.append(placed)
      position += placed.frame.height
    }
    groupsOrigin = CGPoint(x: insets.leading, y: position + insets.top)
    position = groupsOrigin.y + groupsLength + insets.bottom
    for item in section.boundarySupplementaryItems where item.alignment.isBottom {
      let placed = PlacedBoundaryItem(item, top: position, insets: insets, container: boundaryContainer)
      boundaries.append(placed)
      position += placed.frame.height
    }
    for item in section.boundarySupplementaryItems where !item.alignment.isTop && !item.alignment.isBottom {
      boundaries.append(PlacedBoundaryItem(item, top: groupsOrigin.y, insets: insets, container: boundaryContainer))
    }
    end = position
  }

  /// The groups' extent top to bottom.
  private var groupsLength: CGFloat {
    guard groupCount > 0 else { return 0 }
    if isOrthogonal { return groupSize.height }
    return CGFloat(groupCount) * groupSize.height + CGFloat(groupCount - 1) * interGroupSpacing
  }

  /// How many of the section's items have a slot (all of them unless the group has no slot).
  var placedItemCount: Int {
    slots.isEmpty ? 0 : itemCount
  }

  /// The distance from one group's start to the next's, along the direction groups repeat in.
  private var groupStep: CGFloat {
    (isOrthogonal ? groupSize.width : groupSize.height) + interGroupSpacing
  }

  /// An item's frame: its group's origin plus its slot.
  func frame(ofItem item: Int) -> CGRect {
    let group = item / slots.count
    let offset = CGFloat(group) * groupStep
    let origin =
      isOrthogonal
      ? CGPoint(x: groupsOrigin.x + offset, y: groupsOrigin.y)
      : CGPoint(
        x: groupsOrigin.x, y: groupsOrigin.y + offset)
    return slots[item % slots.count].offsetBy(dx: origin.x, dy: origin.y)
  }

  /// The items of the groups that may overlap `rect`: a range that costs nothing to compute, at most one group
  /// too wide at each end.
  func items(near rect: CGRect) -> Range<Int> {
    guard groupCount > 0, groupStep > 0 else { return 0..<0 }
    let (lower, upper) =
      isOrthogonal
      ? (rect.minX - groupsOrigin.x, rect.maxX - groupsOrigin.x)
      : (rect.minY - groupsOrigin.y, rect.maxY - groupsOrigin.y)
    guard upper > 0 else { return 0..<0 }
    let lastGroup = Double(groupCount - 1)
    let first = Int(min(max(0, (lower / groupStep).rounded(.down)), lastGroup))
    let last = Int(min(max(0, (upper / groupStep).rounded(.down)), lastGroup))
    return (first * slots.count)..<min(itemCount, (last + 1) * slots.count)
  }

  /// A boundary item's frame, moved to stay inside the visible bounds while its section is on screen if it pins.
  func frame(of boundary: PlacedBoundaryItem, visible: CGRect) -> CGRect {
    var frame = boundary.frame
    switch boundary.pinning {
    case .none:
      break
    case .top:
      frame.origin.y = max(frame.minY, min(visible.minY, end - frame.height))
    case .bottom:
      frame.origin.y = min(frame.minY, max(visible.maxY - frame.height, start))
    }
    return frame
  }
}

/// A boundary item placed in its section.
struct PlacedBoundaryItem {
  enum Pinning {
    case none
    case top
    case bottom
  }

  var kind: String
  /// Where the item is when nothing pins it.
  var frame: CGRect
  var pinning: Pinning
  /// Whether the item comes before the section's cells in a query's answer.
  var isLeading: Bool

  init(
    _ item: CollectionLayoutBoundarySupplementaryItem, top: CGFloat, insets: DirectionalEdgeInsets, container: CGSize
  ) {
    kind = item.elementKind
    isLeading = item.alignment.isTop
    let size = item.layoutSize.resolved(in: container)
    let x: CGFloat
    switch item.alignment {
    case .topLeading, .leading, .bottomLeading: x = insets.leading
    case .topTrailing, .trailing, .bottomTrailing: x = insets.leading + container.width - size.width
    case .top, .bottom, .none: x = insets.leading + (container.width - size.width) / 2
    }
    frame = CGRect(x: x, y: top, width: size.width, height: size.height)
    pinning = !item.pinToVisibleBounds ? .none : item.alignment.isTop ? .top : item.alignment.isBottom ? .bottom : .none
  }
}

extension CollectionRectAlignment {
  var isTop: Bool {
    self == .top || self == .topLeading || self == .topTrailing
  }

  var isBottom: Bool {
    self == .bottom || self == .bottomLeading || self == .bottomTrailing
  }
}

/// Works out where a group puts its items, relative to its top left corner.
enum GroupSlots {
  /// Slack for lengths that add up to the room only up to rounding (five fifths of a width).
  private static let tolerance: CGFloat = 0.001
  /// A bound on the slots of one group, so that tiny items keep a group finite.
  private static let maximumSlots = 100_000

  /// The item slots of an item or group of a size, in item order: an item's frame shrunk by its content
  /// insets, or a group's subitems' slots.
  static func slots(of item: CollectionLayoutItem, size: CGSize) -> [CGRect] {
    guard let group = item as? CollectionLayoutGroup else {
      return [CGRect(origin: .zero, size: size).inset(by: item.contentInsets)]
    }
    let inner = CGRect(origin: .zero, size: size).inset(by: group.contentInsets)
    let horizontal = group.axis == .horizontal
    let room = horizontal ? inner.width : inner.height
    let minimumSpacing = usable(group.interItemSpacing?.spacing ?? 0)
    let placed = subitemSizes(of: group, inner: inner.size, room: room, spacing: minimumSpacing)
    let used =
      placed.reduce(CGFloat(0)) { $0 + (horizontal ? $1.size.width : $1.size.height) }
      + CGFloat(max(0, placed.count - 1)) * minimumSpacing
    var spacing = minimumSpacing
    if group.interItemSpacing?.isFlexibleSpacing == true, placed.count > 1 {
      spacing += max(0, room - used) / CGFloat(placed.count - 1)
    }
    var slots: [CGRect] = []
    var cursor: CGFloat = 0
    for (subitem, subitemSize) in placed {
      let origin =
        horizontal ? CGPoint(x: inner.minX + cursor, y: inner.minY) : CGPoint(x: inner.minX, y: inner.minY + cursor)
      slots += Self.slots(of: subitem, size: subitemSize).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
      cursor += (horizontal ? subitemSize.width : subitemSize.height) + spacing
    }
    return slots
  }

  /// The subitems a group places, each with its size: `count` equal shares, or the subitems in turn, again and
  /// again, while the next fits (at least one).
  private static func subitemSizes(of group: CollectionLayoutGroup, inner: CGSize, room: CGFloat, spacing: CGFloat)
    -> [(item: CollectionLayoutItem, size: CGSize)]
  {
    guard let first = group.subitems.first else { return [] }
    let horizontal = group.axis == .horizontal
    if let count = group.repeatCount {
      guard count > 0 else { return [] }
      let share = usable((room - CGFloat(count - 1) * spacing) / CGFloat(count))
      let natural = first.layoutSize.resolved(in: inner)
      let size = horizontal ? CGSize(width: share, height: natural.height) : CGSize(width: natural.width, height: share)
      return Array(repeating: (first, size), count: min(count, maximumSlots))
    }
    var placed: [(item: CollectionLayoutItem, size: CGSize)] = []
    var used: CGFloat = 0
    var usedAtPassStart: CGFloat = 0
    while placed.count < maximumSlots {
      let subitem = group.subitems[placed.count % group.subitems.count]
      let size = subitem.layoutSize.resolved(in: inner)
      let needed =
        placed.isEmpty
        ? (horizontal ? size.width : size.height) : used + spacing + (horizontal ? size.width : size.height)
      if !placed.isEmpty, needed > room + tolerance { break }
      placed.append((subitem, size))
      used = needed
      if placed.count % group.subitems.count == 0 {
        // A whole pass that took no room would repeat without end.
        if used == usedAtPassStart { break }
        usedAtPassStart = used
      }
    }
    return placed
  }
}
