/// A failure reported to the user as one line on standard error, with a non-zero exit status.
struct CommandFailure: Error, CustomStringConvertible {
  /// The line printed after `Error: `.
  let description: String
}
