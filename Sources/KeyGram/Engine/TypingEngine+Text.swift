// Every change to the text goes through these: the engine's view, the typing context and the
// event's edit move together, so they cannot drift apart.
extension TypingEngine {
  /// Starts an event: its edit begins here, and the suggestion bar is made again when read.
  func beginEvent() {
    mirror.beginEdit()
  }

  /// Ends an event: copies the scalars it wrote into the edit (`TextEdit`), `hostText` after them.
  func finishEvent(key: Key.Role?, keyIndex: KeyIndex? = nil, correctsWord: Bool = false) -> TextEdit {
    let edit = captureEdit(key: key, keyIndex: keyIndex, correctsWord: correctsWord, hostText: nil)
    mirror.endEdit()
    bar.isStale = true
    return edit
  }

  /// The event's edit so far: the characters it deleted, the scalars it wrote (copied into
  /// `editScalars`), then `hostText`, which the caller records after.
  func captureEdit(key: Key.Role?, keyIndex: KeyIndex?, correctsWord: Bool, hostText: String?) -> TextEdit {
    let start = mirror.editStart, written = mirror.count - start
    for index in 0..<written { editScalars[index] = UInt32(mirror.scalars[start + index]) }
    return TextEdit(deleteCount: mirror.deletedCharacters, storage: editScalars, engineCount: written, hostText: hostText,
                    correctsWord: correctsWord, key: key, keyIndex: keyIndex)
  }

  /// Writes one scalar the engine types (a letter, an apostrophe, a space, a mark): one character.
  func write(_ scalar: Unicode.Scalar) {
    let starts = startsCharacter(scalar) ? TextMirror.startsCharacter : 0
    mirror.append(scalar, flags: starts | (recordsSymbol(scalar) ? TextMirror.recordsSymbol : 0))
    typingContext.record(scalar)
  }

  /// Whether `scalar`, written after the text, starts a character of its own there, as the text
  /// field's `String` splits it: after a letter, a space or an apostrophe a letter always does
  /// (no search); after "\r", "\n" does not; after the host's own text (an emoji, a prepended
  /// mark) the last character and `scalar` are split as a `String` (a small one: no allocation).
  func startsCharacter(_ scalar: Unicode.Scalar) -> Bool {
    guard mirror.count > 0 else { return true }
    let previous = mirror.scalar(at: mirror.count - 1)
    if previous == "\r" { return scalar != "\n" }
    let plainScalar = scalar.isASCII || table.letterIndex(of: scalar) != nil
    if plainScalar && (previous.isASCII || table.letterIndex(of: previous) != nil || TypingContext.isApostrophe(previous)) { return true }
    var start = mirror.count - 1
    while start > 0 && mirror.flags[start] & TextMirror.startsCharacter == 0 { start -= 1 }
    var text = String.UnicodeScalarView()
    for index in start..<mirror.count { text.append(mirror.scalar(at: index)) }
    let before = String(text).count
    text.append(scalar)
    return String(text).count > before
  }

  /// Writes a decoded word as it is written.
  func write(_ word: DecodedWord) {
    for position in 0..<word.writtenCount { write(word.writtenScalar(at: position)) }
  }

  /// Writes `count` scalars of `buffer` from `start`.
  func write(_ buffer: UInt32Buffer, from start: Int = 0, count: Int) {
    for index in start..<(start + count) { write(Unicode.Scalar(buffer[index]) ?? "\u{FFFD}") }
  }

  /// Deletes the character before the cursor; false when there is none to delete (the start of
  /// the text). A character the engine does not keep (before a long text's kept part) is
  /// deleted all the same.
  @discardableResult
  func eraseCharacter() -> Bool {
    let known = mirror.count > 0 || mirror.isTruncated
    if let symbols = mirror.removeLastCharacter() {
      for _ in 0..<symbols { typingContext.recordDeletion() }
    } else if known {
      typingContext.recordDeletion()
    }
    return known
  }

  /// Deletes `count` characters before the cursor.
  func eraseCharacters(_ count: Int) {
    for _ in 0..<Swift.max(count, 0) where !eraseCharacter() { break }
  }

  /// Deletes back to absolute position `start` (`TextMirror.absoluteCount`).
  func erase(backTo start: Int) {
    while mirror.absoluteCount > start && mirror.count > 0 { eraseCharacter() }
  }

  /// The absolute position `characters` characters before the cursor (not before the kept text).
  func position(charactersBack characters: Int) -> Int {
    var index = mirror.count, left = characters
    while left > 0 && index > 0 {
      index -= 1
      if mirror.flags[index] & TextMirror.startsCharacter != 0 { left -= 1 }
    }
    return mirror.droppedCount + index
  }

  /// Text the host put in (its own keys, a paste, or the field's text after a cursor move):
  /// recorded as typed text is (unless the context read it already: not `recording`), but taught to nobody, and split into characters as `String`
  /// splits it, together with the character before it (a combining mark or a joiner may join it).
  func appendHostText(_ text: some Sequence<Unicode.Scalar>, recording: Bool = true) {
    let learns = wordHistory.isLearning
    wordHistory.isLearning = false
    defer { wordHistory.isLearning = learns }
    // The last character's first scalar: it is segmented again with the text.
    var start = mirror.count
    while start > 0 {
      start -= 1
      if mirror.flags[start] & TextMirror.startsCharacter != 0 { break }
    }
    let firstAbsolute = mirror.droppedCount + start
    var joined = String.UnicodeScalarView()
    for index in start..<mirror.count { joined.append(mirror.scalar(at: index)) }
    for scalar in text {
      joined.append(scalar)
      // Marked a start for now, so a view that fills mid-text drops whole scalars; fixed below.
      mirror.append(scalar, flags: TextMirror.startsCharacter | (recordsSymbol(scalar) ? TextMirror.recordsSymbol : 0))
      if recording { typingContext.record(scalar) }
    }
    // Mark each character's first scalar, where the mirror still keeps it.
    var offset = 0
    for character in String(joined) {
      let index = firstAbsolute + offset - mirror.droppedCount
      let width = character.unicodeScalars.count
      for scalarOffset in 0..<width where index + scalarOffset >= 0 && index + scalarOffset < mirror.count {
        mirror.setCharacterStart(at: index + scalarOffset, scalarOffset == 0)
      }
      offset += width
    }
    mirror.dropLeadingPartialCharacter()
  }

  /// Whether the typing context keeps a symbol for `scalar` (`KeyGramTable.step(for:after:)`
  /// appends one for all but a format character and a combining mark).
  func recordsSymbol(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII || table.letterIndex(of: scalar) != nil || TypingContext.isApostrophe(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .format, .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: return true
    }
  }

  /// Whether the cursor stands where a word starts: at the text's start or after a space, a line
  /// break or a tab.
  var isAtWordStart: Bool {
    guard mirror.count > 0 else { return !mirror.isTruncated }
    return Self.isSpace(mirror.scalar(at: mirror.count - 1))
  }

  /// Whether the character before the cursor is part of a word (a letter, a mark or an apostrophe).
  var followsWordCharacter: Bool {
    guard mirror.count > 0 else { return mirror.isTruncated }
    let scalar = mirror.scalar(at: mirror.count - 1)
    return table.letterIndex(of: scalar) != nil || TypingContext.isApostrophe(scalar) || scalar.properties.isAlphabetic
      || scalar.properties.generalCategory == .nonspacingMark
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{A0}"
  }
}
