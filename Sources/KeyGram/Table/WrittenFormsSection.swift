/// A validated `FORM` section (format 2.2, docs/TableFormat.md): how the lexicon's words are
/// written. Its offsets count from the start of the section.
///
/// Validation is O(1): the head is present, its reserved word zero, the table has `LEXI`, the
/// entry count *F* is at most the lexicon's word count and the directory's element count, the
/// length equals the formula, and the apostrophe is a Unicode scalar. Nothing else is trusted:
/// a lookup (`KeyGramTable.writtenForms(ofNode:)`) binary-searches the node ids and reads an
/// entry only within its offsets and the pool, and a form only within its entry, so a damaged
/// section gives wrong forms, never a read outside it.
package struct WrittenFormsSection: Sendable, Equatable {
  /// *F*: the words with a form other than their plain letters.
  package let entryCount: Int
  /// The scalar every apostrophe of a form is written as.
  package let apostrophe: UInt32
  /// *P*: the pool's length in bytes.
  package let poolLength: Int
  /// Where the node ids, the pool offsets and the pool start in the section.
  package let nodeIdsOffset: Int
  package let poolOffsetsOffset: Int
  package let poolOffset: Int

  /// Checks `section`, the `FORM` bytes of a table whose directory counts `elementCount`
  /// entries; `lexiconWordCount` is the table's `LEXI` word count, nil without `LEXI`.
  package init(validating section: TableBytes, elementCount: Int, lexiconWordCount: Int?) throws(KeyGramTableError) {
    typealias W = TableFormat.WrittenForms
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "FORM", reason: reason) }
    guard section.count >= W.headSize else { throw bad("length \(section.count), shorter than its \(W.headSize)-byte head") }
    let entries = Int(section.uint32(at: W.Offset.entryCount))
    let scalar = section.uint32(at: W.Offset.apostrophe)
    let pool = Int(section.uint32(at: W.Offset.poolLength))
    guard section.uint32(at: W.Offset.reserved) == 0 else { throw bad("reserved bytes \(W.Offset.reserved) ..< \(W.headSize) are not zero") }
    guard let words = lexiconWordCount else { throw bad("the table has no LEXI, whose words FORM writes") }
    guard entries <= words else { throw bad("\(entries) entries (byte 0) for a lexicon of \(words) words") }
    guard elementCount == entries else { throw bad("the directory counts \(elementCount) entries, the section \(entries) (byte 0)") }
    // entries ≤ words < 2^32 and pool < 2^32: the formula cannot overflow an Int.
    let expected = W.length(entryCount: entries, poolLength: pool)
    guard section.count == expected else {
      throw bad("length \(section.count), expected \(expected) for \(entries) entries (byte 0) and a pool of \(pool) bytes (byte \(W.Offset.poolLength))")
    }
    guard Unicode.Scalar(scalar) != nil else { throw bad("the apostrophe \(scalar) at byte \(W.Offset.apostrophe) is not a Unicode scalar") }
    entryCount = entries
    apostrophe = scalar
    poolLength = pool
    nodeIdsOffset = W.nodeIdsOffset()
    poolOffsetsOffset = W.poolOffsetsOffset(entryCount: entries)
    poolOffset = W.poolOffset(entryCount: entries)
  }
}

/// One way a lexicon word is written (format 2.2 `FORM`): which of its letters are capitals and
/// where apostrophes stand between them. A plain value read from the table (no allocation).
public struct WrittenForm: Hashable, Sendable {
  /// How a form's letters are cased.
  public enum LetterCase: UInt8, Hashable, Sendable {
    /// Every letter lowercase ("its").
    case lower = 0
    /// The first letter capital, the rest lowercase ("Haus", "I").
    case capitalised = 1
    /// Every letter capital ("NASA").
    case capitals = 2
    /// The letters `capitalMask` names capital ("iPhone").
    case mixed = 3
  }

  /// The form's share of the word's written evidence, 1 ... 255 out of 255.
  public let share: UInt8
  /// How its letters are cased.
  public let letterCase: LetterCase
  /// For `.mixed`, bit *i* set when letter *i* is a capital; 0 otherwise.
  public let storedCapitalMask: UInt64
  /// How many apostrophes the form holds (0 ... 3).
  public let apostropheCount: Int
  /// The apostrophe positions packed a byte each, lowest first.
  let packedApostrophes: UInt32

  /// The lowercase form without apostrophes: how a word without an entry is written.
  public static let plain = WrittenForm(share: 255, letterCase: .lower, storedCapitalMask: 0, apostropheCount: 0, packedApostrophes: 0)
  init(share: UInt8, letterCase: LetterCase, storedCapitalMask: UInt64, apostropheCount: Int, packedApostrophes: UInt32) {
    self.share = share
    self.letterCase = letterCase
    self.storedCapitalMask = storedCapitalMask
    self.apostropheCount = apostropheCount
    self.packedApostrophes = packedApostrophes
  }

  /// A form of the given case and apostrophe positions (at most three, ascending), for tests and tools.
  public init(share: UInt8 = 255, letterCase: LetterCase, capitalMask: UInt64 = 0, apostrophes: [Int] = []) {
    var packed: UInt32 = 0
    for (index, position) in apostrophes.prefix(3).enumerated() { packed |= UInt32(UInt8(clamping: position)) << (8 * UInt32(index)) }
    self.init(share: share, letterCase: letterCase, storedCapitalMask: letterCase == .mixed ? capitalMask : 0,
              apostropheCount: Swift.min(apostrophes.count, 3), packedApostrophes: packed)
  }

