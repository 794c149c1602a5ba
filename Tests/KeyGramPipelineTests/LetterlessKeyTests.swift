import Foundation
@_spi(Testing) @testable import KeyGram
@testable import KeyGramPipeline
import Testing

/// The Greek manifest's `;` key (a letterless key, format 2.1) through the builder's `LAYT`
/// section, the runtime's loader, its geometry, the resolvers and the word decoder.
@Suite("Letterless keys, built")
struct LetterlessKeyBuildTests {
  static let greek: Language = {
    do { return try CorpusFolder(root: Fixtures.packageRoot + "/corpora").language("el") } catch { fatalError("\(error)") }
  }()

  /// A Greek table from two lines of text, with the shipped manifest's layout.
  static let image: [UInt8] = {
    let folder = Fixtures.temporaryFolder()
    let text = "καλημέρα σας τι κάνετε σήμερα\nη θάλασσα είναι ήρεμη και ο ουρανός καθαρός\n"
    let path = Fixtures.file("tiny.txt", Array(text.utf8), in: folder)
    var request = Pipeline.Request(language: greek, inputs: [path], corpusFolder: folder, output: .image)
    request.minimumLetters = 0
    do { return try Pipeline.build(request).image! } catch { fatalError("\(error)") }
  }()

  static let table: KeyGramTable = {
    do { return try KeyGramTable(copying: image) } catch { fatalError("\(error)") }
  }()

  @Test("LAYT holds the ; key as a key no letter is on, and the loader reads it back")
  func roundTrip() throws {
    let section = try #require(Self.table.sections.keyboardLayoutSection)
    let stored = Array(Self.image[section])
    #expect(stored == TableImage.layoutSection(Self.greek.layout!, language: Self.greek))
    #expect(stored[0] == 3 && stored[2] == 26 && Array(stored[4..<7]) == [10, 9, 7])
    let n = Self.table.letterCount
    #expect(!stored[(7)..<(7 + n)].contains(0))  // no letter on key 0
    #expect(Array(stored[(7 + n)..<(7 + n + 4)]) == [0x3B, 0, 0, 0])  // key 0's cap: ";"
    let keyboard = try #require(Self.table.keyboardLayout)
    #expect(keyboard.rows.map(\.count) == [10, 9, 7])
    #expect(keyboard.rows[0][0] == ";" && keyboard.isLetterless(key: 0))
    #expect((1..<26).allSatisfy { !keyboard.isLetterless(key: $0) })
    #expect(keyboard.keyRoles[0][0] == .punctuation(";") && keyboard.keyRoles[0][1] == .letter("ς"))
  }

  @Test("The Greek top row has 10 keys, the ; key first and without letters, laid out as QWERTY's")
  func geometry() throws {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    layout._checkInvariants()
    let top = layout.rows[0].keyRange
    #expect(top.count == 10)
    let semicolon = KeyIndex(top.first!)
    #expect(layout[semicolon].role == .punctuation(";") && layout[semicolon].letter == nil)
    let qwerty = KeyboardLayout.iPhonePortraitQWERTY
    for index in top { #expect(layout.keys[index].frame == qwerty.keys[index].frame && layout.keys[index].slot == qwerty.keys[index].slot) }
    let map = LetterKeyMap(layout: layout, table: Self.table)
    map._checkInvariants()
    #expect(map.letters(onKey: semicolon).isEmpty)
    for letter in 0..<Self.table.letterCount { #expect(map.keyIndex(ofLetter: letter) != nil && map.keyIndex(ofLetter: letter) != semicolon) }
  }

  @Test("A touch on the ; key's centre gives the ; key, and the decoder gets no letter from it")
  func resolveAndDecode() throws {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    let semicolon = try #require(layout.keyIndex(of: .punctuation(";")))
    var context = TypingContext(table: Self.table)
    context.record(contentsOf: "κα")
    let resolvers: [any WeightedKeyResolver] = [
      GaussianKeyResolver(layout: layout, table: Self.table), BoundaryShiftResolver(layout: layout, table: Self.table),
    ]
    for resolver in resolvers {
      #expect(resolver.resolve(layout[semicolon].frame.center, after: context) == semicolon)
      #expect(resolver.probability(ofKey: semicolon) == 0)
    }
    #expect(StaticKeyResolver(layout: layout).resolve(layout[semicolon].frame.center) == semicolon)
    // What a host does with the key: it is punctuation, not a letter, and ends the word.
    guard case .punctuation(let mark) = layout[semicolon].role else { Issue.record("not a punctuation key"); return }
    #expect(Self.table.letterIndex(of: mark) == nil)
    context.record(mark)
    #expect(context.letterContext.last == .boundary)
    let decoder = WordDecoder(table: Self.table, layout: layout)
    for letter in 0..<Self.table.letterCount { #expect(decoder.keyOfLetter[letter] != semicolon.rawValue) }
    decoder.add(layout[semicolon].frame.center, key: semicolon, letter: Self.table.letterIndex(of: mark) ?? -1)
    #expect(!decoder.decide().replaces)
  }
}
