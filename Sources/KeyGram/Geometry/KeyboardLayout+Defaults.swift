extension KeyboardLayout {
  /// The measurements of a keyboard modelled on the iPhone's portrait keyboard.
  public struct Metrics: Hashable, Sendable {
    /// The keyboard's width, in points.
    public var width: Float = 375
    /// Key slots across a full row.
    public var slotsPerRow: Int = 10
    /// The visible width of a letter key; the rest of a slot is the gap between caps.
    public var letterKeyWidth: Float = 31.5
    /// The visible height of every key.
    public var keyHeight: Float = 44
    /// The distance from one row's top to the next row's top.
    public var rowPitch: Float = 54
    /// The visible width of shift and backspace (iPhone: about 42 pt).
    public var sideKeyWidth: Float = 42
    /// Whether to add the bottom row: "123", space bar, return.
    public var includesSpaceRow: Bool = true

    public init() {}

    /// The distance between the centres of neighbouring full-width keys.
    public var slotWidth: Float { width / Float(Swift.max(slotsPerRow, 1)) }
    /// The horizontal gap between neighbouring caps (6 pt by default).
    public var horizontalGap: Float { slotWidth - letterKeyWidth }
    /// The vertical gap between rows (10 pt by default).
    public var verticalGap: Float { rowPitch - keyHeight }

    /// iPhone portrait: 375 pt wide, 10 slots, 31.5 pt keys with 6 pt gaps, 54 pt row pitch.
    public static let iPhonePortrait = Metrics()
  }

  /// The English QWERTY keyboard of an iPhone in portrait, by default 375 pt wide:
  ///
  /// - row 1, q … p: ten 37.5 pt slots, each a 31.5 pt cap with 3 pt of gap either side;
  /// - row 2, a … l: nine slots, offset half a slot;
  /// - row 3: shift, z … m (seven slots, offset a slot and a half, so z sits under s),
  ///   backspace; shift and backspace fill the remaining 1.5 slots at either end, each with
  ///   a 42 pt cap against the keyboard's outer 3 pt margin;
  /// - row 4 (optional): "123" (2.5 slots), space bar (5 slots), return (2.5 slots).
  ///
  /// Rows are 54 pt apart; caps are 44 pt tall, centred in their 54 pt slot band, so the
  /// slots tile the keyboard with no gaps.
  public static func qwerty(_ metrics: Metrics = .iPhonePortrait) -> KeyboardLayout {
    let slot = metrics.slotWidth
    let gap = metrics.horizontalGap
    let margin = gap / 2
    let capTop = (metrics.rowPitch - metrics.keyHeight) / 2

    func letterRow(_ letters: String, row: Int, offsetSlots: Float) -> [Key] {
      letters.unicodeScalars.enumerated().map { index, letter in
        let slotX = (offsetSlots + Float(index)) * slot
        return Key(role: .letter(letter),
                   frame: KeyFrame(x: slotX + margin, y: Float(row) * metrics.rowPitch + capTop,
                                   width: metrics.letterKeyWidth, height: metrics.keyHeight),
                   slot: KeyFrame(x: slotX, y: Float(row) * metrics.rowPitch, width: slot, height: metrics.rowPitch))
      }
    }
    func specialKey(_ role: Key.Role, row: Int, slotX: Float, slotWidth: Float, capX: Float, capWidth: Float) -> Key {
      Key(role: role,
          frame: KeyFrame(x: capX, y: Float(row) * metrics.rowPitch + capTop, width: capWidth, height: metrics.keyHeight),
          slot: KeyFrame(x: slotX, y: Float(row) * metrics.rowPitch, width: slotWidth, height: metrics.rowPitch))
    }

    let sideSlotWidth = 1.5 * slot
    let sideCapWidth = Swift.min(metrics.sideKeyWidth, sideSlotWidth - gap)
    var rows = [
      letterRow("qwertyuiop", row: 0, offsetSlots: 0),
      letterRow("asdfghjkl", row: 1, offsetSlots: 0.5),
      [specialKey(.shift, row: 2, slotX: 0, slotWidth: sideSlotWidth, capX: margin, capWidth: sideCapWidth)]
        + letterRow("zxcvbnm", row: 2, offsetSlots: 1.5)
        + [specialKey(.backspace, row: 2, slotX: metrics.width - sideSlotWidth, slotWidth: sideSlotWidth,
                      capX: metrics.width - margin - sideCapWidth, capWidth: sideCapWidth)],
    ]
    if metrics.includesSpaceRow {
      let sideWidth = 2.5 * slot
      rows.append([
        specialKey(.modeChange, row: 3, slotX: 0, slotWidth: sideWidth, capX: margin, capWidth: sideWidth - gap),
        specialKey(.space, row: 3, slotX: sideWidth, slotWidth: metrics.width - 2 * sideWidth,
                   capX: sideWidth + margin, capWidth: metrics.width - 2 * sideWidth - gap),
        specialKey(.returnKey, row: 3, slotX: metrics.width - sideWidth, slotWidth: sideWidth,
                   capX: metrics.width - sideWidth + margin, capWidth: sideWidth - gap),
      ])
    }
    return KeyboardLayout(rows: rows)
  }

  /// `qwerty(.iPhonePortrait)`: the layout the resolvers are tuned and benchmarked on.
  public static let iPhonePortraitQWERTY = qwerty()
}
