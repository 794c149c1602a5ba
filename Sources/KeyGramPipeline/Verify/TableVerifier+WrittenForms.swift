import KeyGram

/// Every `FORM` invariant docs/TableFormat.md states, beyond what open checks: each problem
/// names the section byte (and the file byte) and what is wrong.
extension TableVerifier {
  /// The problems of `form` (the section's bytes, at `fileOffset` in the file), whose words end
  /// at nodes of `lexicon` (the `LEXI` section's bytes; nil when the table has none).
  package static func writtenFormsProblems(_ form: [UInt8], fileOffset: Int, lexicon: [UInt8]?, limit: Int = 32) -> [String] {
    typealias W = TableFormat.WrittenForms
    var problems: [String] = []
    func report(_ at: Int, _ problem: String) {
      if problems.count < limit { problems.append("FORM byte \(at) (file byte \(fileOffset + at)): \(problem)") }
    }
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(form[at + $1]) << (8 * $1) } }
    guard form.count >= W.headSize else {
      report(0, "\(form.count) bytes, shorter than the \(W.headSize)-byte head")
      return problems
    }
    guard let lexicon else {
      report(0, "a table with FORM must have LEXI")
      return problems
    }
    let words = wordLengths(lexicon)
    let f = u32(W.Offset.entryCount), poolLength = u32(W.Offset.poolLength)
    let apostrophe = UInt32(u32(W.Offset.apostrophe))
    if !Language.apostrophes.map(\.value).contains(apostrophe) {
      report(W.Offset.apostrophe, "the apostrophe \(Hex.codePoint(apostrophe)) is not U+0027, U+2019 or U+02BC")
    }
    if u32(W.Offset.reserved) != 0 { report(W.Offset.reserved, "reserved bytes are not zero") }
    guard f <= words.count, f < form.count, poolLength < form.count,
          form.count == W.length(entryCount: f, poolLength: poolLength) else {
      report(W.Offset.entryCount, "\(f) entries and a \(poolLength)-byte pool do not make the section's \(form.count) bytes")
      return problems
    }
    let pool = W.poolOffset(entryCount: f), offsets = W.poolOffsetsOffset(entryCount: f)
    if u32(offsets) != 0 { report(offsets, "the first pool offset is \(u32(offsets)), not 0") }
    if u32(offsets + 4 * f) != poolLength { report(offsets + 4 * f, "the last pool offset is \(u32(offsets + 4 * f)), not the pool length \(poolLength)") }
    for at in (pool + poolLength)..<form.count where form[at] != 0 { report(at, "padding byte is \(form[at]), not zero") }
    var previousNode = -1
    for entry in 0..<f {
      let idAt = W.nodeIdsOffset() + 4 * entry, node = u32(idAt)
      if node <= previousNode { report(idAt, "node id \(node) does not follow \(previousNode) (ids strictly increase)") }
      previousNode = node
      guard let length = words[node] else {
        report(idAt, "node \(node) ends no word of the lexicon")
        continue
      }
      let offsetAt = W.poolOffsetsOffset(entryCount: f) + 4 * entry
      let start = u32(offsetAt), end = u32(offsetAt + 4)
      guard start < end, end <= poolLength else {
        report(offsetAt, "pool offsets \(start) ..< \(end) are not increasing within the pool's \(poolLength) bytes")
        continue
      }
      problems += formProblems(form, from: pool + start, to: pool + end, length: length, report: report)
    }
    return Array(problems.prefix(limit))
  }

  /// The problems of one entry's forms, bytes `start ..< end` of the section, for a word of `length` letters.
  private static func formProblems(_ form: [UInt8], from start: Int, to end: Int, length: Int,
                                   report: (Int, String) -> Void) -> [String] {
    typealias W = TableFormat.WrittenForms
    var at = start, count = 0, previousShare = 256
    var seen: Set<[UInt8]> = []
    var lonePlain = false
    while at < end {
      let formStart = at
      count += 1
      if count > W.maximumFormCount { report(at, "more than \(W.maximumFormCount) forms"); return [] }
      guard at + 2 <= end else { report(at, "a form is cut by the entry's end"); return [] }
      let share = Int(form[at]), shape = form[at + 1]
      if share == 0 || share > previousShare { report(at, "share \(share) is not 1 ... \(min(255, previousShare)) (shares do not increase)") }
      previousShare = max(share, 1)
      if shape & W.reservedShapeBits != 0 { report(at + 1, "shape \(shape) has reserved bits 4-7 set") }
      at += 2
      let casing = shape & W.caseMask
      if casing == W.caseMixed {
        guard at + 8 <= end else { report(at, "a capital mask is cut by the entry's end"); return [] }
        let mask = (0..<8).reduce(UInt64(0)) { $0 | UInt64(form[at + $1]) << (8 * UInt64($1)) }
        let every: UInt64 = length >= 64 ? .max : (1 << UInt64(length)) - 1
        if mask & ~every != 0 { report(at, "capital mask \(String(mask, radix: 16)) has a bit at or past the word's \(length) letters") }
        else if mask == 0 || mask == 1 || mask == every { report(at, "capital mask \(String(mask, radix: 16)) is degenerate (none, the first letter alone, or every letter)") }
        at += 8
      }
      let apostrophes = Int((shape & W.apostropheCountMask) >> W.apostropheCountShift)
      guard at + apostrophes <= end else { report(at, "apostrophe positions are cut by the entry's end"); return [] }
      var previous = -1
      for k in 0..<apostrophes {
        let position = Int(form[at + k])
        if position <= previous || position > length {
          report(at + k, "apostrophe position \(position) is not after \(previous) and within the word's \(length) letters")
        }
        previous = position
      }
      at += apostrophes
      // The share aside, two forms are the same when their shape, mask and positions are.
      if !seen.insert(Array(form[(formStart + 1)..<at])).inserted { report(formStart, "a form repeats one before it") }
      lonePlain = count == 1 && casing == W.caseLower && apostrophes == 0
    }
    if count == 1 && lonePlain { report(start, "the entry is one lowercase form without apostrophes (the default: no entry)") }
    return []
  }

  /// Each lexicon node that ends a word, and its depth (the word's length), from `LEXI`'s bytes.
  static func wordLengths(_ lexicon: [UInt8]) -> [Int: Int] {
    typealias L = TableFormat.Lexicon
    func u16(_ at: Int) -> Int { Int(lexicon[at]) | Int(lexicon[at + 1]) << 8 }
    guard lexicon.count >= L.headSize else { return [:] }
    let n = (0..<4).reduce(0) { $0 | Int(lexicon[L.Offset.nodeCount + $1]) << (8 * $1) }
    guard lexicon.count >= L.headSize + 4 * n else { return [:] }
    let degrees = L.headSize + n, shares = L.headSize + 2 * n
    var depth = [Int](repeating: 0, count: n)
    var words: [Int: Int] = [:]
    var next = 1
    for v in 0..<n {
      let degree = Int(lexicon[degrees + v])
      var sum = 0
      // A damaged degree can point past the nodes: those children are not there.
      for child in min(next, n)..<min(next + degree, n) {
        sum += u16(shares + 2 * child)
        depth[child] = depth[v] + 1
      }
      if v > 0 && sum < Int(L.shareTotal) { words[v] = depth[v] }
      next += degree
    }
    return words
  }
}
