import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// Words written without their letters' marks (`LexiconChoice.Slip.marks`): a tiny word list and
/// dictionary over an alphabet with marked letters, whose every removal can be checked by hand.
@Suite("Words written without their marks left out of the lexicon")
struct MarkedLetterMisspellingTests {
  static let language = Language(
    code: "xx", name: "Marked", alphabet: Array("abcdefghijklmnopqrstuvwxyzäöüßéíóêïñłź".unicodeScalars),
    sources: [SourceRule(files: "*.freq.txt", feeds: .words), SourceRule(files: "dict.txt", feeds: .forms),
              SourceRule(files: "*", feeds: .letters)])

  /// Each word's count, and why it goes or stays (the ratio is the marked word's count over the word's).
  static let list: [(String, UInt64)] = [
    ("für", 10_000), ("über", 2_000), ("können", 1_000), ("información", 1_000), ("être", 1_000), ("straße", 1_000),
    ("año", 100_000), ("łódź", 1_000), ("naïve", 1_000), ("café", 1_000), ("même", 1_000),
    // Three letters, 200 times rarer: marks take the ratio of 20 at every length.
    ("fur", 50),
    // Exactly 20 times rarer goes; 19.6 times stays.
    ("uber", 100), ("konnen", 51),
    // Every mark left off (the first letter's too), or only some of them.
    ("informacion", 10), ("etre", 10), ("lodz", 10), ("łodz", 10),
    // A mark the dictionary's word does not have is no mark left off; ß has no base letter.
    ("infórmacion", 10), ("strasse", 10),
    // Both written by the dictionary: ano stays beside año.
    ("ano", 500),
    // café is not in the dictionary: cafe stays. naive goes though the text writes it twice and
    // naïve never: text without marks was typed without them.
    ("cafe", 10), ("naive", 10),
    // A letter without marks where the word has another letter: meme is même, mome is nothing.
    ("meme", 10), ("mome", 10),
  ]

  static let dictionary = "für\nüber\nkönnen\ninformación\nêtre\nstraße\naño\nano\nłódź\nnaïve\nmême\n"

  /// Left out, as the word whose marks they leave off.
  static let removed: [String: String] = [
    "fur": "für", "uber": "über", "informacion": "información", "etre": "être", "lodz": "łódź", "łodz": "łódź", "meme": "même", "naive": "naïve",
  ]

  static func choice(text: String = "x\n") throws -> LexiconChoice {
    let folder = Fixtures.temporaryFolder()
    let files = [("words.freq.txt", list.map { "\($0.0)\t\($0.1)\n" }.joined()), ("text.txt", text), ("dict.txt", dictionary)]
    let paths = files.map { Fixtures.file($0.0, Array($0.1.utf8), in: folder) }
    let counted = try CorpusCounter.count(paths, decoder: LetterDecoder(language: language))
    return try LexiconChoice.make(words: counted.words, forms: counted.forms, language: language, maximumWords: 1_000)
  }

  static func spelled(_ symbols: [UInt8]) -> String {
    String(String.UnicodeScalarView(symbols.map { language.alphabet[Symbol.letterIndex(of: $0)] }))
  }

