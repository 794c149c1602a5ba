@_spi(Testing) import KeyGram

/// `TypingEngine` driven by a random sequence of a keyboard's events on the shipped English table
/// (`tables/en.keygram`) and the iPhone's portrait QWERTY keyboard, every edit applied to a text
/// field as a host applies it. Input: byte 0 gives the starting settings, the parameters
/// `keepsWordHistory` and `learnsTouches`, and whether touches are timed; then each event is a
/// byte and its operands: a touch near any key (letters, shift, the
/// space bar, backspace, "123", return, up to 32 pt off its centre, so between keys too), the
/// same on a key the host chose (`tap(_:on:)`: any index, nil, outside the layout), text
/// typed at the keys' centres (shift tapped before a capital), a touch anywhere (raw Float32
/// coordinates and timestamp: NaN, ∞, far off), a touch on a grid over and around the keyboard,
/// the backspace key, `deleteBackward()`, `pick` of slots -1 ... 3, the host's `insert` of
/// digits, punctuation, emoji, combining marks, ZWJ sequences, apostrophes, line breaks and
/// any scalar, a long paste (with or without spaces), a cursor move (the field's cursor moved,
/// then `reset(textBeforeCursor:)`), a new field (empty, or with text before and after the
/// cursor, or long), a settings toggle or `forgetLearned()`, the bar read, a double shift tap,
/// and save and restore (a new engine from `learnedBytes`, as saved, damaged, cut, lengthened,
/// or the input's bytes).
///
/// Promises checked after every event: the engine's `knownTextBeforeCursor` is the field's
/// text before the cursor, scalar for scalar (its end when `textBeforeCursorIsTruncated`); an
/// edit deletes no further back than the start of the last two words of the text before the
/// event (a word: a run of non-whitespace characters) and no more than the field has; the edit's
/// `insertedCount` is its text's; a tap's `key` is its `keyIndex`'s role (on a key the host chose:
/// that key, or nil outside the layout); the engine's kept text starts where a character of the
/// field starts; the engine's `_checkInvariants()`; the bar holds at most three
/// non-empty slots; learned bytes restore with no error and save again to the same bytes, and
/// damaged ones set `learnedError` and start fresh (nothing learned).
///
/// `KEYGRAM_FUZZ_TRACE=1` prints each event, its edit and the field (to replay a finding);
/// under libFuzzer the process prints the events it ran at exit (`stat::typingengine_events:`).
extension FuzzTarget {
  static let typingEngineTable: KeyGramTable = {
    let path = "\(FuzzFixtures.fuzzFolder)/../../tables/en.keygram"
    do { return try KeyGramTable(contentsOf: path) } catch { fatalError("the shipped English table \(path): \(error)") }
  }()
  static let typingEngineLayout = KeyboardLayout.iPhonePortraitQWERTY
  /// What a fresh engine saves: learned bytes that were refused must leave this.
  static let typingEngineFreshBytes = TypingEngine(table: typingEngineTable, layout: typingEngineLayout).learnedBytes
  static let typingEngineTrace = system_environment("KEYGRAM_FUZZ_TRACE").map { !$0.isEmpty && $0 != "0" } ?? false

  /// Promises a campaign may park while their finding waits for a fix: `KEYGRAM_FUZZ_PARKED`, names
  /// separated by commas (`kept-text-start`: the engine's kept text starts inside a character of
  /// the field). An input that breaks a parked promise stops there, unreported, and is counted
  /// (`stat::typingengine_parked:`). Never set for the test suite, which replays every input.
  static let typingEngineParked = Set((system_environment("KEYGRAM_FUZZ_PARKED") ?? "").split(separator: ",").map { String($0) })

  /// The events run in this process and the inputs stopped at a parked promise, printed at exit
  /// when libFuzzer runs this target.
  nonisolated(unsafe) static var typingEngineEvents = 0
  nonisolated(unsafe) static var typingEngineParkedInputs = 0
  static let typingEngineEventReport: Void = {
    if system_environment("KEYGRAM_FUZZ_TARGET") == FuzzTarget.typingEngine.rawValue {
      system_atExit {
        print("stat::typingengine_events: \(FuzzTarget.typingEngineEvents)")
        if !FuzzTarget.typingEngineParked.isEmpty {
          print("stat::typingengine_parked: \(FuzzTarget.typingEngineParkedInputs) inputs stopped at \(FuzzTarget.typingEngineParked.sorted().joined(separator: ", "))")
        }
      }
    }
  }()

