/// What the host does to its text field after an event: delete `deleteCount` characters before
/// the cursor (`deleteBackward()` that many times), then insert `text`. The engine has already
/// applied it to its own view of the text: the host applies it and tells the engine nothing more.
///
/// A view of the engine's storage, valid until its next event and while the engine lives;
/// reading `text` makes the one `String` of the keystroke (an allocation, on the host's side).
public struct TextEdit {
  /// Characters (extended grapheme clusters, as `deleteBackward()` removes them) to delete.
  public let deleteCount: Int
  /// The number of Unicode scalars to insert.
  public var insertedCount: Int { engineCount + (hostText?.unicodeScalars.count ?? 0) }
  /// Whether the inserted text holds a word the engine put in place of what was typed (an
  /// autocorrection, a split or a join): a host may mark it, as iOS underlines it briefly.
  public let correctsWord: Bool
  /// The role of the key the touch resolved to, or nil (no touch, or off the keyboard). The host
  /// acts on the keys the engine leaves to it: `.modeChange` and `.other`.
  public let key: Key.Role?
  /// The key the touch resolved to, or nil.
  public let keyIndex: KeyIndex?

  /// Not retained: an edit is read before the engine's next event, while the engine holds the buffer.
  unowned(unsafe) let storage: UInt32Buffer
  let engineCount: Int
  /// Text the host passed to `TypingEngine.insert(_:)`, inserted after the engine's part.
  let hostText: String?

  init(deleteCount: Int, storage: UInt32Buffer, engineCount: Int, hostText: String?, correctsWord: Bool, key: Key.Role?, keyIndex: KeyIndex?) {
    self.deleteCount = deleteCount
    self.storage = storage
    self.engineCount = engineCount
    self.hostText = hostText
    self.correctsWord = correctsWord
    self.key = key
    self.keyIndex = keyIndex
  }

  /// Whether the edit changes nothing.
  public var isEmpty: Bool { deleteCount == 0 && engineCount == 0 && (hostText?.isEmpty ?? true) }

  /// The text to insert. Makes a `String`: call it once, where the host inserts.
  public var text: String {
    var scalars = String.UnicodeScalarView()
    for index in 0..<engineCount { scalars.append(engineScalar(at: index)) }
    var text = String(scalars)
    if let hostText { text += hostText }
    return text
  }

  /// The scalar at `index` of the engine's part of the inserted text (before the host's own
  /// text), read without an allocation.
  public func engineScalar(at index: Int) -> Unicode.Scalar {
    precondition(index >= 0 && index < engineCount, "TextEdit scalar index out of range")
    return Unicode.Scalar(storage[index]) ?? "\u{FFFD}"
  }

  /// The number of scalars of the engine's part of the inserted text.
  public var engineInsertedCount: Int { engineCount }
}
