// The typing engine against the same work glued by hand from the parts below it, side by side
// in one run: per keystroke (a tap: a letter, or a space that decides the word), with and
// without the suggestion bar read after each. Touches are the keystroke benchmarks' sentence.
import Benchmark
@_spi(Testing) import KeyGram

func registerTypingEngineBenchmarks(table: KeyGramTable, layout: KeyboardLayout, touches: [TouchPoint]) {
  let configuration = Benchmark.Configuration(
    metrics: microMetrics, timeUnits: .nanoseconds, scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 2_000)
  let space = layout[layout.keyIndex(of: .space)!].frame
  let spaceTouch = TouchPoint(x: space.midX, y: space.midY)
  print("Typing engine's fixed memory (memoryBytes): \(TypingEngine(table: table, layout: layout).memoryBytes) bytes")

  for readsBar in [false, true] {
    let bar = readsBar ? ", suggestion bar read" : ""
    // By hand: the resolver updated and resolving, the context recording, the decoder noting
    // each letter; at a space the decision put into the context, the word finished, the tap noted.
    Benchmark("Keystroke by hand: letters, and spaces that decide\(bar)", configuration: configuration) { benchmark in
      let history = WordHistory(), model = TouchModel(layout: layout)
      let resolver = GaussianKeyResolver(layout: layout, table: table)
      let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
      var context = TypingContext(table: table, wordHistory: history)
      let spaceKey = layout.keyIndex(of: .space)!
      var sum = 0
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        let touch = touches[index % touches.count]
        if touch == spaceTouch {
          let decision = decoder.decide(after: context.wordContext, limit: 1)
          if decision.replaces {
            for _ in 0..<decision.typedLength { context.recordDeletion() }
            let best = decision.best
            for position in 0..<best.writtenCount { context.record(best.writtenScalar(at: position)) }
          }
          decoder.finishWord(decision, teaching: model)
          context.record(" ")
          sum &+= decoder.noteSpaceTap(touch, key: spaceKey) == nil ? 0 : 1
          resolver.adapt(to: model)
          decoder.adapt(to: model)
          if readsBar { sum &+= decoder.nextWords(after: context.wordContext, limit: 3).count }
        } else {
          let key = resolver.resolve(touch, after: context) ?? KeyIndex(0)
          if let cap = layout[key].letter, let letter = table.letterIndex(of: cap) {
            decoder.add(touch, key: key, letter: letter)
            context.record(table.letter(at: letter))
          }
          if readsBar { sum &+= decoder.suggestions(after: context.wordContext, limit: 3, readingTwoWords: true).count }
        }
      }
      benchmark.stopMeasurement()
      blackHole(sum)
    }
    Benchmark("Typing engine: tap (letters, and spaces that decide)\(bar)", configuration: configuration) { benchmark in
      let engine = TypingEngine(table: table, layout: layout, settings: TypingSettings(capitalizesSentences: false))
      var sum = 0
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        let edit = engine.tap(touches[index % touches.count])
        sum &+= edit.deleteCount &+ edit.engineInsertedCount
        if readsBar { sum &+= engine.suggestions.count }
      }
      benchmark.stopMeasurement()
      blackHole(sum)
    }
  }
  // Letters alone: words of 40 letters (the sentence's letters run together), each followed by
  // a fresh start (by hand: a boundary and a decoder reset; the engine: a new, empty field), so
  // a letter's cost dominates: by hand, the keystroke with the decoder attached; the engine,
  // that keystroke and its own bookkeeping.
  let letters = touches.filter { $0 != spaceTouch }
  Benchmark("Keystroke by hand: a letter (words of 40 letters)", configuration: configuration) { benchmark in
    let resolver = GaussianKeyResolver(layout: layout, table: table)
    let history = WordHistory()
    let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
    var context = TypingContext(table: table, wordHistory: history)
    var sum = 0
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      let key = resolver.resolve(letters[index % letters.count], after: context) ?? KeyIndex(0)
      if let cap = layout[key].letter, let letter = table.letterIndex(of: cap) {
        decoder.add(letters[index % letters.count], key: key, letter: letter)
        context.record(table.letter(at: letter))
      }
      sum &+= key.rawValue
      if index % 40 == 39 {
        context.recordBoundary()
        decoder.reset()
      }
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
  Benchmark("Typing engine: a letter tap (words of 40 letters)", configuration: configuration) { benchmark in
    let engine = TypingEngine(table: table, layout: layout,
                              settings: TypingSettings(autocorrection: .off, learns: false, capitalizesSentences: false))
    var sum = 0
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      sum &+= engine.tap(letters[index % letters.count]).engineInsertedCount
      if index % 40 == 39 { engine.reset(textBeforeCursor: "") }
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
  // A backspace right after a correction (the revert), then the space again: two taps.
  Benchmark("Typing engine: a correction reverted by backspace, and its space again (2 taps)", configuration: configuration) { benchmark in
    let engine = TypingEngine(table: table, layout: layout, settings: TypingSettings(learns: false, capitalizesSentences: false))
    let backspace = layout[layout.keyIndex(of: .backspace)!].frame
    let backspaceTouch = TouchPoint(x: backspace.midX, y: backspace.midY)
    for scalar in "teh".unicodeScalars {
      let frame = layout[layout.keyIndex(ofLetter: scalar)!].frame
      _ = engine.tap(TouchPoint(x: frame.midX, y: frame.midY))
    }
    var sum = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      // Each space corrects teh again (learning is off), so each backspace reverts.
      sum &+= engine.tap(spaceTouch).deleteCount
      sum &+= engine.tap(backspaceTouch).deleteCount
    }
    benchmark.stopMeasurement()
    blackHole(sum)
  }
}
