// Letters, word ends, backspace and shift: the order of the engine's calls to the layer below
// (decide before the boundary is recorded, finish before the space tap is noted, undo before
// a plain delete) lives here and nowhere else.
extension TypingEngine {
  /// The model the decoder teaches, or nil when the user turned learning off.
  var teacher: TouchModel? { settings.learns && parameters.learnsTouches ? touchModel : nil }

  /// A letter key: its letter typed (its capital under shift) and noted by the decoder.
  func typeLetter(_ cap: Unicode.Scalar, touch: TouchPoint, key: KeyIndex) {
    let capital = shift != .off
    if shift == .once {
      shift = .off
      shiftIsAutomatic = false
    }
    guard let letter = table.letterIndex(of: cap) else {
      // Not in the table's alphabet: typed as its cap shows it; the word stands as typed.
      decoder.add(touch, key: key, letter: -1, isCapital: capital)
      write(cap)
      return
    }
    decoder.add(touch, key: key, letter: letter, isCapital: capital)
    write(capital ? table.uppercaseLetter(at: letter) : table.letter(at: letter))
  }

  /// Space, return or a mark key tapped: the word is decided and corrected, `boundary` typed,
  /// and the tap noted (it may have been a letter: "num ers" may join as "numbers").
  /// Returns whether a word was put in place of what was typed.
  func endWord(typing boundary: Unicode.Scalar, tap: (touch: TouchPoint, key: KeyIndex)) -> Bool {
    revertArmed = false
    var corrects = decideWord()
    let armed = revertArmed
    write(boundary)
    correctionBoundary = boundary
    if let join = decoder.noteSpaceTap(tap.touch, key: tap.key) {
      // "emissio", n on the space bar, space: the tap was the word's last letter.
      eraseCharacters(join.replacedCharacterCount)
      write(join.word)
      write(boundary)
      corrects = true
      revertArmed = false
    } else {
      revertArmed = armed
    }
    if teacher != nil {
      resolver.adapt(to: touchModel)
      decoder.adapt(to: touchModel)
    }
    barMode = revertArmed ? .revert : .nextWords
    return corrects
  }

  /// Decides the current word and puts the decision into the text: a join across the last
  /// space, two words where one was typed, or one word in place of the typed letters. Arms the
  /// revert when something was replaced. Returns whether something was.
  func decideWord() -> Bool {
    decoder.autocorrection = settings.autocorrection ?? decoder.parameters.autocorrection
    let decision = decoder.decide(after: typingContext.wordContext, limit: decisionObserver == nil ? 1 : WordDecoder.maximumAlternatives)
    decisionObserver?(decision)
    var replaced = 0
    if let join = decision.join, join.replaces {
      replaced = join.replacedCharacterCount
    } else if decision.split?.replaces == true || decision.replaces {
      replaced = decision.typedLength
    }
    if replaced > 0 {
      // The text the correction replaces, kept for the revert slot and the undo.
      correctionStart = position(charactersBack: replaced)
      revertCount = 0
      var index = correctionStart - mirror.droppedCount
      while index < mirror.count && revertCount < BarStorage.slotCapacity {
        revertScalars[revertCount] = mirror.scalars[index]
        revertCount += 1
        index += 1
      }
      eraseCharacters(replaced)
      if let join = decision.join, join.replaces {
        write(join.word)
      } else if let split = decision.split, split.replaces {
        write(split.first)
        write(" ")
        write(split.second)
      } else {
        if decision.restoresSpace { write(" ") }
        write(decision.best)
      }
    }
    decoder.finishWord(decision, teaching: teacher)
    // A word with its space put back is not taken back: the text before it changed too.
    revertArmed = replaced > 0 && !decision.restoresSpace && revertCount < BarStorage.slotCapacity
    return replaced > 0
  }

  /// Backspace: right after a correction, the typed text comes back (and the history learns
  /// it, so it stands next time); otherwise one character goes, and the decoder forgets its
  /// touch (or keeps the tap: it may have been a letter that landed on backspace).
  func deleteBackward(tap: (touch: TouchPoint, key: KeyIndex)?) {
    if revertArmed {
      revertArmed = false
      if revert() {
        barMode = .afterRevert
        return
      }
    }
    eraseCharacter()
    if let tap { decoder.removeLast(tappedAt: tap.touch, key: tap.key) } else { decoder.removeLast() }
    barMode = isAtWordStart ? .nextWords : .word
  }

  /// Puts back the text the last correction replaced, the correction and the boundary after it
  /// deleted; the typed word is the current word again, and stands. False when the decoder has
  /// nothing to undo.
  func revert() -> Bool {
    guard let restoration = decoder.undoReplacement(teaching: teacher) else { return false }
    erase(backTo: correctionStart)
    write(revertScalars, count: revertCount)
    // The replacement stays on offer, to be picked again.
    bar.removeAll()
    if let second = restoration.replacedSecond {
      bar.add(.twoWords, first: restoration.replaced, second: second)
    } else {
      bar.add(.word, word: restoration.replaced)
    }
    return true
  }

  /// Shift: off → once → off; a second tap within `capsLockInterval` locks capitals; locked → off.
  func tapShift(_ touch: TouchPoint, key: KeyIndex) {
    // Inside a word the tap may have been an a or a z that landed on shift.
    decoder.addTapWithoutLetter(touch, key: key)
    switch shift {
    case .off:
      shift = .once
    case .once:
      if !shiftIsAutomatic, let now = touch.timestamp, let last = lastShiftTap, now - last >= 0, now - last <= parameters.capsLockInterval {
        shift = .locked
      } else {
        shift = .off
      }
    case .locked:
      shift = .off
    }
    shiftIsAutomatic = false
    lastShiftTap = touch.timestamp
  }

  /// With auto-capitalisation, shift comes on at a sentence's start and goes off elsewhere
  /// (unless the user turned it on or locked it).
  func updateAutomaticShift() {
    guard shift != .locked else { return }
    let wantsCapital = settings.capitalizesSentences && isAtWordStart && typingContext.wordContext.isSentenceStart
    if wantsCapital && shift == .off {
      shift = .once
      shiftIsAutomatic = true
    } else if !wantsCapital && shift == .once && shiftIsAutomatic {
      shift = .off
      shiftIsAutomatic = false
    }
  }
}
