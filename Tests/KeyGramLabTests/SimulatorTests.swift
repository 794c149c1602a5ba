import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeyGram
import KeyGramPipeline
import Testing
import KeyGramLab

@Suite("Typing simulator and plots")
struct SimulatorTests {
  /// The package root, for the shipped tables and held-out texts.
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static let english = try! KeyGramTable(contentsOf: packageRoot + "/tables/en.keygram")
  static let layout = KeyboardLayout.iPhonePortraitQWERTY

  func simulator(_ table: KeyGramTable = english) -> TypingSimulator {
    TypingSimulator(table: table, layout: Self.layout, letterKeys: LetterKeyMap(layout: Self.layout, table: table))
  }

  /// Some held-out text: the simulator never types training text in these tests.
  func heldOutText(limit: Int = 30_000) throws -> [TypingSimulator.Keystroke] {
    let bytes = try CorpusReader(path: Self.packageRoot + "/corpora/en/heldout/jargon-evaluation.gz").readAll()
    return simulator().keystrokes(of: String(decoding: bytes, as: UTF8.self), limit: limit)
  }

  /// A table in which every row is (as nearly as 65,536 allows) uniform, made by the builder.
  static func uniformTable() throws -> KeyGramTable {
    let n = 26
    let language = Language(code: "en", name: "English", alphabet: Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars))
    let letters = Quantise.row([Double](repeating: 1, count: n)), withEnd = Quantise.row([Double](repeating: 1, count: n + 1))
    let model = QuantisedModel(letterCount: n, unigram: letters, initial: letters,
                               bigram: [[UInt16]](repeating: withEnd, count: n), trigram: [[UInt16]](repeating: withEnd, count: (n + 1) * n))
    return try KeyGramTable(copying: TableImage.make(language: language, model: model, provenance: nil,
                                                     asciiLetterIndices: LetterDecoder(language: language).asciiLetterIndices))
  }

  @Test func keystrokesSkipApostrophesAndCollapseBoundaries() {
    let keystrokes = simulator().keystrokes(of: "Don't  stop, é!")
    let letters = keystrokes.compactMap { if case .letter(let index) = $0 { return Character(Self.english.letter(at: index)) } else { return nil } }
    #expect(String(letters) == "dontstop")
    #expect(keystrokes.filter { $0 == .boundary }.count == 2)  // after "dont", after "stop" (", é!" is one run)
  }

  @Test func writtenWordsKeepCapitalsApostrophesAndSentenceStarts() {
    let typing = simulator().typing(of: "Don’t stop. London is big!\n\nI said 'no' …  ok")
    #expect(typing.words.map(\.text) == ["Don't", "stop", "London", "is", "big", "I", "said", "no", "ok"])
    #expect(typing.words.map(\.startsSentence) == [true, false, true, false, false, true, false, false, true])
    #expect(typing.words.map(\.hasCapital) == [true, false, true, false, false, true, false, false, false])
    #expect(typing.words.map(\.hasApostrophe) == [true, false, false, false, false, false, false, false, false])
    // "London" away from a sentence start twice, always so: a name; "Bill" once as "bill": not.
    let names = simulator().typing(of: "to London and London. London is Bill's, not bill's").words
    #expect(names.map(\.isAlwaysCapitalised) == [false, true, false, true, true, false, false, false, false])
    // One written word per word the keystrokes type.
    var wordsTyped = 0, inWord = false
    for keystroke in typing.keystrokes {
      if case .letter = keystroke { if !inWord { wordsTyped += 1 }; inWord = true } else { inWord = false }
    }
    #expect(wordsTyped == typing.words.count)
  }

  @Test func withNoNoiseEveryResolverIsAlwaysRight() throws {
    let result = simulator().run(try heldOutText(), touches: .init(sigmaX: 0, sigmaY: 0))
    #expect(result.keystrokes == 30_000)
    for method in result.methods { #expect(method.errors == 0, "\(method.method.name)") }
  }

  @Test func withAUniformTableTheGaussianResolverIsStatic() throws {
    let uniform = try Self.uniformTable()
    let keystrokes = try heldOutText().map { keystroke -> TypingSimulator.Keystroke in keystroke }
    let methods: [TypingSimulator.Method] = [
      .init(name: "static", kind: .static, context: .none),
      .init(name: "Gaussian", kind: .gaussian(.init(anchorFraction: 0)), context: .trigram),
    ]
    let result = simulator(uniform).run(keystrokes, touches: .init(sigmaX: 8, sigmaY: 8), methods: methods)
    // A flat prior leaves only the distance term: the nearest aim point. That differs from the
    // static slots only in the corners where offset rows meet, which touches rarely reach.
    let (nearest, gaussian) = (result.methods[0], result.methods[1])
    #expect(nearest.errors > 300)
    #expect(abs(gaussian.errors - nearest.errors) <= nearest.errors / 50, "\(gaussian.errors) vs \(nearest.errors)")
    #expect(gaussian.reductionInterval.contains(1))
  }

  @Test func theSameSeedGivesTheSameNumbers() throws {
    let keystrokes = try heldOutText(limit: 10_000)
    let first = simulator().run(keystrokes, touches: .init(seed: 42)).methods.map(\.errors)
    let again = simulator().run(keystrokes, touches: .init(seed: 42)).methods.map(\.errors)
    let other = simulator().run(keystrokes, touches: .init(seed: 43)).methods.map(\.errors)
    #expect(first == again)
    #expect(first != other)
  }

  @Test func contextHelpsAtTheDefaultSpread() throws {
    let result = simulator().run(try heldOutText(limit: 100_000), touches: .init(sigmaX: 8, sigmaY: 8))
    let byName = Dictionary(uniqueKeysWithValues: result.methods.map { ($0.method.name, $0) })
    let gaussian = try #require(byName["Gaussian × prior, trigram"])
    let boundary = try #require(byName["boundary shift, trigram"])
    #expect(gaussian.reductionInterval.lowerBound > 1.3)
    #expect(boundary.reductionInterval.lowerBound > 1.1)
    #expect(gaussian.errors < (byName["Gaussian × prior, bigram"]?.errors ?? 0), "trigram context beats bigram")
  }

  @Test func decodedRowsFixFarMoreWordsThanTheyBreak() throws {
    let gaussian = TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: .history)
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none), gaussian]
      + TypingSimulator.Method.decodedVariants(of: [gaussian])
    #expect(methods.count == 3 && methods[2].decoder != nil && methods[2].name == "Gaussian, decoded")
    let result = simulator().run(try heldOutText(limit: 40_000), touches: .init(sigmaX: 8, sigmaY: 8), methods: methods, errors: .uncorrected)
    let (plain, decoded) = (result.methods[1], result.methods[2])
    #expect(result.words > 7_000)
    #expect(decoded.wordErrors < plain.wordErrors)
    #expect(decoded.errors < plain.errors)
    #expect(decoded.wordsFixed > 10 * decoded.wordsBroken, "\(decoded.wordsFixed) fixed, \(decoded.wordsBroken) broken")
    #expect(plain.wordsFixed == 0 && plain.wordsBroken == 0)
    #expect(decoded.wordReductionInterval.lowerBound > plain.wordReduction)
  }

  @Test func skippedAndDoubledTouchesCostStaticLettersAndLeaveOtherTouchesAlone() throws {
    let keystrokes = try heldOutText(limit: 20_000)
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    let plain = simulator().run(keystrokes, touches: .init(), methods: methods)
    let zero = simulator().run(keystrokes, touches: .init(omitRate: 0, extraRate: 0), methods: methods)
    #expect(plain.methods[0].errors == zero.methods[0].errors)
    #expect(plain.learningCurve == zero.learningCurve)
    let slipping = simulator().run(keystrokes, touches: .init(omitRate: 0.02, extraRate: 0.02), methods: methods)
    // About 2% of 20,000 letters skipped and 2% doubled, each a letter error.
    #expect(slipping.methods[0].errors > plain.methods[0].errors + 600)
    #expect(slipping.methods[0].errors < plain.methods[0].errors + 1000)
  }

  @Test func aMisspellingTypistWritesListedMisspellingsOrOneSpellingSlip() throws {
    let table = Self.english
    func letters(_ word: String) -> [Int] { word.unicodeScalars.map { table.letterIndex(of: $0)! } }
    func word(_ keys: [KeyIndex]) -> String { String(String.UnicodeScalarView(keys.map { Self.layout[$0].letter! })) }
    let keystrokes = simulator().keystrokes(of: "the quick brown fox is here")
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    var logged: [TypingSimulator.TypedWord] = []
    let result = simulator().run(keystrokes, touches: .init(sigmaX: 0, sigmaY: 0, misspellRate: 1), methods: methods,
                                 misspellings: [letters("the"): [letters("teh")]], wordLog: { logged.append($0) })
    let typed = logged.map { word($0.staticKeys) }
    #expect(typed[0] == "teh")
    // Unlisted words of 3 letters or more get one slip that keeps the first letter; "is" stays.
    for (index, intended) in [(1, "quick"), (2, "brown"), (3, "fox"), (5, "here")] {
      let slip = typed[index]
      #expect(slip != intended && slip.first == intended.first && abs(slip.count - intended.count) <= 1, "\(intended) → \(slip)")
    }
    #expect(typed[4] == "is")
    #expect(result.methods[0].misspelledWords == 5 && result.methods[0].wordErrors == 5)
    // At rate 0 the touches are those of a typist who never misspells.
    let keys = try heldOutText(limit: 5_000)
    let plain = simulator().run(keys, touches: .init(), methods: methods)
    let zero = simulator().run(keys, touches: .init(misspellRate: 0, undoRate: 0), methods: methods)
    #expect(plain.methods[0].errors == zero.methods[0].errors && plain.learningCurve == zero.learningCurve)
    #expect(zero.methods[0].misspelledWords == 0)
  }

  @Test func aTypistWhoUndoesWrongReplacementsTeachesTheHistory() throws {
    let gaussian = TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: .history)
    var eager = WordDecoder.Parameters()
    (eager.spellingMargin, eager.omissionSpellingMargin) = (0, 0)
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
      + TypingSimulator.Method.decodedVariants(of: [gaussian], parameters: eager)
    let keystrokes = try heldOutText(limit: 30_000)
    let keeping = simulator().run(keystrokes, touches: .init(), methods: methods, errors: .uncorrected)
    let undoing = simulator().run(keystrokes, touches: .init(undoRate: 1), methods: methods, errors: .uncorrected)
    let (kept, undone) = (keeping.methods[1], undoing.methods[1])
    #expect(kept.replacementsUndone == 0)
    #expect(undone.replacementsUndone > 0 && undone.replacementsUndone <= undone.wordsBroken)
    // A word restored by undo stands next time: fewer words broken than when nobody undoes.
    #expect(undone.wordsBroken < kept.wordsBroken, "\(undone.wordsBroken) broken with undo, \(kept.wordsBroken) without")
  }

  @Test func theWordLogSeesEveryWordAndItsTouches() throws {
    var logged: [TypingSimulator.TypedWord] = []
    let keystrokes = simulator().keystrokes(of: "the quick brown fox")
    let result = simulator().run(keystrokes, touches: .init(sigmaX: 0, sigmaY: 0, extraRate: 0.5),
                                 methods: [.init(name: "static", kind: .static, context: .none)], wordLog: { logged.append($0) })
    #expect(result.words == 4 && logged.count == 4)
    for word in logged {
      // Exact touches: static typed each touch's letter, and a doubled one twice.
      #expect(word.touches.count == word.staticKeys.count && word.touches.count >= word.intended.count)
    }
    #expect(logged.map(\.intended.count) == [3, 5, 5, 3])
  }

  @Test func seededRandomIsStandardNormal() {
    var random = SeededRandom(seed: 1)
    var sum = 0.0, squares = 0.0
    for _ in 0..<50_000 {
      let (a, b) = random.normalPair()
      sum += a + b
      squares += a * a + b * b
    }
    #expect(abs(sum / 100_000) < 0.02)
    #expect(abs(squares / 100_000 - 1) < 0.02)
  }

  // MARK: Plots

  final class Collector: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    /// The content of every <text> element, pieced together.
    var texts: [String] = []
    private var current: String?
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
      elements[name, default: 0] += 1
      if name == "text" { current = "" }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "text", let current { texts.append(current) }
      current = nil
    }
  }

  func parse(_ svg: String) throws -> Collector {
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
    return collector
  }

  @Test func hitMapIsWellFormedSVGWithEveryKey() throws {
    let svg = HitMap.svg(table: Self.english, layout: Self.layout, letterKeys: LetterKeyMap(layout: Self.layout, table: Self.english), after: "t")
    let parsed = try parse(svg)
    #expect(parsed.elements["svg"] == 1)
    #expect((parsed.elements["rect"] ?? 0) > 2 * Self.layout.keys.count)
    for letter in "qwertyuiopasdfghjklzxcvbnm" { #expect(parsed.texts.contains(String(letter))) }
    #expect(parsed.texts.contains { $0.contains("after “t”: boundary shift") })
    #expect(parsed.texts.contains { $0.contains("Gaussian") })
  }

  @Test func bigramHeatmapIsWellFormedSVG() throws {
    let parsed = try parse(BigramHeatmap.svg(table: Self.english))
    // A cell per (previous letter, next letter or $), and the colour scale's steps.
    #expect(parsed.elements["rect"] == 26 * 27 + BigramHeatmap.scaleSteps)
    #expect(parsed.texts.contains("$"))
    #expect(["1", "0.5", "0.25", "0.1", "0.01", "0"].allSatisfy(parsed.texts.contains))
    #expect(parsed.texts.contains("darker is likelier (square-root scale, right)"))
  }

  @Test func textIsEscaped() throws {
    var svg = SVGDocument(width: 10, height: 10)
    svg.text("a < b & \"c\"", x: 1, y: 1)
    let parsed = try parse(svg.rendered)
    #expect(parsed.texts == ["a < b & \"c\""])
  }
}
