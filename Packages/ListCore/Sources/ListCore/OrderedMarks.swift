/// Identifiers marked for reload or reconfigure: each once, in the order first marked.
@usableFromInline
struct OrderedMarks<Element: Hashable & Sendable>: Sendable {
  @usableFromInline var elements: [Element] = []
  @usableFromInline var members: Set<Element> = []

  @inlinable
  init() {}

  @inlinable
  mutating func insert(contentsOf newElements: [Element]) {
    for element in newElements where members.insert(element).inserted { elements.append(element) }
  }
}