  /// The position of the `index`-th apostrophe (0 ..< `apostropheCount`): it stands before
  /// letter *p*, or after the last letter when *p* is the word's length.
  public func apostrophePosition(at index: Int) -> Int {
    precondition(index >= 0 && index < apostropheCount, "apostrophe index out of range")
    return Int(UInt8(truncatingIfNeeded: packedApostrophes >> (8 * UInt32(index))))
  }

  /// Bit *i* set when letter *i* of a word of `length` letters is a capital in this form.
  public func capitalMask(length: Int) -> UInt64 {
    let all: UInt64 = length >= 64 ? .max : (1 << UInt64(Swift.max(length, 0))) &- 1
    switch letterCase {
    case .lower: return 0
    case .capitalised: return 1 & all
    case .capitals: return all
    case .mixed: return storedCapitalMask & all
    }
  }
}

/// The forms of one lexicon word, best first: a view of the table's `FORM` entry (or the one
/// plain form of a word without an entry). No allocation.
public struct WrittenForms: Sendable {
  let section: TableBytes
  /// The table whose memory `section` is, kept alive.
  let owner: KeyGramTable?
  /// The entry's bytes within `section`; empty for a word without an entry.
  let start: Int
  let end: Int
  /// How many forms the word has (1 ... 4): a word without an entry has its plain form alone.
  public let count: Int
  /// Whether the table stores an entry for the word (else its one form is `WrittenForm.plain`).
  public var hasEntry: Bool { end > start }
  init(section: TableBytes, owner: KeyGramTable?, start: Int, end: Int) {
    self.section = section
    self.owner = owner
    self.start = start
    self.end = end
    var count = 0, offset = start
    while count < TableFormat.WrittenForms.maximumFormCount, let next = Self.form(in: section, at: offset, end: end)?.next {
      count += 1
      offset = next
    }
    // An entry whose bytes hold no whole form reads as the plain form.
    self.count = Swift.max(count, 1)
  }

  /// The `index`-th form (0 is the best), or `.plain` for a word without an entry.
  public subscript(index: Int) -> WrittenForm {
    precondition(index >= 0 && index < count, "written form index out of range")
    var offset = start
    var remaining = index
    while let found = Self.form(in: section, at: offset, end: end) {
      if remaining == 0 { return found.form }
      remaining -= 1
      offset = found.next
    }
    return .plain
  }

  /// The form at `offset` and where the next starts, if its bytes lie before `end`.
  static func form(in section: TableBytes, at offset: Int, end: Int) -> (form: WrittenForm, next: Int)? {
    typealias W = TableFormat.WrittenForms
    guard offset + 2 <= end else { return nil }
    let share = section.uint8(at: offset), shape = section.uint8(at: offset + 1)
    let letterCase = WrittenForm.LetterCase(rawValue: shape & W.caseMask) ?? .lower
    let apostrophes = Int((shape & W.apostropheCountMask) >> W.apostropheCountShift)
    var next = offset + 2
    var mask: UInt64 = 0
    if letterCase == .mixed {
      guard next + 8 <= end else { return nil }
      mask = section.uint64(at: next)
      next += 8
    }
    guard next + apostrophes <= end else { return nil }
    var packed: UInt32 = 0
    for index in 0..<apostrophes { packed |= UInt32(section.uint8(at: next + index)) << (8 * UInt32(index)) }
    next += apostrophes
    return (WrittenForm(share: share, letterCase: letterCase, storedCapitalMask: mask, apostropheCount: apostrophes, packedApostrophes: packed), next)
  }
}

extension KeyGramTable {
  /// Whether the table says how its lexicon's words are written (format 2.2 `FORM`); without
  /// it every word is written as its letters, in lowercase.
  public var hasWrittenForms: Bool { sections.writtenForms != nil }

  /// The scalar the keyboard writes for an apostrophe of a word's form: `FORM`'s, U+0027 for a
  /// table without one.
  public var apostrophe: Unicode.Scalar {
    guard let forms = sections.writtenForms else { return TableFormat.WrittenForms.defaultApostrophe }
    return Unicode.Scalar(forms.apostrophe) ?? TableFormat.WrittenForms.defaultApostrophe
  }

  /// How many lexicon words have an entry in `FORM` (0 without it).
  public var writtenFormEntryCount: Int { sections.writtenForms?.entryCount ?? 0 }

  /// The forms of the lexicon word that ends at node `index` (the `LEXI` node's breadth-first
  /// index), best first: a binary search over `FORM`'s node ids, O(log *F*), no allocation. A
  /// word without an entry (and any node of a table without `FORM`) has its plain form alone.
  public func writtenForms(ofNode index: Int) -> WrittenForms {
    guard let forms = sections.writtenForms, index >= 0, forms.entryCount > 0 else {
      return WrittenForms(section: bytes.slice(from: 0, length: 0), owner: self, start: 0, end: 0)
    }
    let section = bytes.slice(from: sections.writtenFormsOffset, length: forms.poolOffset + forms.poolLength)
    var low = 0, high = forms.entryCount
    let target = UInt32(truncatingIfNeeded: index)
    while low < high {
      let middle = (low + high) / 2
      let id = section.uint32(at: forms.nodeIdsOffset + 4 * middle)
      if id < target { low = middle + 1 } else if id > target { high = middle } else {
        let first = Int(section.uint32(at: forms.poolOffsetsOffset + 4 * middle))
        let last = Int(section.uint32(at: forms.poolOffsetsOffset + 4 * middle + 4))
        let start = forms.poolOffset + Swift.min(first, forms.poolLength)
        let end = forms.poolOffset + Swift.min(last, forms.poolLength)
        return WrittenForms(section: section, owner: self, start: start, end: Swift.max(start, end))
      }
    }
    return WrittenForms(section: section, owner: self, start: 0, end: 0)
  }
}
