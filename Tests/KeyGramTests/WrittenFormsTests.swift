@_spi(Testing) import KeyGram
import Testing

/// Format 2.2 `FORM`: how the lexicon's words are written, read at open and applied to the
/// decoder's words. The tables are the fixture's sections with a hand-written `LEXI` and `FORM`
/// (`FormTable`).
@Suite("Written forms: the FORM section")
struct WrittenFormsSectionTests {
  typealias Section = FormTable.Section

  func formError(_ image: [UInt8]) -> String? { FormTable.sectionError("FORM", in: image) }

  func image(_ edit: (inout Section) -> Void) -> [UInt8] { FormTable.image(words: FormTable.words, editForm: edit) }

  @Test("the hand-made table opens, at format 2.2, with its entries and apostrophe")
  func opens() throws {
    let table = FormTable.table
    #expect(table.formatVersion.minor == 2)
    #expect(table.hasWrittenForms)
    #expect(table.apostrophe == "'")
    #expect(table.writtenFormEntryCount == FormTable.words.filter { !$0.forms.isEmpty }.count)
  }

  @Test("each bad FORM is refused at open with its reason")
  func badInputs() {
    // A truncated head.
    #expect(formError(image { $0.bytes = [UInt8]($0.bytes.prefix(8)) })?.contains("shorter than its 16-byte head") == true)
    // Reserved bytes not zero.
    #expect(formError(image { $0.bytes[13] = 1 })?.contains("reserved") == true)
    // More entries than the lexicon has words (the directory agreeing).
    let words = FormTable.words.count
    #expect(formError(image {
      FormTable.store32(words + 1, in: &$0.bytes, at: 0)
      $0.elementCount = words + 1
    })?.contains("for a lexicon of \(words) words") == true)
    // The directory's count differs from the section's.
    #expect(formError(image { $0.elementCount += 1 })?.contains("the directory counts") == true)
    // A length the counts do not give.
    #expect(formError(image { $0.bytes += [UInt8](repeating: 0, count: 16) })?.contains("expected") == true)
    #expect(formError(image { FormTable.store32(FormTable.read32($0.bytes, at: 8) + 40, in: &$0.bytes, at: 8) })?.contains("pool") == true)
    // An apostrophe that is no Unicode scalar (a surrogate, and past U+10FFFF).
    #expect(formError(FormTable.image(words: FormTable.words, apostrophe: 0xD800))?.contains("not a Unicode scalar") == true)
    #expect(formError(FormTable.image(words: FormTable.words, apostrophe: 0x11_0000))?.contains("not a Unicode scalar") == true)
    // FORM without LEXI.
    let withoutLexicon = FormTable.pack(FormTable.baseSections(FormTable.image).filter { $0.tag != TableFormat.Section.lexicon },
                                        header: Array(FormTable.image[0..<TableFormat.headerSize]))
    #expect(formError(withoutLexicon)?.contains("no LEXI") == true)
    // Another apostrophe scalar is kept.
    let typographic = try? KeyGramTable(copying: FormTable.image(words: FormTable.words, apostrophe: 0x2019))
    #expect(typographic?.apostrophe == "\u{2019}")
  }

  @Test("a table without FORM (2.1) writes every word in lowercase, with U+0027 as its apostrophe")
  func withoutForms() throws {
    let table = try KeyGramTable(copying: FormTable.image(words: FormTable.words, withForms: false))
    #expect(!table.hasWrittenForms && table.apostrophe == "'" && table.writtenFormEntryCount == 0)
    let lexicon = try #require(table.lexicon)
    let the = try #require(lexicon.word(spelledBy: FormTable.letters("the", table: table)))
    let forms = table.writtenForms(of: the)
    #expect(forms.count == 1 && !forms.hasEntry && forms[0] == .plain)
  }

  @Test("a word's terminal node from its letters, nil for a prefix or a non-word")
  func wordNodes() throws {
    let table = FormTable.table
    let lexicon = try #require(table.lexicon)
    func node(_ text: String) -> LexiconNode? { lexicon.word(spelledBy: FormTable.letters(text, table: table)) }
    #expect(node("haus") != nil && node("house") != nil && node("i") != nil)
    #expect(node("hau") == nil && node("xyz") == nil && node("") == nil && node("hauses") == nil)
    #expect(lexicon.node(spelledBy: FormTable.letters("hau", table: table)) != nil)
    #expect(lexicon.word(spelledBy: [-1, 400]) == nil)
  }

  @Test("forms read back as written: case, capital mask, apostrophes, shares, best first")
  func lookups() throws {
    let table = FormTable.table
    let lexicon = try #require(table.lexicon)
    func forms(_ text: String) throws -> WrittenForms {
      table.writtenForms(of: try #require(lexicon.word(spelledBy: FormTable.letters(text, table: table))))
    }
    let dont = try forms("dont")
    #expect(dont.hasEntry && dont.count == 1)
    #expect(dont[0].letterCase == .lower && dont[0].apostropheCount == 1 && dont[0].apostrophePosition(at: 0) == 3 && dont[0].share == 255)
    #expect(try forms("haus")[0].letterCase == .capitalised)
    #expect(try forms("nasa")[0].letterCase == .capitals && forms("nasa")[0].capitalMask(length: 4) == 0b1111)
    let iphone = try forms("iphone")[0]
    #expect(iphone.letterCase == .mixed && iphone.capitalMask(length: 6) == 0b10)
    let its = try forms("its")
    #expect(its.count == 2 && its[0] == WrittenForm(share: 150, letterCase: .lower) && its[1] == WrittenForm(share: 105, letterCase: .lower, apostrophes: [2]))
    let the = try forms("the")
    #expect(!the.hasEntry && the.count == 1 && the[0] == .plain)
    #expect(table.writtenForms(ofNode: -1).count == 1 && table.writtenForms(ofNode: 1 << 30).count == 1)
  }

  @Test("a damaged pool gives wrong forms, never a read outside the section", arguments: 0..<64)
  func damagedPool(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed))
    let image = image { section in
      let entries = FormTable.read32(section.bytes, at: 0)
      let poolStart = TableFormat.WrittenForms.poolOffset(entryCount: entries)
      // Scramble the node ids' order, the offsets and the pool (the head and length stay valid).
      for offset in TableFormat.WrittenForms.headSize..<(poolStart + FormTable.read32(section.bytes, at: 8)) where generator.next() % 3 == 0 {
        section.bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
      }
    }
    let table = try KeyGramTable(copying: image)
    let lexicon = try #require(table.lexicon)
    var seen = 0
    for node in -2..<(lexicon.nodeCount + 3) {
      let forms = table.writtenForms(ofNode: node)
      #expect((1...4).contains(forms.count))
      for index in 0..<forms.count {
        let form = forms[index]
        seen += form.apostropheCount + Int(form.share)
        for position in 0..<form.apostropheCount { seen &+= form.apostrophePosition(at: position) }
      }
    }
    #expect(seen > 0)
    // The decoder writes whatever it reads within the word.
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let decoder = WordDecoder(table: table, layout: layout)
    for word in ["dont", "haus", "its", "iphone", "nasa"] {
      WrittenFormsDecoderTests.type(word, into: decoder, table: table)
      let decision = decoder.decide(limit: 8)
      for index in 0..<decision.alternativeCount {
        let word = decision.alternative(at: index)
        #expect(word.writtenCount >= word.count && word.writtenCount <= word.count + 3)
        _ = word.text
      }
      _ = decoder.suggestions(limit: 8)
      decoder._checkInvariants()
      decoder.reset()
    }
  }
}

