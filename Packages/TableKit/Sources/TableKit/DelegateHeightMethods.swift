/// A set of the delegate's optional height methods, to remember which of them a delegate implements.
struct DelegateHeightMethods: OptionSet {
  let rawValue: UInt8

  /// `tableView(_:heightForRowAt:)`.
  static let rowHeight = Self(rawValue: 1 << 0)
  /// `tableView(_:estimatedHeightForRowAt:)`.
  static let estimatedRowHeight = Self(rawValue: 1 << 1)
  /// `tableView(_:heightForHeaderInSection:)`.
  static let headerHeight = Self(rawValue: 1 << 2)
  /// `tableView(_:heightForFooterInSection:)`.
  static let footerHeight = Self(rawValue: 1 << 3)
}
