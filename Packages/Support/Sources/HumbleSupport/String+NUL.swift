extension StringProtocol {
  /// Whether the text holds a NUL character.
  ///
  /// SQLite's and PostgreSQL's text would cut or refuse the text there (so that `"aurora-vale\0x"` found
  /// `aurora-vale`), and no catalog ID or name holds one: such text matches nothing and is never stored.
  public var containsNUL: Bool { utf8.contains(0) }
}
