import Services

extension ChangeBroadcaster {
  /// The number of subscribers whose streams are still open: a test can check that a screen that went away
  /// stopped listening.
  public var subscriberCount: Int { openSubscriberCount }
}