  /// The most events one input runs, and the most engines it makes from learned bytes.
  static let typingEngineEventLimit = 384
  static let typingEngineRestoreLimit = 6

  /// Host text for `insert(_:)`: digits, punctuation, apostrophes, emoji and ZWJ sequences,
  /// combining marks alone and on letters, spaces and line breaks of every kind, a prepended
  /// mark, Hangul jamo, a regional indicator, words with apostrophes.
  static let typingEngineHostTexts: [String] = [
    "0", "1", "7", "42", "3.14", "1,000", ".", ",", "!", "?", ";", ":", "-", "(", ")", "\"", "'", "\u{2019}", "\u{2018}",
    "«", "»", "…", "—", "@", "#", "&", "/", "😀", "👍🏽", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "❤️", "\u{1F1FA}", "\u{301}", "\u{308}\u{323}",
    "e\u{301}", "\u{200D}", "\u{200D}👩", "\u{FE0F}", "x\u{20DD}", " ", "  ", "\n", "\t", "\r", "\r\n", "\u{A0}", "\u{3000}",
    "\u{2028}", "\u{600}", "\u{AD}", "a", "Hello", "don't", "it\u{2019}s", "'s", "n't", "rock'n'roll", "ﬁ", "ß", "İ", "Ωμέγα",
    "日本語", "e.g.", "http://x.y/z", "\u{0915}\u{094D}", "\u{1100}", "\u{1161}", " the", ". ", "? Yes", "'hello'",
  ]
  /// Where random scalars come from: a block's first scalar and its size.
  static let typingEngineScalarBlocks: [(UInt32, UInt32)] = [
    (0x20, 0x5F), (0xA0, 0x60), (0x300, 0x70), (0x370, 0x90), (0x600, 0x100), (0x900, 0x80), (0x1100, 0x100),
    (0x2000, 0x70), (0x2600, 0x100), (0x3000, 0x40), (0xFE00, 0x10), (0x1F1E6, 0x1A), (0x1F300, 0x300), (0xE0020, 0x60),
  ]
  static let typingEnginePaste = Array("The quick brown fox jumps over the lazy dog. Don't stop! 123 naïve café, 👩‍👩‍👧 e\u{301}te\u{301}\r\n")
  static let typingEngineWord = Array("https://example.com/averyveryverylongpath?q=teh&x=é👍🏽_")
  static let typingEngineLongField = String(repeating: "Lorem ipsum dolor sit amet, it's 42 naïve words; ", count: 60)

