@_spi(Testing) import KeyGram
import Testing

/// A text field as a host's `textDocumentProxy` sees it: the text before and after the cursor.
/// It applies the engine's edits as a host does, and nothing else.
struct TextField {
  var before = ""
  var after = ""

  mutating func apply(_ edit: TextEdit) {
    for _ in 0..<edit.deleteCount where !before.isEmpty { before.removeLast() }
    before += edit.text
  }

  /// Moves the cursor `offset` characters (negative: left).
  mutating func moveCursor(by offset: Int) {
    if offset < 0 {
      for _ in 0..<min(-offset, before.count) { after.insert(before.removeLast(), at: after.startIndex) }
    } else {
      for _ in 0..<min(offset, after.count) { before.append(after.removeFirst()) }
    }
  }
}

/// A user at the English iPhone keyboard: each character of a text tapped at its key's centre
/// (shift tapped for a capital the engine would not give), every edit applied to `field`, and
/// after each event the engine's view checked against the field.
struct KeyboardUser {
  let layout = KeyboardLayout.iPhonePortraitQWERTY
  let engine: TypingEngine
  var field = TextField()

  init(settings: TypingSettings = TypingSettings(), parameters: TypingEngine.Parameters = .init(), learned: [UInt8]? = nil) {
    engine = TypingEngine(table: EnglishTable.mapped, layout: layout, settings: settings, parameters: parameters, learned: learned)
  }

  func centre(of role: Key.Role) -> TouchPoint {
    let frame = layout[layout.keyIndex(of: role)!].frame
    return TouchPoint(x: frame.midX, y: frame.midY)
  }

  func centre(_ letter: Unicode.Scalar) -> TouchPoint { centre(of: .letter(letter)) }

  /// A point `fraction` of the way from the space bar's centre towards `letter`'s key.
  func spaceBar(toward letter: Unicode.Scalar, fraction: Float) -> TouchPoint {
    let from = centre(of: .space), to = centre(letter)
    return TouchPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
  }

  @discardableResult
  mutating func tap(_ point: TouchPoint) -> TextEdit {
    let edit = engine.tap(point)
    apply(edit)
    return edit
  }

  mutating func apply(_ edit: TextEdit) {
    field.apply(edit)
    checkInStep()
  }

  /// The engine's view of the text before the cursor is the field's.
  func checkInStep(sourceLocation: SourceLocation = #_sourceLocation) {
    let known = engine.knownTextBeforeCursor
    if engine.textBeforeCursorIsTruncated {
      #expect(field.before.unicodeScalars.reversed().starts(with: known.unicodeScalars.reversed()), sourceLocation: sourceLocation)
    } else {
      #expect(known == field.before, sourceLocation: sourceLocation)
    }
    engine._checkInvariants()
  }

  /// Types `text`: letters at their keys' centres (shift tapped for a capital unless shift is on
  /// already; a lowercase letter under an automatic shift is typed as a person does, a capital),
  /// a space on the space bar, a line break on return.
  mutating func type(_ text: String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case " ": tap(centre(of: .space))
      case "\n": tap(centre(of: .returnKey))
      default:
        let lower = Unicode.Scalar(scalar.properties.lowercaseMapping) ?? scalar
        if lower != scalar && engine.shift == .off { tap(centre(of: .shift)) }
        tap(centre(lower))
      }
    }
  }

  mutating func backspace() { tap(centre(of: .backspace)) }

  mutating func pick(_ slot: Int) { apply(engine.pick(slot)) }

  mutating func insert(_ text: String) { apply(engine.insert(text)) }

  /// The user moves the cursor: the host tells the engine the text before it.
  mutating func moveCursor(by offset: Int) {
    field.moveCursor(by: offset)
    engine.reset(textBeforeCursor: field.before)
    checkInStep()
  }

  /// A new, empty text field.
  mutating func newField() {
    field = TextField()
    engine.reset(textBeforeCursor: "")
    checkInStep()
  }

  var bar: [String] { engine.suggestions.map(\.text) }
}
