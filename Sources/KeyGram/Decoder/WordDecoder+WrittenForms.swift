/// How the decoder's words are written (format 2.2 `FORM`, docs/TableFormat.md): each word handed
/// out gets its capitals and apostrophes once, when a decision or a suggestion list is made, from
/// the word's forms and the case the touches were typed in. The keystroke path is untouched.
extension WordDecoder {
  /// How the current word was typed.
  enum TypedCase {
    /// As typed: the capitals where the touches typed them.
    case asTyped
    /// The first letter a capital (shift, or a sentence start).
    case capitalised
    /// Every letter a capital, at least two of them.
    case capitals
  }

  /// The capitals typed among the stored touches: bit i for touch i.
  var typedCapitalMask: UInt64 {
    guard !isFinished, touches.storedCount > 0 else { return 0 }
    return touches.capitals & Self.mask(length: touches.storedCount)
  }

  /// The case the current word was typed in.
  var typedCase: TypedCase {
    let mask = typedCapitalMask
    if touches.storedCount >= 2 && mask == Self.mask(length: touches.storedCount) { return .capitals }
    return mask & 1 != 0 ? .capitalised : .asTyped
  }

  /// Bits 0 ..< length set.
  @inline(__always)
  static func mask(length: Int) -> UInt64 { length >= 64 ? .max : (1 << UInt64(Swift.max(length, 0))) &- 1 }

  /// Whether slot `target` of `slots` holds exactly the stored touches' letters.
  func hasTypedLetters(_ slots: WordSlots, _ target: Int) -> Bool {
    guard !isFinished, touches.lettersTyped == touches.storedCount, slots.lengths[target] == touches.storedCount else { return false }
    for position in 0..<touches.storedCount where slots.letters[target * WordDecoder.capacity + position] != touches.letter[position] { return false }
    return true
  }

  /// Writes slot `target` of `slots`, whose letters and lexicon node (`slots.nodes`, −1 outside
  /// the lexicon) are set: a lexicon word in the form the user typed if that is one of its forms
  /// (a typed capital first letter aside), else its best; a word outside the lexicon with the
  /// typed capitals when it has the typed letters; then the typed case on top.
  func writeForm(_ slots: WordSlots, _ target: Int) {
    let length = Swift.min(slots.lengths[target], 64)
    let all = Self.mask(length: length)
    let typedMask = typedCapitalMask
    let sameLetters = hasTypedLetters(slots, target)
    let node = slots.nodes[target]
    var capitals: UInt64 = 0
    var apostrophes = 0
    if node >= 0 {
      let forms = table.writtenForms(ofNode: node)
      var chosen = 0
      if sameLetters {
        for index in 0..<forms.count where Self.matches(forms[index], length: length, typed: typedMask) {
          chosen = index
          break
        }
      } else if typedMask & 1 == 0 && forms[0].capitalMask(length: length) == 1 {
        // A word written capitalised mostly at sentence starts ("Hello") keeps a typed lowercase
        // first letter when the language writes it so too; a name ("London") has no such form.
        for index in 1..<forms.count where forms[index].capitalMask(length: length) == 0 && forms[index].apostropheCount == forms[0].apostropheCount {
          chosen = index
          break
        }
      }
      slots.formCounts[target] = forms.count
      let form = forms[chosen]
      capitals = form.capitalMask(length: length)
      apostrophes = Self.packApostrophes(of: form, length: length)
      slots.formIndices[target] = chosen
    } else {
      slots.formIndices[target] = -1
      slots.formCounts[target] = 0
      if sameLetters { capitals = typedMask }
    }
    switch typedCase {
    case .capitals: capitals = all
    case .capitalised: capitals |= 1 & all
    case .asTyped: break
    }
    slots.capitals[target] = Int(bitPattern: UInt(capitals))
    slots.apostrophes[target] = apostrophes
  }

  /// Whether typing the capitals `typed` (and no apostrophe) writes `form`: the same capitals,
  /// a typed capital first letter aside (shift or a sentence start gives it).
  static func matches(_ form: WrittenForm, length: Int, typed: UInt64) -> Bool {
    guard form.apostropheCount == 0 else { return false }
    let capitals = form.capitalMask(length: length)
    return typed & 1 != 0 ? capitals & ~1 == typed & ~1 : capitals == typed
  }

