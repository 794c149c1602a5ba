@_spi(Testing) import KeyGram

/// The runtime's stateful trio, `WordDecoder`, `WordHistory` and `TouchModel`, driven by a random
/// sequence of operations on the runtime tests' fixture table `tiny-en` (its lexicon) and its
/// keyboard (or the same keyboard with return typing a mark, as French's apostrophe key). Input:
/// byte 0 picks the history's capacity (64 nodes, so it compacts, or none), the decoder's beam
/// widths, whether touches are timed and the keyboard; then each operation is a byte and its operands: a touch near
/// a key or anywhere (raw Float32 coordinates: NaN, ∞ and far off the keyboard included), a
/// backspace, a tap on a key without a letter (shift or backspace, kept as a key tap; a space, return or mark tap ending the word), decide, finish (teaching the touch model), undo, suggestions, adapt, reset,
/// keep-as-typed, learn or unlearn a word in the history, forget it all, observe, retract and
/// commit touches in the model, save the model and load its bytes (as saved, and as the
/// input's next bytes), and text recorded into a `TypingContext` (letters, spaces, sentence
/// ends, deletions, resets) whose `wordContext` half the decisions and suggestions take.
/// Promises checked: no trap; after every operation, the four types' `_checkInvariants()`
/// (compiled in for fuzzing); a decision's alternatives at most its limit; a saved model
/// reloads to the same bytes.
extension FuzzTarget {
  static let wordDecoderTable: KeyGramTable = {
    // The runtime tests' fixture table (format 2, with a lexicon): RuntimeFixtureTests keeps it current.
    do { return try KeyGramTable(contentsOf: "\(FuzzFixtures.fuzzFolder)/../KeyGramTests/Fixtures/tiny-en.keygram") } catch {
      fatalError("the fuzzing fixture table: \(error)")
    }
  }()
  static let wordDecoderLayout = KeyboardLayout.iPhonePortrait(for: wordDecoderTable)
  /// The same keyboard with return typing a mark that ends the word, as French's apostrophe key does.
  static let wordDecoderMarkLayout = KeyboardLayout(rows: wordDecoderLayout.rows.map { row in
    wordDecoderLayout.keys[row.keyRange].map { $0.role == .returnKey ? Key(role: .punctuation("'"), frame: $0.frame, slot: $0.slot) : $0 }
  })

  static func wordDecoder(_ input: [UInt8], _ findings: inout FuzzFindings) {
    guard let setup = input.first else { return }
    let table = wordDecoderTable, layout = setup & 0x80 != 0 ? wordDecoderMarkLayout : wordDecoderLayout
    let history: WordHistory? = setup & 1 != 0 ? WordHistory(capacity: 64) : nil
    var parameters = WordDecoder.Parameters()
    parameters.beamWidth = Int(setup >> 1 & 7) * 5  // 0 is sanitised to 1
    parameters.omissionBeamWidth = Int(setup >> 4 & 3) * 3
    let timed = setup & 0x40 != 0
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters, wordHistory: history)
    var model = TouchModel(layout: layout)
    var reader = FuzzOperandReader(bytes: input, position: 1)
    var clock = 0.0
    var lastDecision: WordDecision?
    var context = TypingContext(table: table)
    let boundaries: [Unicode.Scalar] = [" ", ".", "\n", ",", "?"]

