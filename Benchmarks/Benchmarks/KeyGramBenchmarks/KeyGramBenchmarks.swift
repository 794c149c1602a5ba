// The KeyGram runtime's hot paths, timed per operation in a release build.
// Run: cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
// Each micro-benchmark runs its operation `scalingFactor` times per measured iteration, so
// the per-operation figures (marked * in the output) are not dominated by timer overhead.
import Benchmark
@_spi(Testing) import KeyGram
import KeyGramTables

/// The repository root, from this file's path (Benchmarks/Benchmarks/KeyGramBenchmarks/…).
let repositoryRoot: String = {
  var path = #filePath
  for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
  return path
}()
let tablePath = repositoryRoot + "/tables/en.keygram"

func openMapped() -> KeyGramTable {
  do { return try KeyGramTable(contentsOf: tablePath) } catch { fatalError("cannot open \(tablePath): \(error)") }
}

func openEmbedded() -> KeyGramTable {
  do { return try KeyGramTable(embedded: KeyGramTables.english) } catch { fatalError("cannot decode the embedded table: \(error)") }
}

/// Touches spread over the three letter rows, made with a fixed LCG so runs are comparable.
func letterRowTouches(count: Int, rows: ClosedRange<Float> = 0...162) -> [TouchPoint] {
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next() -> Float {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Float(state >> 40) / Float(1 << 24)
  }
  return (0..<count).map { _ in
    TouchPoint(x: next() * 375, y: rows.lowerBound + next() * (rows.upperBound - rows.lowerBound))
  }
}

/// Every context a keyboard can ask about: word start, a word's first letter, every two-letter
/// context with nothing known before it, and every three-symbol context (a `QUAD` row where
/// the table kept one, else its trigram row).
func allContexts(letterCount n: Int) -> [LetterContext] {
  var contexts: [LetterContext] = [.wordStart]
  let earlierSymbols = (0..<n).map(LetterSymbol.init(letterIndex:)) + [.boundary]
  for last in 0..<n {
    contexts.append(LetterContext(previous: .boundary, last: LetterSymbol(letterIndex: last)))
    for previous in 0..<n {
      contexts.append(LetterContext(previous: LetterSymbol(letterIndex: previous), last: LetterSymbol(letterIndex: last)))
      for earlier in earlierSymbols {
        contexts.append(LetterContext(earlier: earlier, previous: LetterSymbol(letterIndex: previous), last: LetterSymbol(letterIndex: last)))
      }
    }
  }
  return contexts
}

let microMetrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .instructions]

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: microMetrics, timeUnits: .nanoseconds, warmupIterations: 3,
    scalingFactor: .mega, maxDuration: .seconds(2), maxIterations: 1_000)

  let layout = KeyboardLayout.iPhonePortraitQWERTY

  for (name, table) in [("mmap", openMapped()), ("embedded", openEmbedded())] {
    let contexts = allContexts(letterCount: table.letterCount)

    // One `distribution(after:)` and one weight read per operation, cycling through contexts:
    // every three-symbol context, and (as a baseline in the same run) the two-symbol ones only.
    let trigramContexts = contexts.filter { $0.earlier == .unknownLetter }
    for (label, set) in [("", contexts), (", trigram contexts only", trigramContexts)] {
      Benchmark("Distribution lookup (\(name))\(label)") { benchmark in
        var sum: UInt32 = 0
        var index = 0
        let count = set.count
        for _ in benchmark.scaledIterations {
          let distribution = table.distribution(after: set[index])
          sum &+= distribution.weight(at: index & 15)
          index += 1
          if index == count { index = 0 }
        }
        blackHole(sum)
      }
    }

    // A whole keystroke: record a letter or boundary, then bring both resolvers up to date
    // (a cache miss almost every time, so this is the worst case per keystroke).
    let text: [Unicode.Scalar] = Array("the quick brown fox jumps over the lazy dog ".unicodeScalars)
    let boundary = BoundaryShiftResolver(layout: layout, table: table)
    let gaussian = GaussianKeyResolver(layout: layout, table: table)
    Benchmark("Keystroke: record + update both resolvers (\(name))",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
      var context = TypingContext(table: table)
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        context.record(text[index % text.count])
        boundary.update(for: context)
        gaussian.update(for: context)
      }
      benchmark.stopMeasurement()
      blackHole(context.recomputeCount)
    }

    // The same keystrokes with a word history learning every word and blended in.
    Benchmark("Keystroke with a word history: record + update both resolvers (\(name))",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
      var context = TypingContext(table: table, wordHistory: WordHistory())
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        context.record(text[index % text.count])
        boundary.update(for: context)
        gaussian.update(for: context)
      }
      benchmark.stopMeasurement()
      blackHole(context.recomputeCount)
    }
  }

  let table = openMapped()
  var context = TypingContext(table: table)
  context.record("t")

  // Boundary shift over the top row (10 keys, q … p): row lookup, then 9 divider compares.
  let topRowTouches = letterRowTouches(count: 4096, rows: 0...53)
  let boundary = BoundaryShiftResolver(layout: layout, table: table)
  boundary.update(for: context)
  Benchmark("Boundary-shift resolve, 10-key row") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= boundary.resolve(topRowTouches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }

  // Gaussian × prior over the 26 letter keys, touches anywhere on the letter rows.
  let touches = letterRowTouches(count: 4096)
  let gaussian = GaussianKeyResolver(layout: layout, table: table)
  gaussian.update(for: context)
  Benchmark("Gaussian resolve, 26 keys") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= gaussian.resolve(touches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }
  let unanchored = GaussianKeyResolver(layout: layout, table: table, parameters: .init(anchorFraction: 0))
  unanchored.update(for: context)
  Benchmark("Gaussian resolve, 26 keys, no anchors") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= unanchored.resolve(touches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }

  // The adaptive touch model: a keystroke's update (observe, and a commit every sixth: a word),
  // then resolving with resolvers adapted to a model that learned a +6 pt offset.
  let touchModel = TouchModel(layout: layout)
  for (index, touch) in touches.prefix(2000).enumerated() {
    touchModel.observe(TouchPoint(x: touch.x, y: touch.y + 6), key: gaussian.resolve(touch) ?? KeyIndex(0))
    if index % 6 == 5 { touchModel.commit() }
  }
  touchModel.commit()
  let touchKeys = touches.map { gaussian.resolve($0) ?? KeyIndex(0) }
  Benchmark("Touch model update: observe, commit every 6th (per keystroke)") { benchmark in
    for index in benchmark.scaledIterations {
      touchModel.observe(touches[index & 4095], key: touchKeys[index & 4095])
      if index % 6 == 5 { touchModel.commit() }
    }
  }
  let adaptedGaussian = GaussianKeyResolver(layout: layout, table: table)
  adaptedGaussian.update(for: context)
  adaptedGaussian.adapt(to: touchModel)
  Benchmark("Gaussian resolve, 26 keys, adapted to a touch model") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= adaptedGaussian.resolve(touches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }
  let adaptedBoundary = BoundaryShiftResolver(layout: layout, table: table)
  adaptedBoundary.update(for: context)
  adaptedBoundary.adapt(to: touchModel)
  Benchmark("Boundary-shift resolve, 10-key row, adapted to a touch model") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= adaptedBoundary.resolve(topRowTouches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }
  Benchmark("Adapt both resolvers to a touch model that learned (per word)") { benchmark in
    for index in benchmark.scaledIterations {
      touchModel.observe(touches[index & 4095], key: touchKeys[index & 4095])
      touchModel.commit()
      adaptedGaussian.adapt(to: touchModel)
      adaptedBoundary.adapt(to: touchModel)
    }
  }

  let fixed = StaticKeyResolver(layout: layout)
  Benchmark("Static resolve") { benchmark in
    var sum = 0
    for index in benchmark.scaledIterations { sum &+= fixed.resolve(touches[index & 4095])?.rawValue ?? 0 }
    blackHole(sum)
  }

  // One lexicon step per operation: the letters of common words, a reset at each word's end.
  if let lexicon = table.lexicon {
    let words = "the of and to in that is was he for it with as his on be at by had are but from or have an they which one you were her all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people".split(separator: " ")
    let letters: [[Int]] = words.map { $0.unicodeScalars.map { table.letterIndex(of: $0)! } }
    let steps = letters.reduce(0) { $0 + $1.count }
    Benchmark("Lexicon step (\(steps) letters of \(letters.count) common words per pass)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
      var cursor = LexiconCursor(lexicon: lexicon)
      var sum: Float = 0
      var word = 0, position = 0
      for _ in benchmark.scaledIterations {
        cursor.step(letter: letters[word][position], in: lexicon)
        position += 1
        if position == letters[word].count {
          sum += cursor.evidence
          cursor.reset()
          position = 0
          word = word + 1 == letters.count ? 0 : word + 1
        }
      }
      blackHole(sum)
    }
  }

  // The word decoder: seven-letter words, each letter touched up to ±12 pt off its key's centre
  // (made with a fixed LCG), decoded with a word history that holds a few hundred words.
  let decoderWords = ["decoder", "between", "through", "another", "example", "keyword", "history", "jargons"]
  var lcg: UInt64 = 0x9E37_79B9
  func jitter() -> Float {
    lcg = lcg &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Float(Int(lcg >> 59)) * 1.6 - 12
  }
  let letterKeys = LetterKeyMap(layout: layout, table: table)
  /// Each word's touches, key and letter: jittered as above, or at the keys' centres.
  func wordTouches(of words: [String], jittered: Bool = true) -> [[(TouchPoint, KeyIndex, Int)]] {
    words.map { word in
      word.unicodeScalars.map { scalar in
        let letter = table.letterIndex(of: scalar)!, key = letterKeys.keyIndex(ofLetter: letter)!
        let frame = layout[key].frame
        return jittered ? (TouchPoint(x: frame.midX + jitter(), y: frame.midY + jitter()), key, letter)
          : (TouchPoint(x: frame.midX, y: frame.midY), key, letter)
      }
    }
  }
  let decoderTouches = wordTouches(of: decoderWords)
  let decoderHistory = WordHistory()
  var historyContext = TypingContext(table: table, wordHistory: decoderHistory)
  historyContext.record(contentsOf: String(repeating: "the quick brown fox jumps over the lazy dog while keyboards decode jargon words ", count: 20))
  let decoder = WordDecoder(table: table, layout: layout, wordHistory: decoderHistory)
  print("Word decoder's fixed memory at the default widths (memoryBytes): \(decoder.memoryBytes) bytes")
  var withoutJoins = WordDecoder.Parameters()
  withoutJoins.joinMargin = .infinity
  print("The same without a joiner (joinMargin ∞): \(WordDecoder(table: table, layout: layout, parameters: withoutJoins).memoryBytes) bytes")
  // A thousand operations per measured iteration: the framework's own mallocs per iteration
  // (16, as "CRC-32 of the whole table" shows) then round to 0 per operation.
  let decoderConfiguration = Benchmark.Configuration(
    metrics: microMetrics, timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 2_000)
  // From nothing: a word's touches noted, then the whole beam search and the decision.
  func decideFromNothing(_ name: String, _ subject: WordDecoder, words: [[(TouchPoint, KeyIndex, Int)]]) {
    Benchmark(name, configuration: decoderConfiguration) { benchmark in
      var word = 0
      for _ in benchmark.scaledIterations {
        subject.reset()
        for (touch, key, letter) in words[word] { subject.add(touch, key: key, letter: letter) }
        blackHole(subject.decide(limit: 3).margin)
        word = (word + 1) % words.count
      }
    }
  }
  decideFromNothing("Word decoder: decide at the word's end, 7-letter word", decoder, words: decoderTouches)
  // The same at each autocorrect level: a level moves only the margins the decision is judged
  // by, never the search, so each row should read as the one above.
  for level in Autocorrection.allLevels {
    let levelled = WordDecoder(table: table, layout: layout, wordHistory: decoderHistory)
    levelled.autocorrection = level
    decideFromNothing("Word decoder: decide at the word's end, 7-letter word, autocorrect \(level)", levelled, words: decoderTouches)
  }
  // The same, after the previous word ("I saw the "): its word-pair row is found and every
  // ranked word's pair looked up in it (PAIR); side by side with the row above.
  var pairContext = TypingContext(table: table)
  pairContext.record(contentsOf: "I saw the ")
  let afterThe = pairContext.wordContext
  Benchmark("Word decoder: decide at the word's end, 7-letter word, after the previous word", configuration: decoderConfiguration) { benchmark in
    var word = 0
    for _ in benchmark.scaledIterations {
      decoder.reset()
      for (touch, key, letter) in decoderTouches[word] { decoder.add(touch, key: key, letter: letter) }
      blackHole(decoder.decide(after: afterThe, limit: 3).margin)
      word = (word + 1) % decoderTouches.count
    }
  }
  // The same words with a tap on backspace after the third letter (which it deletes), near the
  // key's left edge: the decoder keeps it as a key tap and may take both back as letters.
  let backspaceKey = layout.keyIndex(of: .backspace)!
  let backspaceTap = TouchPoint(x: layout[backspaceKey].frame.minX + 4, y: layout[backspaceKey].frame.midY)
  Benchmark("Word decoder: decide at the word's end, 7-letter word, a backspace tap inside it", configuration: decoderConfiguration) { benchmark in
    var word = 0
    for _ in benchmark.scaledIterations {
      decoder.reset()
      for (index, (touch, key, letter)) in decoderTouches[word].enumerated() {
        decoder.add(touch, key: key, letter: letter)
        if index == 2 { decoder.removeLast(tappedAt: backspaceTap, key: backspaceKey) }
      }
      blackHole(decoder.decide(limit: 3).margin)
      word = (word + 1) % decoderTouches.count
    }
  }
  // A seven-letter word whose fourth letter landed on the space bar ("num" + "ers"): both parts
  // decided, the first finished and kept with the tap, the second decided with the two read as
  // one (WordJoin), a second search over all the touches; side by side with the same decoder
  // with joins off, which decides the two parts alone. A fixed spread: finishing a word teaches
  // the spread, so the iterations would otherwise each search at a different one.
  let spaceKey = layout.keyIndex(of: .space)!, spaceFrame = layout[spaceKey].frame
  var noJoins = WordDecoder.Parameters()
  noJoins.joinMargin = .infinity
  var fixedSpread = WordDecoder.Parameters()
  fixedSpread.learnsSpread = false
  var fixedSpreadNoJoins = fixedSpread
  fixedSpreadNoJoins.joinMargin = .infinity
  let joining = WordDecoder(table: table, layout: layout, parameters: fixedSpread, wordHistory: decoderHistory)
  let unjoining = WordDecoder(table: table, layout: layout, parameters: fixedSpreadNoJoins, wordHistory: decoderHistory)
  for (name, subject) in [("", joining), (", joins off", unjoining)] {
    Benchmark("Word decoder: decide spanning a space tap, 7-letter word (num ers)\(name)", configuration: decoderConfiguration) { benchmark in
      var word = 0
      for _ in benchmark.scaledIterations {
        subject.reset()
        let touches = decoderTouches[word]
        for (touch, key, letter) in touches[..<3] { subject.add(touch, key: key, letter: letter) }
        subject.finishWord(subject.decide(limit: 1))
        // The fourth letter's touch, moved down between the letter rows and the space bar.
        subject.noteSpaceTap(TouchPoint(x: touches[3].0.x, y: spaceFrame.minY - 3), key: spaceKey)
        for (touch, key, letter) in touches[4...] { subject.add(touch, key: key, letter: letter) }
        blackHole(subject.decide(limit: 3).margin)
        word = (word + 1) % decoderTouches.count
      }
    }
  }
  // The same decision as a keyboard with a suggestion strip meets it: the strip asked for
  // suggestions after every touch, which grew the word's beam and the joiner's touch by touch,
  // so `decide` only ranks the words that end there; side by side with joins off. One decoder per word.
  for (name, parameters) in [("", WordDecoder.Parameters()), (", joins off", noJoins)] {
    let spanningDecoders = decoderTouches.map { touches -> WordDecoder in
      let typed = WordDecoder(table: table, layout: layout, parameters: parameters, wordHistory: decoderHistory)
      for (touch, key, letter) in touches[..<3] {
        typed.add(touch, key: key, letter: letter)
        blackHole(typed.suggestions(limit: 3).count)
      }
      typed.finishWord(typed.decide(limit: 1))
      typed.noteSpaceTap(TouchPoint(x: touches[3].0.x, y: spaceFrame.minY - 3), key: spaceKey)
      for (touch, key, letter) in touches[4...] {
        typed.add(touch, key: key, letter: letter)
        blackHole(typed.suggestions(limit: 3).count)
      }
      return typed
    }
    print("Joins decided after the strip grew the beams\(name): \(spanningDecoders.map { $0.decide(limit: 3).join?.word.text ?? "none" })")
    Benchmark("Word decoder: decide spanning a space tap, 7-letter word (num ers), beams grown while typing\(name)",
              configuration: decoderConfiguration) { benchmark in
      var word = 0
      for _ in benchmark.scaledIterations {
        blackHole(spanningDecoders[word].decide(limit: 3).margin)
        word = (word + 1) % spanningDecoders.count
      }
    }
  }
  // The suggestion bar after such a space tap and the next letter ("num", the tap, "e", at the
  // keys' centres, the tap 55% of the way from the space bar's centre to b's), the "e" taken
  // back and typed again before each: the current word's completions, and the joiner's, whose
  // beam holds "num" and the tap and grows by the one touch, for the joined word's ("number");
  // side by side with joins off, which completes "e" alone.
  let b = layout[letterKeys.keyIndex(ofLetter: table.letterIndex(of: "b")!)!].frame
  let slipTowardB = TouchPoint(x: spaceFrame.midX + (b.midX - spaceFrame.midX) * 0.55, y: spaceFrame.midY + (b.midY - spaceFrame.midY) * 0.55)
  for (name, joins) in [("", true), (", joins off", false)] {
    let subject = WordDecoder(table: table, layout: layout, parameters: joins ? WordDecoder.Parameters() : noJoins, wordHistory: decoderHistory)
    func typeAtCentres(_ word: String) {
      for scalar in word.unicodeScalars {
        let letter = table.letterIndex(of: scalar)!, key = letterKeys.keyIndex(ofLetter: letter)!
        subject.add(TouchPoint(x: layout[key].frame.midX, y: layout[key].frame.midY), key: key, letter: letter)
      }
    }
    typeAtCentres("num")
    subject.finishWord(subject.decide(limit: 1))
    subject.noteSpaceTap(slipTowardB, key: spaceKey)
    typeAtCentres("e")
    print("Suggestions after num, a space tap near b, and e\(name): \(subject.suggestions(limit: 3).map(\.text)), joined: \(subject.suggestions(limit: 3).join?.word.text ?? "none")")
    Benchmark("Word decoder: suggestions(limit: 3) after a space tap near a letter, 1 touch in (num e)\(name)",
              configuration: decoderConfiguration) { benchmark in
      for _ in benchmark.scaledIterations {
        subject.removeLast()
        typeAtCentres("e")
        blackHole(subject.suggestions(limit: 3).join?.margin ?? 0)
      }
    }
  }
  // Two words run together, seven letters each ("thisone", "ofthese"): the decision reads them
  // as two words from the beam's steps (WordSplit); side by side with the same decoder with
  // the split hypotheses off, which only ranks single words.
  let joinedWords = ["thisone", "ofthese", "andthen", "inthose", "itwould", "isthere", "tomakes", "whenyou"]
  let joinedTouches = wordTouches(of: joinedWords)
  var noSplits = WordDecoder.Parameters()
  (noSplits.spaceOmissionCost, noSplits.spaceSubstitutionCost) = (.infinity, .infinity)
  let unsplitting = WordDecoder(table: table, layout: layout, parameters: noSplits, wordHistory: decoderHistory)
  // The table's settings with each spelling edit at most once (`secondEditCost` ∞), side by
  // side with the first row, which may leave out two letters and make two extra touches.
  var oneEditEach = WordDecoder.Parameters(table: table)
  oneEditEach.secondEditCost = .infinity
  let oncePerKind = WordDecoder(table: table, layout: layout, parameters: oneEditEach, wordHistory: decoderHistory)
  // The table's settings without a consonant written for one that sounds alike (`consonantSubstitutionCost` ∞).
  var noAlikeConsonants = WordDecoder.Parameters(table: table)
  noAlikeConsonants.consonantSubstitutionCost = .infinity
  let unaware = WordDecoder(table: table, layout: layout, parameters: noAlikeConsonants, wordHistory: decoderHistory)
  for (name, subject, touches) in [("two words run together", decoder, joinedTouches),
                                   ("two words run together, split hypotheses off", unsplitting, joinedTouches),
                                   ("split hypotheses off", unsplitting, decoderTouches),
                                   ("one edit of each kind", oncePerKind, decoderTouches),
                                   ("no consonant for one alike", unaware, decoderTouches)] {
    Benchmark("Word decoder: decide at the word's end, 7-letter word, \(name)", configuration: decoderConfiguration) { benchmark in
      var word = 0
      for _ in benchmark.scaledIterations {
        subject.reset()
        for (touch, key, letter) in touches[word] { subject.add(touch, key: key, letter: letter) }
        blackHole(subject.decide(limit: 3).split?.margin ?? 0)
        word = (word + 1) % touches.count
      }
    }
  }
  // Known words past the lexicon (KNOW): letters that are one, typed at the keys' centres
  // (graffito, timesharing, koans, phreaking), decided with the filter's lookup and without it.
  let knownTouches = wordTouches(of: ["graffito", "timesharing", "koans", "phreaking"], jittered: false)
  var unknowing = WordDecoder.Parameters()
  unknowing.knownWordsStand = false
  let knowing = WordDecoder(table: table, layout: layout, wordHistory: decoderHistory)
  let notKnowing = WordDecoder(table: table, layout: layout, parameters: unknowing, wordHistory: decoderHistory)
  for (name, subject) in [("known words", knowing), ("known words off", notKnowing)] {
    decideFromNothing("Word decoder: decide a known word past the lexicon, \(name)", subject, words: knownTouches)
  }
  // The suggestion bar after a space: the three likeliest next words after a word, at a
  // sentence start and after an unknown word, in turn, with the history above.
  var barContexts: [WordContext] = [afterThe, .textStart]
  for text in ["one of ", "it is ", "you can ", "qwfpgj "] {
    pairContext.record(contentsOf: text)
    barContexts.append(pairContext.wordContext)
  }
  Benchmark("Word decoder: nextWords(after:limit: 3), the bar after a space", configuration: decoderConfiguration) { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      blackHole(decoder.nextWords(after: barContexts[index % barContexts.count], limit: 3).count)
      index += 1
    }
  }
  // The same words with timed touches, 250 ms apart: every touch after a word's first is
  // scored with the spread of its movement (TouchMotion), side by side with the row above.
  Benchmark("Word decoder: decide at the word's end, 7-letter word, timed touches", configuration: decoderConfiguration) { benchmark in
    var word = 0, time = 0.0
    for _ in benchmark.scaledIterations {
      decoder.reset()
      for (touch, key, letter) in decoderTouches[word] {
        time += 0.25
        decoder.add(TouchPoint(x: touch.x, y: touch.y, timestamp: time), key: key, letter: letter)
      }
      blackHole(decoder.decide(limit: 3).margin)
      word = (word + 1) % decoderTouches.count
    }
  }
  // Timed touches whose motion gives exactly the untimed 8 pt (σa 8, a Fitts slope so steep that
  // σr ≈ 0): the same search as the untimed row, so the difference is the timestamps' own cost.
  var sameSpread = WordDecoder.Parameters()
  sameSpread.motion = TouchMotion.Parameters(absoluteSigma: 8, fittsIntercept: 0, fittsSlope: 0.01)
  let sameSpreadDecoder = WordDecoder(table: table, layout: layout, parameters: sameSpread, wordHistory: decoderHistory)
  Benchmark("Word decoder: decide at the word's end, 7-letter word, timed touches at the untimed spread",
            configuration: decoderConfiguration) { benchmark in
    var word = 0, time = 0.0
    for _ in benchmark.scaledIterations {
      sameSpreadDecoder.reset()
      for (touch, key, letter) in decoderTouches[word] {
        time += 0.25
        sameSpreadDecoder.add(TouchPoint(x: touch.x, y: touch.y, timestamp: time), key: key, letter: letter)
      }
      blackHole(sameSpreadDecoder.decide(limit: 3).margin)
      word = (word + 1) % decoderTouches.count
    }
  }
  // As a keyboard calls it after each touch: the beam grows by that touch, then completes (a
  // new word every seven touches; noting the touch and the reset are in the time, ~10 ns); again
  // with the typed letters also read as two words for a slot of their own.
  for readingTwoWords in [false, true] {
    let arguments = readingTwoWords ? "limit: 3, readingTwoWords: true" : "limit: 3"
    Benchmark("Word decoder: suggestions(\(arguments)) after each touch (beam grown by one touch)",
              configuration: decoderConfiguration) { benchmark in
      var index = 0
      for _ in benchmark.scaledIterations {
        if index % 7 == 0 { decoder.reset() }
        let (touch, key, letter) = decoderTouches[(index / 7) % decoderTouches.count][index % 7]
        decoder.add(touch, key: key, letter: letter)
        blackHole(decoder.suggestions(limit: 3, readingTwoWords: readingTwoWords).count)
        index += 1
      }
    }
  }
  // The suggestion bar redrawn with the beam already built (three touches in).
  Benchmark("Word decoder: suggestions(limit: 3), beam ready, 3 touches in", configuration: decoderConfiguration) { benchmark in
    decoder.reset()
    for (touch, key, letter) in decoderTouches[0].prefix(3) { decoder.add(touch, key: key, letter: letter) }
    blackHole(decoder.suggestions(limit: 3).count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(decoder.suggestions(limit: 3).count) }
    benchmark.stopMeasurement()
  }
  // The decision at space as a keyboard with a suggestion strip meets it: the strip grew the
  // beam touch by touch, so `decide` only ranks the words that end there. One decoder per word.
  let typedDecoders = decoderTouches.map { word -> WordDecoder in
    let typed = WordDecoder(table: table, layout: layout, wordHistory: decoderHistory)
    for (touch, key, letter) in word {
      typed.add(touch, key: key, letter: letter)
      blackHole(typed.suggestions(limit: 3).count)
    }
    return typed
  }
  Benchmark("Word decoder: decide at the word's end, 7-letter word, beam grown while typing", configuration: decoderConfiguration) { benchmark in
    var word = 0
    for _ in benchmark.scaledIterations {
      blackHole(typedDecoders[word].decide(limit: 3).margin)
      word = (word + 1) % typedDecoders.count
    }
  }
  // An undo right after a replacement: decide and finish a word the decoder replaces, then
  // undo it (the history unlearns and learns a word), and end the restored word again.
  let replacedTouches: [(TouchPoint, KeyIndex, Int)] = "keyboarf".unicodeScalars.enumerated().map { position, scalar in
    let intended: Unicode.Scalar = position == 7 ? "d" : scalar
    let key = letterKeys.keyIndex(ofLetter: table.letterIndex(of: intended)!)!, frame = layout[key].frame
    let shownKey = letterKeys.keyIndex(ofLetter: table.letterIndex(of: scalar)!)!, shown = layout[shownKey].frame
    let touch = position == 7 ? TouchPoint(x: (frame.midX + shown.midX) / 2 + 2, y: frame.midY) : TouchPoint(x: frame.midX, y: frame.midY)
    return (touch, shownKey, table.letterIndex(of: scalar)!)
  }
  let undoHistory = WordHistory()
  // A fixed spread: these touches sit on the key centres, and a learned spread would shrink until nothing is replaced.
  let undoDecoder = WordDecoder(table: table, layout: layout, parameters: fixedSpread, wordHistory: undoHistory)
  Benchmark("Word decoder: decide, finish and undo a replaced 8-letter word", configuration: decoderConfiguration) { benchmark in
    var undone = 0
    for _ in benchmark.scaledIterations {
      undoDecoder.reset()
      for (touch, key, letter) in replacedTouches { undoDecoder.add(touch, key: key, letter: letter) }
      let decision = undoDecoder.decide(limit: 3)
      undoDecoder.finishWord(decision)
      if undoDecoder.undoReplacement() != nil {
        undone += 1
        undoDecoder.finishWord(undoDecoder.decide())
        // The history now protects the typed word (an undo learns it as often as makes it a
        // correction target): take every one back so the next pass replaces again.
        while undoHistory.unlearn(length: decision.typed.count, letter: { decision.typed.letter(at: $0) }) {}
      }
    }
    precondition(undone > 0, "the undo benchmark's word was never replaced")
    blackHole(undone)
  }
  // A keyboard's whole keystroke, side by side without and with the decoder attached: the
  // resolver updates for the context, resolves a touch near the intended key, the context
  // records the letter shown (a space ends the word); with the decoder, it also notes the touch.
  let sentence = Array("the quick brown fox jumps over the lazy dog while keyboards decode jargon words ".unicodeScalars)
  let sentenceTouches: [(TouchPoint, Int)?] = sentence.map { scalar in
    guard let letter = table.letterIndex(of: scalar), let key = letterKeys.keyIndex(ofLetter: letter) else { return nil }
    let frame = layout[key].frame
    return (TouchPoint(x: frame.midX + jitter() / 2, y: frame.midY + jitter() / 2), letter)
  }
  registerTypingEngineBenchmarks(table: table, layout: layout, touches: sentence.map { scalar in
    let key = scalar == " " ? layout.keyIndex(of: .space)! : letterKeys.keyIndex(ofLetter: table.letterIndex(of: scalar)!)!
    let frame = layout[key].frame
    return scalar == " " ? TouchPoint(x: frame.midX, y: frame.midY) : TouchPoint(x: frame.midX + jitter() / 2, y: frame.midY + jitter() / 2)
  })
  let keystrokeResolver = GaussianKeyResolver(layout: layout, table: table)
  for attached in [false, true] {
    let keystrokeHistory = WordHistory()
    let keystrokeDecoder = WordDecoder(table: table, layout: layout, wordHistory: keystrokeHistory)
    Benchmark("Keystroke: update + resolve + record, " + (attached ? "decoder attached" : "no decoder"),
              configuration: .init(scalingFactor: .kilo)) { benchmark in
      var context = TypingContext(table: table, wordHistory: keystrokeHistory)
      var sum = 0
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        let position = index % sentence.count
        keystrokeResolver.update(for: context)
        if let (touch, letter) = sentenceTouches[position] {
          let key = keystrokeResolver.resolve(touch) ?? KeyIndex(0)
          sum &+= key.rawValue
          context.record(table.letter(at: letter))
          if attached { keystrokeDecoder.add(touch, key: key, letter: letter) }
        } else {
          context.recordBoundary()
          if attached { keystrokeDecoder.reset() }
        }
      }
      benchmark.stopMeasurement()
      blackHole(sum)
    }
  }
  // The same keystroke with timed touches, 250 ms apart: each touch after a word's first is
  // scored with the spread of its movement (TouchMotion), to compare with "no decoder" above.
  let timedResolver = GaussianKeyResolver(layout: layout, table: table)
  Benchmark("Keystroke: update + resolve + record, timed touches (speed-aware spread)",
            configuration: .init(scalingFactor: .kilo)) { benchmark in
    var context = TypingContext(table: table, wordHistory: WordHistory())
    var sum = 0
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      let position = index % sentence.count
      timedResolver.update(for: context)
      if let (touch, letter) = sentenceTouches[position] {
        let timed = TouchPoint(x: touch.x, y: touch.y, timestamp: Double(index) * 0.25)
        let key = timedResolver.resolve(timed) ?? KeyIndex(0)
        sum &+= key.rawValue
        context.record(table.letter(at: letter))
      } else {
        context.recordBoundary()
      }
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
  // The keystroke with the decoder attached, timed: the resolver and the decoder both score
  // the touch with the speed-aware spread, to compare with "decoder attached" above.
  let timedDecoderResolver = GaussianKeyResolver(layout: layout, table: table)
  let timedHistory = WordHistory()
  let timedDecoder = WordDecoder(table: table, layout: layout, wordHistory: timedHistory)
  Benchmark("Keystroke: update + resolve + record, decoder attached, timed touches (speed-aware spread)",
            configuration: .init(scalingFactor: .kilo)) { benchmark in
    var context = TypingContext(table: table, wordHistory: timedHistory)
    var sum = 0
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      let position = index % sentence.count
      timedDecoderResolver.update(for: context)
      if let (touch, letter) = sentenceTouches[position] {
        let timed = TouchPoint(x: touch.x, y: touch.y, timestamp: Double(index) * 0.25)
        let key = timedDecoderResolver.resolve(timed) ?? KeyIndex(0)
        sum &+= key.rawValue
        context.record(table.letter(at: letter))
        timedDecoder.add(timed, key: key, letter: letter)
      } else {
        context.recordBoundary()
        timedDecoder.reset()
      }
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
  // Noting one touch (the decoder's whole per-keystroke cost when nothing asks for suggestions).
  Benchmark("Word decoder: add a touch", configuration: .init(scalingFactor: .kilo)) { benchmark in
    var index = 0
    for _ in benchmark.scaledIterations {
      if index % 7 == 0 { decoder.reset() }
      let (touch, key, letter) = decoderTouches[index % 8][index % 7]
      decoder.add(touch, key: key, letter: letter)
      index += 1
    }
  }

  let distribution = table.distribution(after: "th")
  Benchmark("topLetters(into:) 5 of 26") { benchmark in
    var top = [Int](repeating: 0, count: 5)
    var sum = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { sum &+= distribution.topLetters(into: &top) }
    benchmark.stopMeasurement()
    blackHole(sum)
    blackHole(top)
  }

  // Opening: one open + full validation (header, CRC-32 over the whole image, directory)
  // per operation; the table is released after each.
  let openConfiguration = Benchmark.Configuration(
    metrics: microMetrics, timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 2_000)
  Benchmark("Open + validate (mmap)", configuration: openConfiguration) { _ in
    blackHole(openMapped())
  }
  Benchmark("Open + validate (embedded)", configuration: openConfiguration) { _ in
    blackHole(openEmbedded())
  }
  // The part of validation that reads every byte, to show where opening spends its time.
  Benchmark("CRC-32 of the whole table", configuration: openConfiguration) { _ in
    blackHole(table._computeChecksum())
  }
}
