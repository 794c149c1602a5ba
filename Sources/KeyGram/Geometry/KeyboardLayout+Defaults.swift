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

    /// The iPhone portrait metrics (iOS's own keyboard, in points).
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
    iPhonePortrait(rows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map { Array($0.unicodeScalars) }, metrics: metrics)
  }

  /// The keyboard `table` was built for (its `LAYT` section, letterless keys included), laid out
  /// by `iPhonePortrait(keyRoles:metrics:)`; QWERTY for a table without one.
  public static func iPhonePortrait(for table: KeyGramTable, metrics: Metrics = .iPhonePortrait) -> KeyboardLayout {
    guard let keyboard = table.keyboardLayout else { return qwerty(metrics) }
    return iPhonePortrait(keyRoles: keyboard.keyRoles, metrics: metrics)
  }

  /// `qwerty(.iPhonePortrait)`: the layout the resolvers are tuned and benchmarked on.
  public static let iPhonePortraitQWERTY = qwerty()
}
