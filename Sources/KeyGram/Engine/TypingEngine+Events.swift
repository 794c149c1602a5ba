// The events a host passes in. Each starts an edit, acts, and returns the edit.
extension TypingEngine {
  /// A touch on the letter layout at `touch` (with the `UITouch`'s timestamp, so the spread
  /// follows the finger's speed). The engine resolves the key for the text so far and acts by
  /// its role: a letter is typed (a capital under shift); space, return and a mark key of the
  /// letter rows end the word (it may be corrected) and type themselves; backspace deletes, or
  /// reverts the correction just made; shift changes `shift`. `.modeChange` and `.other` are
  /// the host's to act on (`TextEdit.key`). A touch off every key does nothing.
  public func tap(_ touch: TouchPoint) -> TextEdit {
    tap(touch, on: Self.resolve(touch, by: resolver, after: &typingContext))
  }

  /// The resolver's key for `touch`, the context lent in place: read as a stored property it
  /// would be copied for the call, its references retained and released on every tap.
  static func resolve(_ touch: TouchPoint, by resolver: GaussianKeyResolver, after context: inout TypingContext) -> KeyIndex? {
    resolver.resolve(touch, after: context)
  }

  /// A touch at `touch` on `key`, which the host chose itself (its own hit-testing of buttons,
  /// say): acted on as `tap(_:)` acts, without the resolver's choice; the decoder still reads
  /// the point when the word ends. nil or a key outside the layout: a touch off every key.
  public func tap(_ touch: TouchPoint, on key: KeyIndex?) -> TextEdit {
    beginEvent()
    guard let key, key.rawValue >= 0, key.rawValue < layout.keys.count else {
      revertArmed = false
      return finishEvent(key: nil, keyIndex: nil)
    }
    let role = layout[key].role
    var corrects = false
    switch role {
    case .letter(let cap):
      revertArmed = false
      typeLetter(cap, touch: touch, key: key)
      barMode = .word
    case .space:
      corrects = endWord(typing: " ", tap: (touch, key))
    case .returnKey:
      corrects = endWord(typing: "\n", tap: (touch, key))
    case .punctuation(let mark):
      corrects = endWord(typing: mark, tap: (touch, key))
    case .backspace:
      deleteBackward(tap: (touch, key))
    case .shift:
      revertArmed = false
      tapShift(touch, key: key)
      return finishEvent(key: role, keyIndex: key)
    case .modeChange, .other:
      revertArmed = false
      // Inside a word the tap may have been a letter that missed: the decoder keeps it.
      decoder.addTapWithoutLetter(touch, key: key)
      return finishEvent(key: role, keyIndex: key)
    }
    updateAutomaticShift()
    return finishEvent(key: role, keyIndex: key, correctsWord: corrects)
  }

  /// Text from the host's own keys (a digit or symbol page, an emoji, a paste), inserted at the
  /// cursor: pass it here instead of inserting it, and apply the edit. Text that starts with a
  /// space or punctuation ends the word before it as a space does (it may be corrected first).
  public func insert(_ text: String) -> TextEdit {
    beginEvent()
    revertArmed = false
    var corrects = false
    if let first = text.unicodeScalars.first, Self.endsWord(first) {
      corrects = decideWord()
      revertArmed = false
    } else {
      decoder.reset()
    }
    // The engine's part of the edit (a correction) comes first; the host's text follows it.
    let edit = captureEdit(key: nil, keyIndex: nil, correctsWord: corrects, hostText: text)
    appendHostText(text.unicodeScalars)
    mirror.endEdit()
    bar.isStale = true
    // Letters typed right after a word character continue that word: they stand as typed.
    if followsWordCharacter { forgetWord(continuing: true) }
    barMode = isAtWordStart ? .nextWords : .empty
    updateAutomaticShift()
    return edit
  }

  /// A backspace from a key the engine does not lay out (the host's number page): as the
  /// backspace key, it deletes a character or reverts the correction just made.
  public func deleteBackward() -> TextEdit {
    beginEvent()
    deleteBackward(tap: nil)
    updateAutomaticShift()
    return finishEvent(key: .backspace)
  }

  /// The cursor moved, or a new text field: `text` is the text before the cursor
  /// (`documentContextBeforeInput`, empty for an empty field). The current word and any
  /// revert are forgotten; the engine reads the text as the table reads text.
  /// Text the engine has already (a host that reports every change, its own edits too)
  /// changes nothing: the current word and the revert stand.
  public func reset(textBeforeCursor text: some StringProtocol) {
    if isKnown(textBeforeCursor: text) { return }
    revertArmed = false
    typingContext.reset(textBeforeCursor: text)
    // The last characters up to half the view, cut where a character starts.
    let scalars = text.unicodeScalars
    var start = text.endIndex, taken = 0
    while start > text.startIndex && taken < TextMirror.capacity / 2 {
      let previous = text.index(before: start)
      taken += scalars.distance(from: previous, to: start)
      start = previous
    }
    mirror.removeAll(isTruncated: start > text.startIndex)
    // The context read the text already: only the view is filled here.
    appendHostText(scalars[start...], recording: false)
    mirror.endEdit()
    forgetWord(continuing: followsWordCharacter)
    shift = .off
    shiftIsAutomatic = false
    updateAutomaticShift()
    barMode = isAtWordStart ? .nextWords : .empty
    bar.isStale = true
  }

  /// Whether `scalar`, starting a host's text, ends the word before it: a space or punctuation
  /// other than an apostrophe.
  static func endsWord(_ scalar: Unicode.Scalar) -> Bool {
    if isSpace(scalar) { return true }
    if TypingContext.isApostrophe(scalar) { return false }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
         .finalPunctuation, .otherPunctuation: return true
    default: return false
    }
  }
}

extension TypingEngine {
  /// Forgets the decoder's current word; `continuing`: the text before the cursor ends inside a
  /// word the decoder did not see, so the letters typed next stand as typed.
  func forgetWord(continuing: Bool) {
    decoder.reset()
    decoder.isIncomplete = continuing
  }
}

extension TypingEngine {
  /// Whether `text` is the text before the cursor as the engine has it: the same scalars, all
  /// of them unless the engine's view is truncated (then its kept scalars end `text`).
  func isKnown(textBeforeCursor text: some StringProtocol) -> Bool {
    let scalars = text.unicodeScalars
    var index = scalars.endIndex, kept = mirror.count
    while kept > 0 {
      guard index > scalars.startIndex else { return false }
      scalars.formIndex(before: &index)
      kept -= 1
      guard scalars[index] == mirror.scalar(at: kept) else { return false }
    }
    return mirror.isTruncated || index == scalars.startIndex
  }
}
