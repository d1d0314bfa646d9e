import Foundation

/// Builds small, valid, 8-bit mono PCM WAV files for the demo catalog's streams.
enum WaveFile {
  /// A WAV file lasting `seconds` at `bytesPerSecond` samples per second: a tone whose pitch depends on
  /// `seed`, so different tracks have different bytes.
  static func data(seconds: Double, bytesPerSecond: Int, seed: String) -> Data {
    let sampleCount = max(1, Int(seconds * Double(bytesPerSecond)))
    let period = 4 + seed.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % 24
    var data = Data(capacity: 44 + sampleCount)
    func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
    append("RIFF")
    append32(36 + sampleCount)
    append("WAVEfmt ")
    append32(16)
    append16(1)  // PCM
    append16(1)  // mono
    append32(bytesPerSecond)  // sample rate
    append32(bytesPerSecond)  // byte rate
    append16(1)  // block align
    append16(8)  // bits per sample
    append("data")
    append32(sampleCount)
    var samples = [UInt8](repeating: 128, count: sampleCount)
    for index in samples.indices {
      let phase = Double(index % period) / Double(period)
      samples[index] = UInt8(128 + 100 * sin(phase * 2 * .pi))
    }
    data.append(contentsOf: samples)
    return data
  }
}
