import FuzzTargets

/// libFuzzer's entry point: runs one input against a collection view (see ``CollectionKitFuzzer``).
///
/// libFuzzer calls it on the main thread, where the collection view's synchronous main-actor work runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.runOnMainThread(data, size) { CollectionKitFuzzer.run($0) }
}

@main
enum FuzzCollectionKit {
  static func main() {
    FuzzDriver.main(testOneInput, on: .main)
  }
}
