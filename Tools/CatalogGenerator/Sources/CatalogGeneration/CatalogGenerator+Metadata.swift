extension CatalogGenerator {
  /// The metadata key under which a generated catalog records its seed, in decimal.
  public static let seedMetadataKey = "generator.seed"

  /// The metadata key under which a generated catalog records its ``Configuration`` as JSON.
  public static let configurationMetadataKey = "generator.configuration"

  /// The metadata key under which a generated catalog records the generator's version.
  public static let versionMetadataKey = "generator.version"

  /// The generator's version: it changes whenever the same seed starts giving a different catalog.
  public static let version = "1"
}
