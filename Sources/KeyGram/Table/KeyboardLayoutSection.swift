/// A validated `LAYT` section (docs/TableFormat.md): the keyboard layout the table was built for.
/// `KeyGramTable.keyboardLayout` reads its keys and caps.
///
/// Validation checks row and key counts that add up, at most 256 keys, no empty row, every
/// letter on a key that exists, the directory counting the keys, and each key's cap one of the
/// letters on it, or, for a key no letter is on (format 2.1's letterless key, the Greek `;`), a
/// scalar that is not a letter of the alphabet.
package struct KeyboardLayoutSection: Sendable, Equatable {
  /// How many rows of keys the layout has.
  package let rowCount: Int
  /// How many keys the layout has (the directory's element count).
  package let keyCount: Int

  /// Checks `section`, the `LAYT` bytes of a table whose `ALPH` section is `alphabet` (already
  /// validated), of `letterCount` letters, and whose directory counts `elementCount` keys.
  package init(validating section: TableBytes, elementCount: Int, alphabet: TableBytes,
               letterCount n: Int) throws(KeyGramTableError) {
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "LAYT", reason: reason) }
    guard section.count >= 4 else { throw bad("shorter than its counts") }
    let rows = Int(section.uint16(at: 0)), keys = Int(section.uint16(at: 2))
    guard section.count == 4 + rows + n + 4 * keys else {
      throw bad("length \(section.count), expected \(4 + rows + n + 4 * keys) for \(rows) rows, \(keys) keys, \(n) letters")
    }
    // A letter names its key in one byte; the limit also bounds the keys × letters check below.
    guard keys <= TableFormat.Layout.maximumKeyCount else {
      throw bad("\(keys) keys; at most \(TableFormat.Layout.maximumKeyCount)")
    }
    var keysInRows = 0
    for row in 0..<rows { keysInRows += Int(section.uint8(at: 4 + row)) }
    guard keysInRows == keys else { throw bad("rows hold \(keysInRows) keys, header says \(keys)") }
    for letter in 0..<n where Int(section.uint8(at: 4 + rows + letter)) >= keys {
      throw bad("letter \(letter) is on key \(section.uint8(at: 4 + rows + letter)) of \(keys)")
    }
    guard elementCount == keys else { throw bad("\(keys) keys, but the directory says \(elementCount)") }
    for row in 0..<rows where section.uint8(at: 4 + row) == 0 { throw bad("row \(row) at byte \(4 + row) has no keys") }
    let caps = 4 + rows + n
    for key in 0..<keys {
      let cap = section.uint32(at: caps + 4 * key)
      var typesLetters = false, capIsOneOfThem = false
      for letter in 0..<n where Int(section.uint8(at: 4 + rows + letter)) == key {
        typesLetters = true
        if alphabet.uint32(at: 8 * letter) == cap { capIsOneOfThem = true }
      }
      if typesLetters {
        guard capIsOneOfThem else { throw bad("key \(key)'s cap at byte \(caps + 4 * key) is not a letter on the key") }
        continue
      }
      guard Unicode.Scalar(cap) != nil else {
        throw bad("key \(key) types no letter, and its cap at byte \(caps + 4 * key) is not a Unicode scalar")
      }
      for letter in 0..<n where alphabet.uint32(at: 8 * letter) == cap || alphabet.uint32(at: 8 * letter + 4) == cap {
        throw bad("key \(key) types no letter, but its cap at byte \(caps + 4 * key) is letter \(letter) of the alphabet")
      }
    }
    rowCount = rows
    keyCount = keys
  }
}