  @Test("the rule by hand: which words go, as the word whose marks they leave off, and which stay")
  func removalsByHand() throws {
    let choice = try Self.choice(text: "x naive naive\n")
    var removed: [String: String] = [:]
    for removal in choice.removed {
      guard case .neighbour(let of, _, let slip) = removal.reason else {
        Issue.record("\(Self.spelled(removal.word)) left out by the list")
        continue
      }
      #expect(slip == .marks, "\(Self.spelled(removal.word))")
      removed[Self.spelled(removal.word)] = Self.spelled(of)
    }
    #expect(removed == Self.removed)
    #expect(choice.markRemovals == Self.removed.count && choice.neighbourRemovals == Self.removed.count)
    let kept = Set(choice.kept.map { Self.spelled($0.word) })
    for word in ["konnen", "infórmacion", "strasse", "ano", "cafe", "mome"] { #expect(kept.contains(word), "\(word) stays") }
  }

  @Test("without a dictionary only marks left off go, from a word 100 times as frequent")
  func withoutADictionary() throws {
    let language = Language(code: "xx", name: "Undictionaried", alphabet: Array("abcdefghijklmnopqrstuvwxyzçöü".unicodeScalars),
                            sources: [SourceRule(files: "*.freq.txt", feeds: .words), SourceRule(files: "*", feeds: .letters)])
    // cok: 200 times rarer than çok, goes; olum: exactly 100 times, goes; guzel: 90.9 times, stays;
    // teh, a swap of the 2,000 times rarer, stays: without a dictionary no other slip counts.
    let list = "çok\t10000\nthe\t10000\nölüm\t1000\ngüzel\t1000\ncok\t50\nguzel\t11\nolum\t10\nteh\t5\n"
    let folder = Fixtures.temporaryFolder()
    let paths = [Fixtures.file("words.freq.txt", Array(list.utf8), in: folder), Fixtures.file("text.txt", Array("x\n".utf8), in: folder)]
    let counted = try CorpusCounter.count(paths, decoder: LetterDecoder(language: language))
    let choice = try LexiconChoice.make(words: counted.words, forms: counted.forms, language: language, maximumWords: 1_000)
    func spelled(_ symbols: [UInt8]) -> String { String(String.UnicodeScalarView(symbols.map { language.alphabet[Symbol.letterIndex(of: $0)] })) }
    #expect(!choice.hasDictionary)
    #expect(Dictionary(uniqueKeysWithValues: choice.removed.map { removal -> (String, String) in
      guard case .neighbour(let of, _, .marks) = removal.reason else { return (spelled(removal.word), "?") }
      return (spelled(removal.word), spelled(of))
    }) == ["cok": "çok", "olum": "ölüm"])
    #expect(Set(choice.kept.map { spelled($0.word) }) == ["çok", "the", "ölüm", "güzel", "teh", "guzel"])
  }

  @Test("marks the layout types on their base letter's key go from a word 5 times as frequent, other marks from 20 times")
  func marksOnTheBaseKey() throws {
    // á, í and ç share their base letters' keys, ñ has a key of its own; no layout: every mark is strict.
    let layout = KeyboardLayoutSpec(name: "Toy", rows: [[["q"], ["w"], ["e"], ["r"], ["t"], ["y"], ["u"], ["i", "í"], ["o"], ["p"]],
                                                          [["a", "á"], ["s"], ["d"], ["f"], ["g"], ["h"], ["j"], ["k"], ["l"], ["ñ"]],
                                                          [["z"], ["x"], ["c", "ç"], ["v"], ["b"], ["n"], ["m"]]])
    // aqui: 6 times rarer than aquí, goes with the layout; nino: 6 times rarer than niño, stays;
    // mas: exactly 5 times rarer than más, goes; masa: 4.9 times rarer than mása, stays.
    // The dictionary writes CA only in capitals (an acronym): ca is ça typed plainly, and goes;
    // it writes Si capitalised, a word: si stays beside sí.
    let list = "aquí\t6000\nniño\t6000\nmás\t5000\nmása\t4900\nça\t6000\nsí\t6000\naqui\t1000\nnino\t1000\nmas\t1000\nmasa\t1000\nca\t1000\nsi\t1000\n"
    let dictionary = "aquí\nniño\nmás\nmása\nça\nsí\nCA\nSi\n"
    func removed(layout: KeyboardLayoutSpec?) throws -> [String: String] {
      var language = Language(code: "xx", name: "Keyed", alphabet: Array("abcdefghijklmnopqrstuvwxyzáíñç".unicodeScalars),
                              sources: [SourceRule(files: "*.freq.txt", feeds: .words), SourceRule(files: "dict.txt", feeds: .forms),
                                        SourceRule(files: "*", feeds: .letters)])
      language.layout = layout
      let folder = Fixtures.temporaryFolder()
      let paths = [("words.freq.txt", list), ("dict.txt", dictionary), ("text.txt", "x\n")].map { Fixtures.file($0.0, Array($0.1.utf8), in: folder) }
      let counted = try CorpusCounter.count(paths, decoder: LetterDecoder(language: language))
      let choice = try LexiconChoice.make(words: counted.words, forms: counted.forms, language: language, maximumWords: 1_000)
      func spelled(_ symbols: [UInt8]) -> String { String(String.UnicodeScalarView(symbols.map { language.alphabet[Symbol.letterIndex(of: $0)] })) }
      return Dictionary(uniqueKeysWithValues: choice.removed.map { removal -> (String, String) in
        guard case .neighbour(let of, _, .marks) = removal.reason else { return (spelled(removal.word), "?") }
        return (spelled(removal.word), spelled(of))
      })
    }
    let withLayout = try removed(layout: layout), withoutLayout = try removed(layout: nil)
    #expect(withLayout == ["aqui": "aquí", "mas": "más", "ca": "ça"])
    #expect(withoutLayout == [:])
    #expect(LexiconChoice.Rule.baseKeyMarksRatio == 5)
  }

  @Test("a letter's base without its marks: Latin and Greek by canonical decomposition, four by custom, none for other scripts")
  func markedLetterBases() {
    let pairs: [(Unicode.Scalar, Unicode.Scalar?)] = [
      ("é", "e"), ("ñ", "n"), ("ü", "u"), ("ǘ", "u"), ("ț", "t"), ("ά", "α"), ("ΐ", "ι"),
      ("ł", "l"), ("ø", "o"), ("đ", "d"), ("ı", "i"),
      ("a", nil), ("ß", nil), ("æ", nil), ("α", nil), ("й", nil), ("ё", nil), ("ї", nil),
    ]
    for (letter, base) in pairs { #expect(KeyGramTable.markedLetterBase(of: letter) == base, "\(letter)") }
    // By index in an alphabet: ü's base u is there, ñ's n is not, a and ß have none.
    #expect(KeyGramTable.markedLetterBases(alphabet: Array("auüñß".unicodeScalars)) == [-1, -1, 1, -1, -1])
    #expect(LexiconChoice.Rule.ratio(letters: 2, slip: .marks) == 20 && LexiconChoice.Rule.ratio(letters: 12, slip: .marks) == 20)
  }
}