@Suite("Written forms: decided and suggested words")
struct WrittenFormsDecoderTests {
  static let layout = KeyboardLayout.iPhonePortraitQWERTY
  let table = FormTable.table

  /// Touches each scalar's key at its centre; an uppercase ASCII scalar types its letter's capital.
  static func type(_ word: String, into decoder: WordDecoder, table: KeyGramTable) {
    for scalar in word.unicodeScalars {
      let isCapital = scalar.value >= 0x41 && scalar.value <= 0x5A
      let lower = isCapital ? Unicode.Scalar(scalar.value + 0x20)! : scalar
      let key = layout.keyIndex(ofLetter: lower)!
      let frame = layout[key].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: table.letterIndex(of: lower)!, isCapital: isCapital)
    }
  }

  func decide(_ typed: String, limit: Int = 3) -> (WordDecoder, WordDecision) {
    let decoder = WordDecoder(table: table, layout: Self.layout)
    Self.type(typed, into: decoder, table: table)
    let decision = decoder.decide(limit: limit)
    decoder._checkInvariants()
    return (decoder, decision)
  }

  func written(_ word: DecodedWord) -> String {
    var text = ""
    for position in 0..<word.writtenCount { text.unicodeScalars.append(word.writtenScalar(at: position)) }
    return text
  }

  @Test("a word typed without its apostrophe is replaced by its written form", arguments: [
    ("dont", "don't"), ("youre", "you're"), ("Dont", "Don't"), ("DONT", "DON'T"),
  ])
  func apostrophes(typed: String, expected: String) {
    let (_, decision) = decide(typed)
    #expect(decision.typed.text == typed)
    #expect(decision.best.text == expected)
    #expect(written(decision.best) == expected)
    #expect(decision.best.hasSameLetters(as: decision.typed))
    #expect(decision.replaces)
  }

  @Test("typed letters that no other word beats by the margin are still written as their lexicon word is")
  func typedWordWrittenWhenKept() {
    var parameters = WordDecoder.Parameters.withoutSpellingEdits
    parameters.margin = 1000
    parameters.languageWeight = 5
    for limit in [1, 3] {
      let decoder = WordDecoder(table: table, layout: Self.layout, parameters: parameters)
      Self.type("vat", into: decoder, table: table)
      let decision = decoder.decide(limit: limit)
      decoder._checkInvariants()
      // "cat" scores above "vat" (v is c's neighbour, cat 25 times as common) but not by the margin.
      #expect(decision.best.text == "VAT" && decision.replaces && decision.typed.text == "vat", "limit \(limit)")
      if limit == 3 { #expect(decision.alternative(at: 1).text == "cat") }
    }
  }

  @Test("capitals come from the form, and a typed capital first letter or typed capitals on top", arguments: [
    ("hsus", "Haus", true), ("haus", "Haus", true), ("Haus", "Haus", false), ("HAUS", "HAUS", false), ("i", "I", true),
    ("I", "I", false), ("nasa", "NASA", true), ("NASA", "NASA", false), ("iphone", "iPhone", true), ("iPhone", "iPhone", false),
    ("IPHONE", "IPHONE", false), ("the", "the", false), ("The", "The", false), ("THE", "THE", false),
  ])
  func capitals(typed: String, expected: String, replaces: Bool) {
    let (_, decision) = decide(typed)
    #expect(decision.typed.text == typed)
    #expect(decision.best.text == expected)
    #expect(decision.replaces == replaces)
  }

  @Test("a typed word that is one of the word's forms stands, and its other forms follow it", arguments: [
    ("its", "its", "it's"), ("Its", "Its", "It's"), ("bill", "bill", "Bill"), ("Bill", "Bill", nil),
  ])
  func keptForms(typed: String, best: String, other: String?) {
    let (_, decision) = decide(typed, limit: 4)
    #expect(decision.best.text == best)
    #expect(!decision.replaces)
    let texts = (0..<decision.alternativeCount).map { decision.alternative(at: $0).text }
    if let other {
      #expect(texts.count >= 2 && texts[1] == other, "\(texts)")
      #expect(decision.alternative(at: 1).hasSameLetters(as: decision.best))
      #expect(decision.alternative(at: 1).formIndex != decision.best.formIndex)
    }
    #expect(Set(texts).count == texts.count, "\(texts)")
  }

  @Test("suggestions are written forms, a word's other forms after it, within the limit")
  func suggestions() {
    let decoder = WordDecoder(table: table, layout: Self.layout, parameters: .withoutSpellingEdits)
    Self.type("it", into: decoder, table: table)
    let texts = decoder.suggestions(limit: 4).map(\.text)
    #expect(texts == ["it", "its", "it's"])
    #expect(decoder.suggestions(limit: 2).map(\.text) == ["it", "its"])
    decoder.reset()
    Self.type("Ha", into: decoder, table: table)
    #expect(decoder.suggestions(limit: 3).map(\.text).contains("Haus"))
    decoder.reset()
    Self.type("do", into: decoder, table: table)
    #expect(decoder.suggestions(limit: 3).map(\.text).contains("don't"))
    #expect(decoder.suggestions(limit: 1).count == 1)
  }

  @Test("undo restores exactly what was typed, capitals included")
  func undo() throws {
    for (typed, replacement) in [("dont", "don't"), ("Hsus", "Haus"), ("i", "I")] {
      let (decoder, decision) = decide(typed)
      #expect(decision.replaces && decision.best.text == replacement)
      decoder.finishWord(decision)
      let restoration = try #require(decoder.undoReplacement())
      #expect(restoration.restored.text == typed)
      #expect(restoration.replaced.text == replacement)
      // The restored word stands as typed.
      let again = decoder.decide()
      #expect(!again.replaces && again.typed.text == typed)
    }
  }

  @Test("a backspace forgets the deleted touch's capital")
  func backspace() {
    let decoder = WordDecoder(table: table, layout: Self.layout)
    Self.type("HAUx", into: decoder, table: table)
    decoder.removeLast()
    Self.type("s", into: decoder, table: table)
    let decision = decoder.decide()
    #expect(decision.typed.text == "HAUs")
    decoder.removeLast()
    decoder.removeLast()
    decoder.removeLast()
    Self.type("aus", into: decoder, table: table)
    #expect(decoder.decide().typed.text == "Haus" && !decoder.decide().replaces)
    decoder._checkInvariants()
  }

  @Test("words outside the lexicon keep the typed letters and capitals")
  func outsideTheLexicon() {
    let (_, decision) = decide("QwXz")
    #expect(decision.typed.text == "QwXz")
    #expect(decision.typed.formIndex == nil && decision.typed.lexiconNode == nil)
  }

  @Test("without FORM, words are written in lowercase with the typed case on top")
  func withoutForms() {
    let plain = try! KeyGramTable(copying: FormTable.image(words: FormTable.words, withForms: false))
    let decoder = WordDecoder(table: plain, layout: Self.layout)
    Self.type("dont", into: decoder, table: plain)
    var decision = decoder.decide()
    #expect(decision.best.text == "dont" && !decision.replaces)
    decoder.reset()
    Self.type("Haus", into: decoder, table: plain)
    decision = decoder.decide()
    #expect(decision.best.text == "Haus" && !decision.replaces && decision.best.formIndex == 0)
  }
}