  static func typingEngine(_ input: [UInt8], _ findings: inout FuzzFindings) {
    _ = typingEngineEventReport
    guard let setup = input.first else { return }
    let table = typingEngineTable, layout = typingEngineLayout, trace = typingEngineTrace
    let timed = setup & 0x10 != 0
    // Bits 0 and 7: the language's level, off, aggressive or modest.
    let level: Autocorrection? = [nil, .off, .aggressive, .modest][Int(setup & 1) | Int(setup >> 6 & 2)]
    let settings = TypingSettings(autocorrection: level, predictsNextWords: setup & 2 == 0,
                                  learns: setup & 4 == 0, capitalizesSentences: setup & 8 == 0)
    var parameters = TypingEngine.Parameters()
    parameters.keepsWordHistory = setup & 0x20 == 0
    parameters.learnsTouches = setup & 0x40 == 0
    var engine = TypingEngine(table: table, layout: layout, settings: settings, parameters: parameters)
    var field = FuzzTextField()
    var reader = FuzzOperandReader(bytes: input, position: 1)
    var clock = 1.0
    var events = 0, restores = 0
    var broken = false
    func centre(_ role: Key.Role) -> TouchPoint {
      let frame = layout[layout.keyIndex(of: role)!].frame
      return TouchPoint(x: frame.midX, y: frame.midY)
    }
    func tick(_ seconds: Double) -> Double? {
      guard timed else { return nil }
      clock += seconds
      return clock
    }
    func log(_ line: @autoclosure () -> String) {
      guard trace else { return }
      print(line())
      system_flushOutput()
    }
    log("typingengine: \(settings), keepsWordHistory: \(parameters.keepsWordHistory), learnsTouches: \(parameters.learnsTouches), timed: \(timed)")

    /// Checks the engine against the field after an event whose edit is `edit` (nil: a reset,
    /// a new engine or a setting: nothing to apply), `prior` the text before the cursor before it.
    func check(_ name: @autoclosure () -> String, _ edit: TextEdit?, prior: String) {
      events += 1
      typingEngineEvents += 1
      if let edit {
        let text = edit.text
        log("#\(events) \(name()) → delete \(edit.deleteCount), insert \(text.debugDescription)\(edit.correctsWord ? " (corrects)" : "")")
        let reach = Self.reachOfLastTwoWords(prior, limit: edit.deleteCount)
        if edit.deleteCount < 0 || reach < edit.deleteCount {
          let available = Self.reachOfLastTwoWords(prior, limit: Int.max, words: Int.max)
          findings.expect(false, "event #\(events) \(name()): the edit deletes \(edit.deleteCount) characters of \(Self.tail(prior)), "
                            + (available < edit.deleteCount ? "more than the field's \(available)"
                                                            : "beyond the last two words (\(reach) characters)"))
          broken = true
        }
        findings.expect(edit.insertedCount == text.unicodeScalars.count,
                        "event #\(events) \(name()): insertedCount \(edit.insertedCount) for \(text.unicodeScalars.count) scalars")
        field.apply(deleteCount: edit.deleteCount, text: text)
      } else {
        log("#\(events) \(name())")
      }
      let known = engine.knownTextBeforeCursor
      let inStep = engine.textBeforeCursorIsTruncated
        ? field.before.unicodeScalars.reversed().starts(with: known.unicodeScalars.reversed())
        : known.unicodeScalars.elementsEqual(field.before.unicodeScalars)
      log("   field: \(Self.tail(field.before))\(inStep ? "" : " engine: \(Self.tail(known))")")
      if !inStep {
        findings.expect(false, "event #\(events) \(name()): the engine's text before the cursor \(Self.tail(known))"
                          + "\(engine.textBeforeCursorIsTruncated ? " (truncated)" : "") is not the field's \(Self.tail(field.before))")
        broken = true
      } else if engine.textBeforeCursorIsTruncated {
        // Its kept text starts where one of the field's characters starts (as `_checkInvariants()`
        // checks inside; said here with the text, as a release build's precondition says nothing).
        let scalars = field.before.unicodeScalars
        let start = scalars.index(scalars.endIndex, offsetBy: -known.unicodeScalars.count)
        if start.samePosition(in: field.before) == nil {
          broken = true
          if typingEngineParked.contains("kept-text-start") {
            typingEngineParkedInputs += 1
            return
          }
          findings.expect(false, "event #\(events) \(name()): the engine's kept text \(Self.tail(known)) starts at "
                            + "U+\(String(scalars[start].value, radix: 16, uppercase: true)), inside a character of the field")
          return
        }
      }
      engine._checkInvariants()
    }

    /// One tap: its edit applied and checked.
    func tap(_ point: TouchPoint, _ what: @autoclosure () -> String = "") {
      let prior = field.before
      let edit = engine.tap(point)
      findings.expect(edit.key == edit.keyIndex.map { layout[$0].role }, "event #\(events + 1): a tap's key \(String(describing: edit.key)) is not its key index's")
      check("tap(\(point.x), \(point.y), t: \(point.timestamp.map { "\($0)" } ?? "nil"))\(what())"
              + " on \(edit.key.map { "\($0)" } ?? "no key")", edit, prior: prior)
    }

    /// The field's text before the cursor changed behind the engine's back: it is told.
    func resetEngine(_ name: @autoclosure () -> String) {
      let prior = field.before
      engine.reset(textBeforeCursor: field.before)
      check("\(name()); reset(textBeforeCursor: \(Self.tail(field.before)))", nil, prior: prior)
    }

    /// A new engine from `bytes`, as the next keyboard session starts; `damaged`: bytes it must refuse.
    func restore(_ bytes: [UInt8], damaged: Bool?, _ name: String) {
      restores += 1
      let saved = engine.settings
      engine = TypingEngine(table: table, layout: layout, settings: saved, parameters: parameters, learned: bytes)
      let restored = engine.learnedError == nil
      if damaged == true || (damaged == nil && !restored) {
        findings.expect(!restored, "event #\(events + 1) \(name): \(bytes.count) damaged learned bytes accepted")
        findings.expect(system_sameBytes(engine.learnedBytes, typingEngineFreshBytes),
                        "event #\(events + 1) \(name): refused learned bytes (\(engine.learnedError.map { "\($0)" } ?? "")) did not start fresh")
      } else if damaged == false {
        findings.expect(restored, "event #\(events + 1) \(name): saved learned bytes refused: \(engine.learnedError.map { "\($0)" } ?? "")")
        findings.expect(system_sameBytes(engine.learnedBytes, bytes), "event #\(events + 1) \(name): restored learned bytes save to other bytes")
      }
      resetEngine("\(name) → learnedError: \(engine.learnedError.map { "\($0)" } ?? "nil")")
    }

    while !broken, events < typingEngineEventLimit, let operation = reader.byte() {
      switch operation % 24 {
      case 0...6:  // a touch near a key: any key, up to 32 pt off its centre either way
        let key = Int(reader.byte() ?? 0) % layout.keys.count
        let dx = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4, dy = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4
        let time = tick(Double((reader.byte() ?? 0) % 16) * 0.03)
        let frame = layout.keys[key].frame
        tap(TouchPoint(x: frame.midX + dx, y: frame.midY + dy, timestamp: time), " near \(layout.keys[key].role)")
      case 7:  // a touch near a key on the key the host chose (its own hit-testing): any index, nil, outside the layout
        let chosen = Int(Int8(bitPattern: reader.byte() ?? 0)), near = Int(reader.byte() ?? 0) % layout.keys.count
        let dx = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4, dy = Float(Int8(bitPattern: reader.byte() ?? 0)) / 4
        let frame = layout.keys[near].frame
        let point = TouchPoint(x: frame.midX + dx, y: frame.midY + dy, timestamp: tick(0.1))
        let key = chosen == 127 ? nil : KeyIndex(chosen < -64 ? chosen : chosen % (layout.keys.count + 2))
        let prior = field.before
        let edit = engine.tap(point, on: key)
        let valid = key.map { $0.rawValue >= 0 && $0.rawValue < layout.keys.count } ?? false
        findings.expect(edit.keyIndex == (valid ? key : nil) && edit.key == edit.keyIndex.map { layout[$0].role },
                        "event #\(events + 1): a tap on key \(String(describing: key)) gives key \(String(describing: edit.keyIndex)), \(String(describing: edit.key))")
        check("tap(\(point.x), \(point.y), t: \(point.timestamp.map { "\($0)" } ?? "nil"), on: \(key.map { "\($0.rawValue)" } ?? "nil"))"
                + " near \(layout.keys[near].role) on \(edit.key.map { "\($0)" } ?? "no key")", edit, prior: prior)
      case 8, 9:  // text typed at the keys' centres: a ... z, capitals after a shift tap, space, return, backspace (<), shift (^), 123 (#)
        let length = Int(reader.byte() ?? 0) % 16 + 1
        for byte in reader.bytes(length) where !broken && events < typingEngineEventLimit {
          let scalar = Unicode.Scalar(byte)
          var point: TouchPoint
          switch scalar {
          case "a"..."z": point = centre(.letter(scalar))
          case "A"..."Z":
            if engine.shift == .off {
              var shift = centre(.shift)
              shift.timestamp = tick(0.12)
              tap(shift, " (shift for \(scalar))")
              if broken { continue }
            }
            point = centre(.letter(Unicode.Scalar(byte + 32)))
          case " ": point = centre(.space)
          case "\n": point = centre(.returnKey)
          case "<": point = centre(.backspace)
          case "^": point = centre(.shift)
          case "#": point = centre(.modeChange)
          default: point = centre(.letter(Unicode.Scalar(UInt8(ascii: "a") + byte % 26)))
          }
          point.timestamp = tick(0.12)
          tap(point, " typing \(Character(scalar).debugDescription)")
        }
      case 10:  // a touch anywhere: raw coordinates and timestamp
        let x = reader.float(), y = reader.float(), mode = reader.byte() ?? 0
        let time: Double? = switch mode % 4 {
        case 0: nil
        case 1: tick(0.1)
        case 2: Double(reader.float())
        default: [Double.nan, -.infinity, .infinity, -1, 0, 1e300][Int(mode / 4) % 6]
        }
        tap(TouchPoint(x: x, y: y, timestamp: time), " anywhere")
      case 11:  // a touch on a grid over the keyboard and 20 pt around it: between keys, off the keyboard
        let x = Float(reader.byte() ?? 0) / 255 * 415 - 20, y = Float(reader.byte() ?? 0) / 255 * 256 - 20
        tap(TouchPoint(x: x, y: y, timestamp: tick(0.1)), " on the grid")
      case 12:  // the backspace key, up to 8 pt off its centre
        var point = centre(.backspace)
        point.x += Float(Int8(bitPattern: reader.byte() ?? 0)) / 16
        point.timestamp = tick(0.1)
        tap(point, " (backspace)")
      case 13:
        let prior = field.before
        check("deleteBackward()", engine.deleteBackward(), prior: prior)
      case 14:
        let slot = [0, 1, 2, 3, -1][Int(reader.byte() ?? 0) % 5]
        let bar = engine.suggestions.map { "\($0.kind):\($0.text.debugDescription)" }.joined(separator: " ")
        let prior = field.before
        check("pick(\(slot)) of [\(bar)]", engine.pick(slot), prior: prior)
      case 15:  // the host's text: one of its keys, an emoji, a mark
        let text = typingEngineHostTexts[Int(reader.byte() ?? 0) % typingEngineHostTexts.count]
        let prior = field.before
        check("insert(\(text.debugDescription))", engine.insert(text), prior: prior)
      case 16:  // the host's text: any scalars
        let count = Int(reader.byte() ?? 0) % 6 + 1
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
          let block = typingEngineScalarBlocks[Int(reader.byte() ?? 0) % typingEngineScalarBlocks.count]
          if let scalar = Unicode.Scalar(block.0 + UInt32(reader.byte() ?? 0) % block.1) { scalars.append(scalar) }
        }
        let text = String(scalars), prior = field.before
        check("insert(\(text.debugDescription))", engine.insert(text), prior: prior)
      case 17:  // a paste: 16 ... 2,048 characters, of sentences or one long word
        let byte = reader.byte() ?? 0
        guard field.before.utf8.count < 20_000 else { break }
        let source = byte & 0x80 == 0 ? typingEnginePaste : typingEngineWord
        let count = (Int(byte & 0x7F) + 1) * 16
        let text = String((0..<count).map { source[$0 % source.count] }), prior = field.before
        check("insert(paste of \(count) characters \(Self.tail(text)))", engine.insert(text), prior: prior)
      case 18:  // the cursor moves (127: to the end)
        let offset = Int(Int8(bitPattern: reader.byte() ?? 0))
        field.moveCursor(by: offset == 127 ? Int.max : offset)
        resetEngine("moveCursor(by: \(offset))")
      case 19:  // a new field
        let kind = reader.byte() ?? 0
        switch kind % 5 {
        case 0: field = FuzzTextField()
        case 1: field = FuzzTextField(before: "Hello there. ", after: "")
        case 2: field = FuzzTextField(before: "I like th", after: "e house")
        case 3: field = FuzzTextField(before: typingEngineLongField, after: "")
        default: field = FuzzTextField(before: "naïve e\u{301} 👩‍👩‍👧 it\u{2019}s\r", after: "")
        }
        resetEngine("newField(\(kind % 5))")
      case 20:  // a setting changed, or what was learned forgotten
        let choice = reader.byte() ?? 0
        var settings = engine.settings
        switch choice % 6 {
        case 0:
          // The next level: the language's, then each from off to aggressive.
          let levels: [Autocorrection?] = [nil] + Autocorrection.allLevels
          let index = levels.firstIndex { $0 == settings.autocorrection } ?? 0
          settings.autocorrection = levels[(index + 1) % levels.count]
        case 1: settings.predictsNextWords.toggle()
        case 2: settings.learns.toggle()
        case 3: settings.capitalizesSentences.toggle()
        case 4: engine.forgetLearned()
        default:
          settings = TypingSettings(autocorrection: choice & 8 != 0 ? .off : choice & 128 != 0 ? .aggressive : nil, predictsNextWords: choice & 16 == 0,
                                    learns: choice & 32 == 0, capitalizesSentences: choice & 64 == 0)
        }
        engine.settings = settings
        let prior = field.before
        check(choice % 6 == 4 ? "forgetLearned()" : "settings = \(settings)", nil, prior: prior)
      case 21:  // the keyboard goes away and comes back: a new engine from what was learned
        let choice = reader.byte() ?? 0
        guard restores < typingEngineRestoreLimit else { break }
        var bytes = engine.learnedBytes
        switch choice % 6 {
        case 0, 1: restore(bytes, damaged: false, "restore(learnedBytes)")
        case 2:
          let position = (Int(reader.byte() ?? 0) << 8 | Int(reader.byte() ?? 0)) % bytes.count
          let flip = Swift.max(reader.byte() ?? 1, 1)
          bytes[position] ^= flip
          restore(bytes, damaged: true, "restore(learnedBytes with byte \(position) ^ \(flip))")
        case 3:
          let cut = Int(reader.byte() ?? 0) % bytes.count + 1
          restore(Array(bytes.dropLast(cut)), damaged: true, "restore(learnedBytes less their last \(cut))")
        case 4:
          let extra = reader.bytes(Int(reader.byte() ?? 0) % 8 + 1)
          restore(bytes + (extra.isEmpty ? [0] : extra), damaged: true, "restore(learnedBytes and \(Swift.max(extra.count, 1)) more)")
        default:
          let some = reader.bytes(Int(reader.byte() ?? 0) * 4)
          restore(some, damaged: nil, "restore(\(some.count) bytes of the input)")
        }
      case 22:  // the bar is read, as the host draws it after an event
        let bar = engine.suggestions
        findings.expect(bar.count <= 3, "event #\(events) the bar has \(bar.count) slots")
        for slot in bar {
          findings.expect(slot.count > 0 && slot.text.unicodeScalars.count == slot.count,
                          "event #\(events) a bar slot of \(slot.count) scalars reads \(slot.text.debugDescription)")
        }
        log("   bar: \(bar.map { "\($0.kind):\($0.text.debugDescription)" }.joined(separator: " "))")
      default:  // shift tapped twice, the second tap within caps lock's interval or not
        let gap = Double((reader.byte() ?? 0) % 16) * 0.05
        var shift = centre(.shift)
        shift.timestamp = tick(0.2)
        tap(shift, " (shift)")
        shift.timestamp = tick(gap)
        if !broken { tap(shift, " (shift again, \(gap) s later)") }
      }
    }
  }

  /// The number of characters from the start of the last `words` words of `text` (runs of
  /// non-whitespace characters) to its end; at most `limit` (the walk stops there).
  static func reachOfLastTwoWords(_ text: String, limit: Int, words: Int = 2) -> Int {
    var index = text.endIndex, count = 0, ended = 0, inWord = false
    while index > text.startIndex && count < limit {
      let previous = text.index(before: index)
      if !text[previous].isWhitespace {
        inWord = true
      } else if inWord {
        ended += 1
        inWord = false
        if ended == words { return count }
      }
      count += 1
      index = previous
    }
    return count
  }

  /// The end of `text`, quoted, for messages.
  static func tail(_ text: String) -> String {
    let characters = text.count
    return characters <= 60 ? text.debugDescription : "…" + String(text.suffix(60)).debugDescription + " (\(characters) characters)"
  }
}

/// A text field as a host's text document proxy sees it: the text before and after the cursor,
/// in Swift's `Character`s, as a text field counts them. It applies an edit as a host does:
/// `deleteBackward()` `deleteCount` times (one character each), then the text inserted.
struct FuzzTextField {
  var before = ""
  var after = ""

  mutating func apply(deleteCount: Int, text: String) {
    for _ in 0..<Swift.max(deleteCount, 0) where !before.isEmpty { before.removeLast() }
    before += text
  }

  /// Moves the cursor `offset` characters (negative: left), no further than the text's ends.
  mutating func moveCursor(by offset: Int) {
    if offset < 0 {
      let start = before.index(before.endIndex, offsetBy: offset, limitedBy: before.startIndex) ?? before.startIndex
      after = String(before[start...]) + after
      before.removeSubrange(start...)
    } else {
      let end = after.index(after.startIndex, offsetBy: offset, limitedBy: after.endIndex) ?? after.endIndex
      before += after[..<end]
      after.removeSubrange(..<end)
    }
  }
}
