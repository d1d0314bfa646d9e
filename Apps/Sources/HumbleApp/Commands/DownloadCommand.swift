extension CommandDeclaration {
  /// `download <row>`: perform the row's Download action (or cancel its running download).
  static let download = CommandDeclaration.row(
    "download", "download the row's track (or cancel its download)", example: "download 2"
  ) { .download($0) }
}
