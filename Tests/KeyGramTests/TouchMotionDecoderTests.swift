@_spi(Testing) import KeyGram
import Testing

/// The word decoder's spread for timed touches: the one `TouchMotion` gives, as the Gaussian
/// resolver's, and the static one wherever the motion falls back.
@Suite("Touch motion in the word decoder")
struct TouchMotionDecoderTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func letter(_ scalar: Unicode.Scalar) -> Int { EnglishTable.letter(scalar) }

  /// "keyboard" with its r touched 60% of the way toward t (so t was shown), each touch at
  /// `time(position)`: nil leaves it untimed.
  func decide(_ time: (Int) -> Double?, parameters: WordDecoder.Parameters = .init()) -> WordDecision {
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters)
    for (position, scalar) in "keyboard".unicodeScalars.enumerated() {
      var frame = layout[layout.index(scalar)].frame
      var shown = scalar
      var x = frame.midX, y = frame.midY
      if position == 6 {
        frame = layout[layout.index("t")].frame
        x += (frame.midX - x) * 0.6
        y += (frame.midY - y) * 0.6
        shown = "t"
      }
      decoder.add(TouchPoint(x: x, y: y, timestamp: time(position)), key: layout.index(shown), letter: letter(shown))
    }
    return decoder.decide()
  }

  @Test("A fast move to the missed key widens its spread and a slow one narrows it: the correction's margin grows and shrinks")
  func speedMovesTheMargin() {
    // σa 5 pt, under the untimed 8 pt: a slow move's spread is narrower than the untimed one.
    var parameters = WordDecoder.Parameters()
    parameters.motion = TouchMotion.Parameters(absoluteSigma: 5, fittsIntercept: 0.08, fittsSlope: 0.1)
    let untimed = decide({ _ in nil }, parameters: parameters)
    let fast = decide({ 10 + 0.1 * Double($0) }, parameters: parameters)
    let slow = decide({ 10 + 1.0 * Double($0) }, parameters: parameters)
    #expect(untimed.typed.text == "keyboatd" && fast.typed.text == "keyboatd" && slow.typed.text == "keyboatd")
    #expect(fast.best.text == "keyboard")
    #expect(fast.margin > untimed.margin)
    #expect(untimed.margin > slow.margin)
  }

  /// Each bad timestamp (and a long pause) on every touch after the first: the motion always
  /// falls back, so every score is the untimed one, bit for bit.
  @Test("Bad timestamps and pauses decode bit for bit as untimed touches",
        arguments: [("NaN", Double.nan), ("infinite", .infinity), ("minus infinity", -.infinity), ("negative", -0.3),
                    ("earlier than the last", -1), ("a long pause", 2), ("years later", 3 * 365 * 86_400),
                    ("the largest Double", .greatestFiniteMagnitude)])
  func fallbacksMatchUntimed(name: String, bad: Double) {
    let untimed = decide { _ in nil }
    let timed = decide { position -> Double in
      switch name {
      case "earlier than the last": return 100 - Double(position)
      case "a long pause": return 100 + bad * Double(position)
      // Alternately at 100 s and the bad time: each touch is far later, or earlier, than the last.
      case "years later", "the largest Double": return position.isMultiple(of: 2) ? 100 : 100 + bad
      default: return position == 0 ? 100 : bad
      }
    }
    #expect(timed.typed.text == untimed.typed.text && timed.best.text == untimed.best.text)
    #expect(timed.typed.score.bitPattern == untimed.typed.score.bitPattern, "\(name)")
    #expect(timed.margin.bitPattern == untimed.margin.bitPattern, "\(name)")
    #expect(timed.replaces == untimed.replaces)
  }

  @Test("The first touch of each word is scored with the static spread, however fast it follows the last word")
  func firstTouchOfAWordIsStatic() {
    let decoder = WordDecoder(table: table, layout: layout)
    let reference = WordDecoder(table: table, layout: layout)
    for (index, word) in ["the", "keyboard"].enumerated() {
      for (position, scalar) in word.unicodeScalars.enumerated() {
        let frame = layout[layout.index(scalar)].frame
        let x = frame.midX + 9, y = frame.midY - 4
        let time = 50 + Double(index) * 0.2 + Double(position) * 0.9
        // Only the first touch of a word is timed: it has no previous touch in its word.
        decoder.add(TouchPoint(x: x, y: y, timestamp: position == 0 ? time : nil), key: layout.index(scalar), letter: letter(scalar))
        reference.add(TouchPoint(x: x, y: y), key: layout.index(scalar), letter: letter(scalar))
      }
      let decision = decoder.decide(), expected = reference.decide()
      #expect(decision.typed.score.bitPattern == expected.typed.score.bitPattern)
      decoder.finishWord(decision)
      reference.finishWord(expected)
    }
  }

  @Test("A backspace forgets the previous touch: the next one gets the static spread")
  func backspaceForgetsThePreviousTouch() {
    let decoder = WordDecoder(table: table, layout: layout)
    for (position, scalar) in "keyx".unicodeScalars.enumerated() {
      let frame = layout[layout.index(scalar)].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY, timestamp: 5 + 0.2 * Double(position)), key: layout.index(scalar),
                  letter: letter(scalar))
    }
    decoder.removeLast()
    #expect(!decoder.motion.hasPrevious)
    let frame = layout[layout.index("b")].frame
    // Just after the backspace, 6 pt off "b": the static spread, as for an untimed touch.
    let time = 5.65
    decoder.add(TouchPoint(x: frame.midX + 6, y: frame.midY, timestamp: time), key: layout.index("b"), letter: letter("b"))
    let untimedAfter = WordDecoder(table: table, layout: layout)
    for scalar in "key".unicodeScalars {
      let keyFrame = layout[layout.index(scalar)].frame
      untimedAfter.add(TouchPoint(x: keyFrame.midX, y: keyFrame.midY, timestamp: nil), key: layout.index(scalar), letter: letter(scalar))
    }
    untimedAfter.add(TouchPoint(x: frame.midX + 6, y: frame.midY), key: layout.index("b"), letter: letter("b"))
    // The first three touches differ (timed, at their centres, so only their normaliser moves);
    // compare the last touch's own share: the typed score minus the first three's.
    let timedPrefix = WordDecoder(table: table, layout: layout)
    let untimedPrefix = WordDecoder(table: table, layout: layout)
    for (position, scalar) in "key".unicodeScalars.enumerated() {
      let keyFrame = layout[layout.index(scalar)].frame
      timedPrefix.add(TouchPoint(x: keyFrame.midX, y: keyFrame.midY, timestamp: 5 + 0.2 * Double(position)), key: layout.index(scalar),
                      letter: letter(scalar))
      untimedPrefix.add(TouchPoint(x: keyFrame.midX, y: keyFrame.midY), key: layout.index(scalar), letter: letter(scalar))
    }
    let timedShare = decoder.decide().typed.score - timedPrefix.decide().typed.score
    let untimedShare = untimedAfter.decide().typed.score - untimedPrefix.decide().typed.score
    #expect(Swift.abs(timedShare - untimedShare) < 1e-3, "\(timedShare) vs \(untimedShare)")
  }

  @Test("NaN and far-off timed touches make the word stand as typed, never trap; the next word decodes",
        arguments: [TouchPoint(x: .nan, y: 60, timestamp: 1.2), TouchPoint(x: 100, y: .infinity, timestamp: 1.2),
                    TouchPoint(x: 3e38, y: -3e38, timestamp: 1.2), TouchPoint(x: 5_000, y: 60, timestamp: 1.2)])
  func badTouches(touch: TouchPoint) {
    let decoder = WordDecoder(table: table, layout: layout)
    let h = layout[layout.index("h")].frame
    decoder.add(TouchPoint(x: h.midX, y: h.midY, timestamp: 1), key: layout.index("h"), letter: letter("h"))
    decoder.add(touch, key: layout.index("i"), letter: letter("i"))
    let decision = decoder.decide()
    #expect(!decision.isDecoded && !decision.replaces && decision.typed.text == "hi")
    decoder.finishWord(decision)
    // The next word, timed from a good touch, decodes.
    for (position, scalar) in "keyboard".unicodeScalars.enumerated() {
      let frame = layout[layout.index(scalar)].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY, timestamp: 2 + 0.3 * Double(position)), key: layout.index(scalar),
                  letter: letter(scalar))
    }
    let next = decoder.decide()
    #expect(next.isDecoded && next.typed.text == "keyboard" && !next.replaces)
  }
}

