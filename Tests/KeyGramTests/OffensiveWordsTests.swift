@_spi(Testing) @testable import KeyGram
import Testing

/// Offensive words (format 2.6 `OFFN`): a hand-made table (`FormTable`'s words) that flags
/// "cat", whose decoder never offers it while it blocks offensive words.
@Suite("Offensive words")
struct OffensiveWordsTests {
  static let layout = KeyboardLayout.iPhonePortraitQWERTY
  typealias Section = FormTable.Section

  /// The `OFFN` bytes flagging `words` of the hand-made table, ascending by node.
  static func section(flagging words: [String]) -> Section {
    let lexicon = FormTable.table.lexicon!
    let nodes = words.map { lexicon.wordID(spelledBy: FormTable.letters($0, table: FormTable.table))!.rawValue }.sorted()
    var bytes: [UInt8] = []
    for node in nodes { FormTable.append32(Int(node), to: &bytes) }
    return Section(tag: TableFormat.Section.offensiveWords, bytes: bytes, elementCount: nodes.count)
  }

  static func image(_ section: Section, minor: UInt8 = 6) -> [UInt8] {
    FormTable.image(inserting: section, after: TableFormat.Section.writtenForms, minor: minor)
  }

  static let table: KeyGramTable = {
    do { return try KeyGramTable(copying: image(section(flagging: ["cat"]))) } catch { fatalError("the OFFN table does not open: \(error)") }
  }()

  func decoder(blocking: Bool = true, history: WordHistory? = nil) -> WordDecoder {
    var parameters = WordDecoder.Parameters()
    parameters.blocksOffensiveWords = blocking
    return WordDecoder(table: Self.table, layout: Self.layout, parameters: parameters, wordHistory: history)
  }

  func alternatives(_ decision: WordDecision) -> [String] { (0..<decision.alternativeCount).map { decision.alternative(at: $0).text } }

  func decide(_ typed: String, with decoder: WordDecoder) -> WordDecision {
    decoder.reset()
    WrittenFormsDecoderTests.type(typed, into: decoder, table: Self.table)
    let decision = decoder.decide(limit: 8)
    decoder._checkInvariants()
    return decision
  }

  func suggestions(_ typed: String, with decoder: WordDecoder) -> [String] {
    decoder.reset()
    WrittenFormsDecoderTests.type(typed, into: decoder, table: Self.table)
    return decoder.suggestions(limit: 8).map(\.text)
  }

  @Test("the table says which words it flags; a table without OFFN flags none")
  func opens() throws {
    let flagged = try #require(Self.table.offensiveWords)
    let lexicon = try #require(Self.table.lexicon)
    #expect(flagged.count == 1)
    let cat = try #require(lexicon.wordID(spelledBy: FormTable.letters("cat", table: Self.table)))
    let hat = try #require(lexicon.wordID(spelledBy: FormTable.letters("hat", table: Self.table)))
    #expect(flagged.contains(cat))
    #expect(!flagged.contains(hat))
    #expect(flagged.ids == [cat])
    #expect(FormTable.table.offensiveWords == nil)
  }

  @Test("a damaged OFFN is refused with where and what")
  func badInputs() {
    func error(_ section: Section, minor: UInt8 = 6) -> String? { FormTable.sectionError("OFFN", in: Self.image(section, minor: minor)) }
    var twice = Self.section(flagging: ["cat"])
    twice.bytes += twice.bytes
    twice.elementCount = 2
    #expect(error(twice)?.contains("is not above") == true)
    var miscounted = Self.section(flagging: ["cat", "dog"])
    miscounted.elementCount = 1
    #expect(error(miscounted)?.contains("length 8, expected 4") == true)
    var outside = Self.section(flagging: ["cat"])
    FormTable.store32(1_000_000, in: &outside.bytes, at: 0)
    #expect(error(outside)?.contains("below the lexicon's") == true)
    // A 2.5 table cannot hold OFFN.
    #expect(throws: KeyGramTableError.self) { try KeyGramTable(copying: Self.image(Self.section(flagging: ["cat"]), minor: 5)) }
    #expect(error(Self.section(flagging: ["cat", "dog"])) == nil)
  }

  @Test("a flagged word is never a correction, an alternative or a completion; unblocked it is")
  func neverOffered() {
    let blocked = decoder(), open = decoder(blocking: false)
    // "cst": one key off "cat".
    let openDecision = decide("cst", with: open)
    #expect(alternatives(openDecision).contains("cat"), "\(alternatives(openDecision))")
    let blockedDecision = decide("cst", with: blocked)
    #expect(!alternatives(blockedDecision).contains("cat"), "\(alternatives(blockedDecision))")
    #expect(!(blockedDecision.replaces && blockedDecision.best.text == "cat"))
    #expect(suggestions("ca", with: open).contains("cat"))
    #expect(!suggestions("ca", with: blocked).contains("cat"))
    // The decoder's setting follows at once.
    blocked.blocksOffensiveWords = false
    #expect(suggestions("ca", with: blocked).contains("cat"))
  }

  @Test("typed exactly, a flagged word stands")
  func typedExactlyStands() {
    let decision = decide("cat", with: decoder())
    #expect(decision.typed.text == "cat")
    #expect(!decision.replaces)
    #expect(decision.typed.source.contains(.lexicon))
  }

  @Test("a flagged word the history holds twice is the user's own and is offered again")
  func usersOwnWord() {
    let history = WordHistory()
    let decoder = decoder(history: history)
    let cat = FormTable.letters("cat", table: Self.table)
    _ = history.learn(length: cat.count) { cat[$0] }
    #expect(!suggestions("ca", with: decoder).contains("cat"), "kept once: still blocked")
    _ = history.learn(length: cat.count) { cat[$0] }
    #expect(suggestions("ca", with: decoder).contains("cat"))
    #expect(alternatives(decide("cst", with: decoder)).contains("cat"))
  }

  @Test("the typing engine blocks by default, and its setting turns it off")
  func engineSetting() {
    let engine = TypingEngine(table: Self.table, layout: Self.layout)
    #expect(engine.settings.blocksOffensiveWords)
    #expect(engine.decoder.blocksOffensiveWords)
    engine.settings.blocksOffensiveWords = false
    #expect(!engine.decoder.blocksOffensiveWords)
    let off = TypingEngine(table: Self.table, layout: Self.layout, settings: TypingSettings(blocksOffensiveWords: false))
    #expect(!off.decoder.blocksOffensiveWords)
  }
}
