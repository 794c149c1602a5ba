import Foundation
import KeyGram
import Testing

/// The word decoder on tables with flat letter rows and a lexicon of a few words, whose
/// probabilities can be worked out by hand: Fixtures/word-lists/, which RuntimeFixtureTests
/// (Tests/KeyGramPipelineTests) builds from the word lists named there and keeps current.
@Suite("Word decoder on fixture tables")
struct WordDecoderFixtureTests {
  /// Fixtures/word-lists/`name`.keygram: "bat3-bay1" (bat 3, bay 1), "bat1" (bat 1) or
  /// "no-lexicon" (no lexicon at all).
  static func table(_ name: String) throws -> KeyGramTable {
    try KeyGramTable(contentsOf: FixtureTable.folder + "/word-lists/\(name).keygram")
  }

  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func centre(_ scalar: Unicode.Scalar) -> TouchPoint {
    let frame = layout[layout.keyIndex(ofLetter: scalar)!].frame
    return TouchPoint(x: frame.midX, y: frame.midY)
  }

  func add(_ scalar: Unicode.Scalar, at touch: TouchPoint, to decoder: WordDecoder, table: KeyGramTable) {
    decoder.add(touch, key: layout.keyIndex(ofLetter: scalar)!, letter: table.letterIndex(of: scalar)!)
  }

  @Test("a touch halfway between two keys is decided by the words' counts: log(49,151 / 16,384) apart")
  func countsDecideAnEvenTouch() throws {
    // {bat: 3, bay: 1}: at node "ba" the shares are t 49,151 and y 16,384 of 65,535 (KL-closest).
    let table = try Self.table("bat3-bay1")
    let decoder = WordDecoder(table: table, layout: layout)
    add("b", at: centre("b"), to: decoder, table: table)
    add("a", at: centre("a"), to: decoder, table: table)
    let (t, y) = (centre("t"), centre("y"))
    add("y", at: TouchPoint(x: (t.x + y.x) / 2, y: t.y), to: decoder, table: table)
    let decision = decoder.decide(limit: 2)
    #expect(decision.alternativeCount == 2)
    #expect(decision.best.text == "bat" && decision.alternative(at: 1).text == "bay")
    let difference = decision.alternative(at: 0).score - decision.alternative(at: 1).score
    #expect(abs(difference - Float(Foundation.log(49_151.0 / 16_384))) < 1e-4, "\(difference)")
    // "bay" was shown; "bat" wins by less than the default margin of 4 nats, so "bay" stands.
    #expect(decision.typed.text == "bay")
    #expect(!decision.replaces)
    var eager = WordDecoder.Parameters()
    eager.margin = 0.5
    let replacing = WordDecoder(table: table, layout: layout, parameters: eager)
    for (scalar, touch) in [("b", centre("b")), ("a", centre("a")), ("y", TouchPoint(x: (t.x + y.x) / 2, y: t.y))] as [(Unicode.Scalar, TouchPoint)] {
      add(scalar, at: touch, to: replacing, table: table)
    }
    #expect(replacing.decide().replaces)
  }

  @Test("a touch scores −dx²/2σ²: one σ away costs half a nat")
  func touchLikelihood() throws {
    let table = try Self.table("bat1")
    let decoder = WordDecoder(table: table, layout: layout)
    add("b", at: centre("b"), to: decoder, table: table)
    add("a", at: centre("a"), to: decoder, table: table)
    add("t", at: centre("t"), to: decoder, table: table)
    let exact = decoder.decide().best.score
    decoder.removeLast()
    let t = centre("t")
    add("t", at: TouchPoint(x: t.x + 8, y: t.y), to: decoder, table: table)
    let moved = decoder.decide().best.score
    #expect(abs(exact - moved - 0.5) < 1e-4, "\(exact - moved)")
    // One word with all the lexicon's mass, no history: P(bat) = 1 / (1 + b), b = 0.1.
    #expect(abs(exact + Float(Foundation.log(1.1))) < 1e-4, "\(exact)")
  }

  @Test("a table without a lexicon keeps what was typed")
  func noLexicon() throws {
    let table = try Self.table("no-lexicon")
    #expect(table.lexicon == nil)
    let history = WordHistory()
    let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
    for scalar in "keybaord".unicodeScalars { add(scalar, at: centre(scalar), to: decoder, table: table) }
    let decision = decoder.decide()
    #expect(!decision.isDecoded && !decision.replaces)
    #expect(decision.typed.text == "keybaord" && decision.best.text == "keybaord")
    #expect(decoder.suggestions().isEmpty)
  }
}
