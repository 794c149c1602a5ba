/// One key of a soft keyboard: what it does, where its visible cap is drawn, and the area
/// that takes its touches when nothing is known about the text (its slot).
public struct Key: Hashable, Sendable {
  /// What a key does. Only letter keys take part in probabilistic targeting; every other
  /// role is a special key, which always keeps its whole slot.
  public enum Role: Hashable, Sendable {
    /// Types the letter on its cap (and, through a `LetterKeyMap`, possibly others, as é on e).
    case letter(Unicode.Scalar)
    /// Types the mark on its cap, which is not a letter, from the letter rows (the Greek `;`).
    /// A special key: it keeps its whole slot, and the mark ends a word as punctuation does.
    case punctuation(Unicode.Scalar)
    /// Shift: capitals and the shifted layer.
    case shift
    /// Deletes the character before the cursor.
    case backspace
    /// The space bar: ends a word.
    case space
    /// Return: ends a line (and a word).
    case returnKey
    /// Switches to numbers or symbols ("123").
    case modeChange
    /// Globe, emoji, dictation, a custom key.
    case other
  }

  /// What the key does.
  public var role: Role
  /// The visible key cap.
  public var frame: KeyFrame
  /// The static touch area: the cap plus its share of the gaps around it. The slots of one
  /// row tile it from left to right.
  public var slot: KeyFrame

  /// A key with its role, visible cap and static touch area.
  public init(role: Role, frame: KeyFrame, slot: KeyFrame) {
    self.role = role
    self.frame = frame
    self.slot = slot
  }

  /// A key whose slot is its cap grown by half a gap on every side.
  public init(role: Role, frame: KeyFrame, horizontalGap: Float, verticalGap: Float) {
    self.init(role: role, frame: frame,
              slot: frame.insetBy(dx: -horizontalGap / 2, dy: -verticalGap / 2))
  }

  /// The letter on the cap of a letter key.
  @inlinable public var letter: Unicode.Scalar? {
    if case .letter(let scalar) = role { return scalar }
    return nil
  }

  /// True for every key that is not a letter key: shift, backspace, space, return, …
  @inlinable public var isSpecial: Bool { letter == nil }
}