    func checkAll() {
      decoder._checkInvariants()
      history?._checkInvariants()
      model._checkInvariants()
      context._checkInvariants()
    }
    checkAll()
    var operations = 0
    while let operation = reader.byte(), operations < 400 {
      operations += 1
      switch operation % 20 {
      case 0...5:  // a touch near a key, showing its letter or another
        let key = Int(reader.byte() ?? 0) % Swift.max(layout.keys.count, 1)
        let dx = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4, dy = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4
        let letterByte = Int(reader.byte() ?? 0)
        let frame = layout.keys[key].frame
        clock += Double(letterByte % 8) * 0.05
        let point = TouchPoint(x: frame.midX + dx, y: frame.midY + dy, timestamp: timed ? clock : nil)
        let letter = letterByte < 200 ? letterByte % Swift.max(table.letterCount, 1) : letterByte - 200 + table.letterCount - 20
        decoder.add(point, key: KeyIndex(key), letter: letter, isCapital: letterByte & 8 != 0)
        if letter >= 0 && letter < table.letterCount { context.record(table.letter(at: letter)) }
      case 6:  // a touch anywhere, with any key and letter
        let x = reader.float(), y = reader.float(), key = Int(Int8(bitPattern: reader.byte() ?? 0)), letter = Int(Int8(bitPattern: reader.byte() ?? 0))
        let time = timed ? Double(reader.float()) : nil
        decoder.add(TouchPoint(x: x, y: y, timestamp: time), key: KeyIndex(key), letter: letter)
      case 7:
        decoder.removeLast()
      case 8:  // a tap near a key without a letter: shift (typed nothing), backspace (deleted the letter or space before) or the space bar
        let key = Int(reader.byte() ?? 0) % Swift.max(layout.keys.count, 1)
        let dx = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4, dy = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4
        let frame = layout.keys[key].frame
        let point = TouchPoint(x: frame.midX + dx, y: frame.midY + dy, timestamp: timed ? clock : nil)
        switch key % 3 {
        case 0: decoder.addTapWithoutLetter(point, key: KeyIndex(key))
        case 1: decoder.removeLast(tappedAt: point, key: KeyIndex(key))
        default:
          // A tap ending the word: on the key it landed on (return, a mark, or any key, which the
          // decoder must refuse), or on the space bar near its centre, up to the letter row above it.
          if key % 6 == 2 {
            decoder.noteSpaceTap(point, key: KeyIndex(key))
          } else if let space = layout.keyIndex(of: .space) {
            let bar = layout[space].frame
            decoder.noteSpaceTap(TouchPoint(x: bar.midX + dx * 2, y: bar.midY + dy, timestamp: timed ? clock : nil), key: space)
          }
        }
      case 9:
        let limit = Int(Int8(bitPattern: reader.byte() ?? 0))
        let decision = limit & 1 == 0 ? decoder.decide(limit: limit) : decoder.decide(after: context.wordContext, limit: limit)
        findings.expect(decision.alternativeCount <= Swift.min(Swift.max(limit, 1), WordDecoder.maximumAlternatives),
                        "\(decision.alternativeCount) alternatives for limit \(limit)")
        if let join = decision.join {
          findings.expect(join.word.count > 0 && join.replacedCharacterCount >= 1 + decision.typedLength, "a join of \(join.word.count) letters replacing \(join.replacedCharacterCount)")
          findings.expect(decision.spannedPrecedingWords == (join.replaces ? 1 : 0), "a join that spans \(decision.spannedPrecedingWords) words")
        }
        findings.expect(!decision.restoresSpace || decision.replaces, "a space put back without a replacement")
        lastDecision = decision
      case 10:  // the word ends: the decision stands (or, without one, a fresh one), and the history learns what stood
        let decision = lastDecision ?? decoder.decide()
        decoder.finishWord(decision, teaching: model)
        let stood = decision.replaces ? decision.best : decision.typed
        history?.learn(length: stood.count) { stood.letter(at: $0) }
        lastDecision = nil
      case 11:
        if let undo = decoder.undoReplacement(teaching: model) {
          // A join gives back the word before the space; a split its second word; never both.
          findings.expect(undo.restoredPrevious == nil || undo.replacedSecond == nil, "an undo that restores a previous word and a split")
          findings.expect(undo.restored.count > 0 && undo.replaced.count > 0, "an undo of \(undo.replaced.count) letters to \(undo.restored.count)")
        }
        lastDecision = nil
      case 12:
        let limit = Int(Int8(bitPattern: reader.byte() ?? 0))
        let twoWords = limit & 2 != 0
        let suggestions = limit & 1 == 0 ? decoder.suggestions(limit: limit, readingTwoWords: twoWords)
          : decoder.suggestions(after: context.wordContext, limit: limit, readingTwoWords: twoWords)
        findings.expect(suggestions.count <= WordDecoder.maximumAlternatives, "\(suggestions.count) suggestions")
        if let split = suggestions.split { findings.expect(split.first.count > 0 && split.second.count > 0, "an empty word in \(split.text)") }
        if let join = suggestions.join {
          findings.expect(!join.replaces && join.margin > 0 && join.word.count > 0 && join.replacedCharacterCount >= 1,
                          "a suggested join of \(join.word.count) letters replacing \(join.replacedCharacterCount), margin \(join.margin)")
          // The user picks it.
          if limit & 4 != 0 {
            decoder.acceptSuggestedJoin()
            lastDecision = nil
          }
        }
      case 13:
        decoder.adapt(to: model)
      case 14:
        let choice = reader.byte() ?? 0
        switch choice % 6 {
        case 0: decoder.reset()
        case 1: decoder.keepCurrentWordAsTyped()
        case 2: history?.removeAll()
        case 3: context.record(boundaries[Int(choice / 6) % boundaries.count])
        case 4: context.recordDeletion()
        default: if choice & 0x80 != 0 { context.reset() } else { context.reset(textBeforeCursor: "so the quick. brown fox") }
        }
        lastDecision = nil
      case 15:  // a word learned or unlearned by the history directly
        let length = Int(reader.byte() ?? 0) % 12, unlearn = length % 2 == 1
        let letters = (0..<length).map { _ in Int(reader.byte() ?? 0) % Swift.max(table.letterCount + 2, 1) }
        if unlearn { history?.unlearn(length: length) { letters[$0] } } else { history?.learn(length: length) { letters[$0] } }
      case 16:  // the touch model on its own
        let x = reader.float(), y = reader.float(), key = Int(Int8(bitPattern: reader.byte() ?? 0))
        model.observe(TouchPoint(x: x, y: y, timestamp: timed ? clock : nil), key: KeyIndex(key))
      case 17:
        switch reader.byte().map({ $0 % 3 }) ?? 0 {
        case 0: model.retractLast()
        case 1: model.commit()
        default: model.reset()
        }
      case 18:  // saved and loaded: the same bytes
        let saved = model.bytes
        do {
          let loaded = try TouchModel(bytes: saved, layout: layout)
          findings.expect(loaded.bytes == saved, "a saved touch model reloads to other bytes")
          loaded._checkInvariants()
          model = loaded
        } catch {
          findings.expect(false, "a saved touch model does not load: \(error)")
        }
      default:  // the next bytes as a saved model, with its checksum made to fit half the time
        let length = Int(reader.byte() ?? 0) * 2
        var bytes = reader.bytes(length)
        if length % 4 == 0, bytes.count >= 8 {
          let body = bytes.dropLast(4), crc = TouchModel.crc32(body)
          bytes = Array(body) + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * UInt32($0))) }
        }
        if let loaded = try? TouchModel(bytes: bytes, layout: layout) {
          loaded._checkInvariants()
          model = loaded
        }
      }
      checkAll()
    }
  }
}

/// Reads operands from a fuzz input; past its end, nil or zeros.
struct FuzzOperandReader {
  let bytes: [UInt8]
  var position: Int

  mutating func byte() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// A Float32 from the next four bytes, little-endian: any value, NaN and ∞ included.
  mutating func float() -> Float {
    Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(byte() ?? 0) << (8 * UInt32($1)) })
  }

  mutating func bytes(_ count: Int) -> [UInt8] {
    let end = Swift.min(position + count, bytes.count)
    defer { position = end }
    return Array(bytes[position..<end])
  }
}
