import Foundation
import HumbleApp
import Testing

/// What the terminal decides: its size, the viewport's default height, whether lines carry colour and how artwork is
/// coloured.
@Suite(.timeLimit(.minutes(5))) struct TerminalTests {
  @Test func aPipeHasNoTerminalSize() {
    let pipe = Pipe()
    #expect(Terminal.size(of: pipe.fileHandleForWriting.fileDescriptor) == nil)
  }

  @Test func theRowsAskedForWinEvenInAnInteractiveSession() {
    #expect(Terminal.viewportRows(requested: 7, interactive: true, terminalRows: 50) == 7)
    #expect(Terminal.viewportRows(requested: 7, interactive: false, terminalRows: nil) == 7)
  }

  @Test func anInteractiveSessionLeavesFourOfTheTerminalsRowsAndKeepsAtLeastThree() {
    #expect(Terminal.viewportRows(requested: nil, interactive: true, terminalRows: 50) == 46)
    #expect(Terminal.viewportRows(requested: nil, interactive: true, terminalRows: 5) == 3)
  }

  @Test func withoutATerminalOrInteractionTheViewportHasTwentyRows() {
    #expect(Terminal.viewportRows(requested: nil, interactive: true, terminalRows: nil) == 20)
    #expect(Terminal.viewportRows(requested: nil, interactive: false, terminalRows: 50) == 20)
  }

  @Test func anInteractiveSessionOnATerminalUsesColour() {
    #expect(colour(environment: ["TERM": "xterm-256color"]))
    #expect(colour(environment: ["TERM": "xterm", "NO_COLOR": ""]))
  }

  @Test func colourIsLeftOutByEachOfItsVetoes() {
    #expect(!colour(interactive: false))
    #expect(!colour(noColor: true))
    #expect(!colour(json: true))
    #expect(!colour(outputIsATerminal: false))
    #expect(!colour(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    #expect(!colour(environment: ["TERM": "dumb"]))
  }

  @Test func artworkIsNotColouredWhenLinesCarryNoColour() {
    #expect(Terminal.artworkColours(usesColour: false, environment: ["COLORTERM": "truecolor"]) == .none)
    #expect(RenderOptions().artworkColours == .none)
    #expect(RenderOptions(width: 80, usesColour: true).artworkColours == .none)
  }

  @Test func artworkIsInTrueColourWhereColortermSaysTheTerminalSupportsIt() {
    for value in ["truecolor", "24bit", "TrueColor", "24BIT"] {
      #expect(Terminal.artworkColours(usesColour: true, environment: ["COLORTERM": value]) == .trueColour, "\(value)")
    }
  }

  @Test func artworkIsInTheTwoHundredAndFiftySixColourPaletteOtherwise() {
    #expect(Terminal.artworkColours(usesColour: true, environment: [:]) == .palette256)
    #expect(Terminal.artworkColours(usesColour: true, environment: ["COLORTERM": "yes"]) == .palette256)
    #expect(Terminal.artworkColours(usesColour: true, environment: ["COLORTERM": ""]) == .palette256)
  }

  private func colour(
    interactive: Bool = true, noColor: Bool = false, json: Bool = false, outputIsATerminal: Bool = true,
    environment: [String: String] = ["TERM": "xterm"]
  ) -> Bool {
    Terminal.usesColour(
      interactive: interactive, noColor: noColor, json: json, outputIsATerminal: outputIsATerminal,
      environment: environment)
  }
}