#if canImport(MallocCounter)
/// Timed touches cost the decoder no allocation: the motion, the per-touch spreads and the
/// timestamps live in buffers allocated at init, and the learned speed term in the touch model's.
@Suite("Timed word decoder allocation", .serialized)
struct TimedWordDecoderAllocationTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  @Test("timed touches: adding, suggesting, deciding, finishing, teaching a touch model and adapting to it")
  func timedDecoding() {
    let table = EnglishTable.mapped
    let model = TouchModel(layout: layout)
    let decoder = WordDecoder(table: table, layout: layout)
    let resolver = GaussianKeyResolver(layout: layout, table: table)
    var generator = SplitMix64(seed: 8)
    var points: [[TouchPoint]] = [], keys: [[KeyIndex]] = [], letters: [[Int]] = []
    var time = 10.0
    // Lexicon words and one that is none (qwfpgj).
    for word in ["keyboard", "timed", "touches", "qwfpgj", "spread", "motion"] {
      points.append([]); keys.append([]); letters.append([])
      for scalar in word.unicodeScalars {
        let frame = layout[layout.keyIndex(ofLetter: scalar)!].frame
        time += 0.12 + Double(generator.next() % 300) / 1000
        let touch = TouchPoint(x: frame.midX + Float(Int(generator.next() % 31) - 15), y: frame.midY + Float(Int(generator.next() % 21) - 10),
                               timestamp: time)
        let shown = resolver.resolve(touch)!
        points[points.count - 1].append(touch)
        keys[keys.count - 1].append(shown)
        letters[letters.count - 1].append(table.letterIndex(of: layout[shown].letter ?? scalar) ?? 0)
      }
      time += 0.7
    }
    var total = 0
    let count = mallocs {
      for round in 0..<40 {
        for w in points.indices {
          for index in points[w].indices {
            var touch = points[w][index]
            touch.timestamp = touch.timestamp! + Double(round) * 100
            _ = resolver.resolve(touch)
            decoder.add(touch, key: keys[w][index], letter: letters[w][index])
            total &+= decoder.suggestions(limit: 3).count
          }
          let decision = decoder.decide(limit: 3)
          total &+= decision.alternativeCount
          decoder.finishWord(decision, teaching: model)
          decoder.adapt(to: model)
          resolver.adapt(to: model)
        }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(total > 0)
    #expect((0..<TouchMotion.speedBucketCount).contains { model.speedSampleCount(ofBucket: $0) > 0 })
  }
}
#endif