  /// `form`'s apostrophes packed as `WordSlots.apostrophes` holds them: ascending, each at most
  /// `length` (a damaged section's positions are clamped and sorted, never read past the word).
  static func packApostrophes(of form: WrittenForm, length: Int) -> Int {
    guard length > 0 else { return 0 }
    let count = Swift.min(form.apostropheCount, 3)
    var first = 0, second = 0, third = 0
    if count >= 1 { first = Swift.min(form.apostrophePosition(at: 0), length) }
    if count >= 2 { second = Swift.min(form.apostrophePosition(at: 1), length) }
    if count >= 3 { third = Swift.min(form.apostrophePosition(at: 2), length) }
    // Three values at most: sorted by three compares.
    if count >= 2 && first > second { (first, second) = (second, first) }
    if count >= 3 && second > third { (second, third) = (third, second) }
    if count >= 2 && first > second { (first, second) = (second, first) }
    var packed = count
    if count >= 1 { packed |= first << 8 }
    if count >= 2 { packed |= second << 16 }
    if count >= 3 { packed |= third << 24 }
    return packed
  }

  /// When no other word beats the typed letters by the margin, the typed letters stand, but
  /// written as their lexicon word is ("dont" as "don't", "i" as "I"): that word is moved (or,
  /// beyond the ranked list, written) first among the alternatives, so `best` is what the
  /// keyboard commits. False, changing nothing, when it is written as typed or is no lexicon word.
  func putTypedWordFirst(in slots: WordSlots, end: Int) -> Bool {
    guard table.hasWrittenForms, !isFinished, touches.storedCount > 0, touches.lettersTyped == touches.storedCount, end >= 2 else { return false }
    var found = -1
    for slot in 1..<slots.count where slots.sameLetters(0, slot) {
      found = slot
      break
    }
    if found < 0 {
      guard let node = typedLexiconWord() else { return false }
      found = Swift.min(slots.count, end - 1)
      slots.copy(slot: 0, of: slots, to: found)
      slots.nodes[found] = Int(node.index)
      slots.sources[found] |= DecodedWord.Source.lexicon.rawValue
      writeForm(slots, found)
      slots.count = Swift.min(slots.count + 1, end)
    }
    guard !slots.sameWriting(0, found) else { return false }
    while found > 1 {
      slots.swap(found, found - 1)
      found -= 1
    }
    return true
  }

  /// After each lexicon word of `slots` from `first` on, its other forms as further entries
  /// (each scored the word's score + log(its share / the written form's share)), pushing later
  /// entries down and off past `end` slots. A form the typed case writes like an entry already
  /// there is left out. No allocation.
  func offerOtherForms(in slots: WordSlots, from first: Int, end: Int) {
    guard table.hasWrittenForms else { return }
    var position = first
    while position < slots.count {
      let node = slots.nodes[position], own = slots.formIndices[position]
      guard node >= 0, own >= 0, slots.formCounts[position] > 1 else {
        position += 1
        continue
      }
      let forms = table.writtenForms(ofNode: node)
      var next = position + 1
      if forms.count > 1 {
        let ownShare = Float(Swift.max(forms[own].share, 1))
        for index in 0..<forms.count where index != own {
          guard next < end else { break }
          let length = Swift.min(slots.lengths[position], 64)
          var capitals = forms[index].capitalMask(length: length)
          switch typedCase {
          case .capitals: capitals = Self.mask(length: length)
          case .capitalised: capitals |= 1 & Self.mask(length: length)
          case .asTyped: break
          }
          let written = Int(bitPattern: UInt(capitals)), apostrophes = Self.packApostrophes(of: forms[index], length: length)
          var repeated = false
          for earlier in position..<next where slots.capitals[earlier] == written && slots.apostrophes[earlier] == apostrophes { repeated = true }
          if repeated { continue }
          // Written in the slot past the list (or over the last entry when the list is full),
          // then moved up to `next`, the entries from `next` down one place.
          let spare = Swift.min(slots.count, end - 1)
          slots.copy(slot: position, of: slots, to: spare)
          slots.capitals[spare] = written
          slots.apostrophes[spare] = apostrophes
          slots.formIndices[spare] = index
          slots.scores[spare] += system_logf(Float(Swift.max(forms[index].share, 1)) / ownShare)
          var moving = spare
          while moving > next {
            slots.swap(moving, moving - 1)
            moving -= 1
          }
          slots.count = Swift.min(slots.count + 1, end)
          next += 1
        }
      }
      position = next
    }
  }

  /// The lexicon word the stored touches' letters spell, or nil: a walk down the trie, without
  /// the generic sequence that would allocate where it is not specialised.
  func typedLexiconWord() -> LexiconNode? {
    guard let lexicon else { return nil }
    var node = lexicon.root
    for index in 0..<touches.storedCount {
      guard let next = lexicon.child(of: node, letter: Int(touches.letter[index])) else { return nil }
      node = next
    }
    return node.index != 0 && lexicon.endShare(of: node) > 0 ? node : nil
  }
}
