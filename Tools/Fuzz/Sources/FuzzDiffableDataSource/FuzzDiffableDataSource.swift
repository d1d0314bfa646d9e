import FuzzTargets

/// libFuzzer's entry point: runs one input against a table view's diffable data source (see
/// ``DiffableDataSourceFuzzer``).
///
/// libFuzzer calls it on the main thread, where the table view's synchronous main-actor work runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.runOnMainThread(data, size) { DiffableDataSourceFuzzer.run($0) }
}

@main
enum FuzzDiffableDataSource {
  static func main() {
    FuzzDriver.main(testOneInput, on: .main)
  }
}
