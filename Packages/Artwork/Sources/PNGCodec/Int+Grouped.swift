extension Int {
  /// The number with its thousands grouped by commas ("100,000"), the same in every locale.
  var grouped: String {
    let digits = String(magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return self < 0 ? "-" + text : text
  }
}
