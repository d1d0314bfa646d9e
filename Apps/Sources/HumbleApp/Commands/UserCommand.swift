import Domain

extension CommandDeclaration {
  /// `user age <n>`: the viewer's age.
  static let user = CommandDeclaration(
    name: "user", usage: "user age <n>", summary: "the viewer's age (explicit tracks hide under 18)",
    example: "user age 15", needsPage: true, completion: .words(["age"]),
    samples: ["0", "12", "17", "18", "30", "150", "151", "-1", "old"].map { "age \($0)" }
  ) { arguments throws(CommandError) in
    let words = arguments.words
    guard words.count == 2, words[0].lowercased() == "age", let age = Int(words[1]), (0...150).contains(age) else {
      throw CommandError("user: usage: user age <years, 0 to 150>")
    }
    return .userAge(age)
  }
}

extension Session {
  /// Sets the viewer's age: the open page filters its explicit tracks again, and pages opened later start with it.
  func setUserAge(_ age: Int, on screen: ArtistScreenController) -> CommandOutput {
    user = User(age: age)
    screen.dataSource.user = user
    screen.show(screen.dataSource.snapshot)
    return pageOutput()
  }
}

extension Session {
  /// Sets the viewer's age on a grid: posters have no explicit filter, and the pages of tracks opened from here on
  /// start with it.
  func setUserAge(_ age: Int) -> CommandOutput {
    user = User(age: age)
    return pageOutput()
  }
}
