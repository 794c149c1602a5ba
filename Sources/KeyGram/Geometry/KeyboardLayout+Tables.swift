extension KeyboardLayout {
  /// An iPhone-portrait keyboard for rows of key caps, such as a table's `keyboardLayout`
  /// (QWERTZ, AZERTY, ЙЦУКЕН, …), laid out as iOS lays out its own:
  ///
  /// - every row's slots are equally wide: the keyboard width over the longest row, and never
  ///   wider than a tenth of it (so QWERTY gets exactly `qwerty(metrics)`'s geometry);
  /// - shorter rows are centred;
  /// - the last row has shift and backspace filling the space at its ends;
  /// - caps are their slot less the metrics' gap, and rows are `rowPitch` apart.
  ///
  /// Rows with no caps are left out. A cap that is not a letter (Unicode's Alphabetic property),
  /// as the Greek `;`, makes a `.punctuation` key.
  public static func iPhonePortrait(rows capRows: [[Unicode.Scalar]], metrics: Metrics = .iPhonePortrait) -> KeyboardLayout {
    iPhonePortrait(keyRoles: capRows.map { caps in
      caps.map { $0.properties.isAlphabetic ? Key.Role.letter($0) : .punctuation($0) }
    }, metrics: metrics)
  }

  /// The same iPhone-portrait keyboard for rows of key roles (`TableKeyboardLayout.keyRoles`:
  /// letter keys and letterless keys), each taking one slot.
  public static func iPhonePortrait(keyRoles: [[Key.Role]], metrics: Metrics = .iPhonePortrait) -> KeyboardLayout {
    let capRows = keyRoles.filter { !$0.isEmpty }
    let slotsPerRow = Swift.max(metrics.slotsPerRow, capRows.map(\.count).max() ?? 0)
    let slot = metrics.width / Float(Swift.max(slotsPerRow, 1))
    let gap = metrics.horizontalGap
    let capWidth = Swift.max(slot - gap, 1)
    let capTop = (metrics.rowPitch - metrics.keyHeight) / 2

    func key(_ role: Key.Role, row: Int, slotX: Float, slotWidth: Float, capX: Float, capWidth: Float) -> Key {
      Key(role: role,
          frame: KeyFrame(x: capX, y: Float(row) * metrics.rowPitch + capTop, width: capWidth, height: metrics.keyHeight),
          slot: KeyFrame(x: slotX, y: Float(row) * metrics.rowPitch, width: slotWidth, height: metrics.rowPitch))
    }

    var rows: [[Key]] = []
    for (rowIndex, caps) in capRows.enumerated() {
      let offset = Float(slotsPerRow - caps.count) / 2 * slot
      var keys = caps.enumerated().map { index, role in
        let slotX = offset + Float(index) * slot
        return key(role, row: rowIndex, slotX: slotX, slotWidth: slot, capX: slotX + gap / 2, capWidth: capWidth)
      }
      if rowIndex == capRows.count - 1 && offset > gap {
        let sideCap = Swift.min(metrics.sideKeyWidth, offset - gap)
        keys.insert(key(.shift, row: rowIndex, slotX: 0, slotWidth: offset, capX: gap / 2, capWidth: sideCap), at: 0)
        keys.append(key(.backspace, row: rowIndex, slotX: metrics.width - offset, slotWidth: offset,
                        capX: metrics.width - gap / 2 - sideCap, capWidth: sideCap))
      }
      rows.append(keys)
    }
    if metrics.includesSpaceRow && !capRows.isEmpty {
      let row = capRows.count
      let side = 2.5 * metrics.slotWidth
      rows.append([
        key(.modeChange, row: row, slotX: 0, slotWidth: side, capX: gap / 2, capWidth: side - gap),
        key(.space, row: row, slotX: side, slotWidth: metrics.width - 2 * side, capX: side + gap / 2, capWidth: metrics.width - 2 * side - gap),
        key(.returnKey, row: row, slotX: metrics.width - side, slotWidth: side, capX: metrics.width - side + gap / 2, capWidth: side - gap),
      ])
    }
    return KeyboardLayout(rows: rows)
  }
}

extension LetterKeyMap {
  /// The map a table's `keyboardLayout` gives: each letter to the key of `layout` whose cap
  /// shows the letter on the table's key for it (é → the e key on AZERTY). Letters whose cap
  /// `layout` lacks have no key.
  public init(layout: KeyboardLayout, keyboard: TableKeyboardLayout) {
    let caps = keyboard.keyCaps
    self.init(keyIndexOfLetter: keyboard.keyIndexOfLetter.map { key in
      key < caps.count ? layout.keyIndex(ofLetter: caps[key]) : nil
    }, keyCount: layout.keys.count)
  }
}

extension TableKeyboardLayout {
  /// Each row's keys as roles: `.letter(cap)`, or `.punctuation(cap)` for a letterless key.
  public var keyRoles: [[Key.Role]] {
    var key = 0
    return rows.map { caps in
      caps.map { cap in
        defer { key += 1 }
        return isLetterless(key: key) ? .punctuation(cap) : .letter(cap)
      }
    }
  }
}
