import Foundation
import KeyGram
@testable import KeyGramPipeline

/// Single-byte changes of a real table, each with its CRC fixed up, put to the loader and then
/// to `TableVerifier` (without the generated-Swift check, as `verify --no-swift`).
struct MutationSweep {
  /// Where each mutant was stopped.
  struct Tally: Sendable {
    var tried = 0
    var rejectedByLoader = 0
    /// By a check of verify other than the reproduction (format, normalisation, manifest, freshness).
    var rejectedByInvariants = 0
    /// Passed every invariant; only building the corpus again told it apart.
    var rejectedOnlyByReproduction = 0
    var acceptedByVerify = 0
    /// Accepted by verify although the table's meaning changed: the goal is none.
    var acceptedWithChangedMeaning = 0
    /// Rejected only by the reproduction although outside the data fields no invariant constrains
    /// (header, directory, padding, reserved bytes, structure): each one a missing invariant.
    var escapes: [String] = []

    mutating func add(_ other: Tally) {
      tried += other.tried
      rejectedByLoader += other.rejectedByLoader
      rejectedByInvariants += other.rejectedByInvariants
      rejectedOnlyByReproduction += other.rejectedOnlyByReproduction
      acceptedByVerify += other.acceptedByVerify
      acceptedWithChangedMeaning += other.acceptedWithChangedMeaning
      escapes += other.escapes
    }

    var summary: String {
      "\(tried) mutants: \(rejectedByLoader) rejected by the loader, \(rejectedByInvariants) by verify's invariants, "
        + "\(rejectedOnlyByReproduction) only by the reproduction, \(acceptedByVerify) accepted (\(acceptedWithChangedMeaning) with a changed meaning)"
    }
  }

  let image: [UInt8]
  let verifier: TableVerifier
  /// The original's path: a mutant is verified under the same name, so the name check passes.
  let path: String
  /// Byte ranges holding facts about the corpus that no invariant constrains; a change there
  /// may pass every invariant, and only the reproduction sees it.
  let dataFields: [Range<Int>]
  let baseline: [UInt64]
  /// Whether the meaning dump tries every (node, letter) child lookup of the lexicon.
  let exhaustiveLexicon: Bool
  /// Whether a mutant only the reproduction rejects inside the data fields has its meaning
  /// compared too (about 50 ms for English; outside them it always is).
  let comparesMeaningInDataFields: Bool

  init(image: [UInt8], verifier: TableVerifier, path: String) throws {
    self.image = image
    self.verifier = verifier
    self.path = path
    let table = try KeyGramTable(copying: image)
    dataFields = Self.dataFields(of: table)
    exhaustiveLexicon = (table.lexicon?.nodeCount ?? 0) * table.letterCount <= 100_000
    comparesMeaningInDataFields = exhaustiveLexicon
    baseline = Self.meaning(of: table, exhaustiveLexicon: exhaustiveLexicon)
  }

  /// Tries `image[offset] ^ mask` for each offset and mask (the CRC field itself unsealed).
  func run(offsets: [Int], masks: [UInt8]) -> Tally {
    var tally = Tally()
    var mutant = image
    for offset in offsets {
      for mask in masks {
        mutant[offset] ^= mask
        tally.tried += 1
        classify(TableFormat.Offset.crc32..<(TableFormat.Offset.crc32 + 4) ~= offset ? mutant : VerifyTests.resealed(mutant),
                 offset: offset, mask: mask, into: &tally)
        mutant = image
      }
    }
    return tally
  }

  /// The same on `threads` threads, the offsets dealt round-robin.
  func run(offsets: [Int], masks: [UInt8], threads: Int) -> Tally {
    let results = Results(count: threads)
    let sweep = UncheckedBox(self)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let mine = stride(from: thread, to: offsets.count, by: threads).map { offsets[$0] }
      results.set(thread, sweep.value.run(offsets: mine, masks: masks))
    }
    return results.total
  }

  private func classify(_ mutant: [UInt8], offset: Int, mask: UInt8, into tally: inout Tally) {
    guard let table = try? KeyGramTable(copying: mutant) else {
      tally.rejectedByLoader += 1
      return
    }
    let report = verifier.verify(table, path: path)
    if report.failures.contains(where: { $0.check != .reproduction }) {
      tally.rejectedByInvariants += 1
      return
    }
    var changed: Bool { Self.meaning(of: table, exhaustiveLexicon: exhaustiveLexicon) != baseline }
    guard report.passed else {
      tally.rejectedOnlyByReproduction += 1
      let inDataFields = dataFields.contains { $0.contains(offset) }
      if !inDataFields || (comparesMeaningInDataFields && !changed) {
        tally.escapes.append("byte \(offset) ^ \(mask) (meaning \(changed ? "changed" : "unchanged")): \(report.failures.map(\.message))")
      }
      return
    }
    tally.acceptedByVerify += 1
    if changed { tally.acceptedWithChangedMeaning += 1 }
  }

  /// The offsets of `table` that a sweep with `lexiconStride` k tries: every byte outside the
  /// lexicon's node arrays (labels, shares, degrees), every k-th byte inside them.
  static func offsets(of table: KeyGramTable, lexiconStride: Int) -> [Int] {
    guard let entry = table.sections.sections.first(where: { $0.tag == TableFormat.Section.lexicon }), let lexicon = table.lexicon else {
      return Array(0..<table.byteCount)
    }
    let arrays = (entry.offset + TableFormat.Lexicon.labelsOffset)..<(entry.offset + TableFormat.Lexicon.byteArraysEnd(nodeCount: lexicon.nodeCount))
    return Array(0..<arrays.lowerBound) + Array(Swift.stride(from: arrays.lowerBound, to: arrays.upperBound, by: lexiconStride))
      + Array(arrays.upperBound..<table.byteCount)
  }

  /// The data fields of docs/TableFormat.md ("left to the reproduction"): the `QUAD` masks,
  /// the `LEXI` total mass, labels and shares, the `PAIR` word ids (any ascending words keep
  /// its invariants), the `KNOW` blocks, the `OFFN` word ids (the same), and the `PROV` totals other than the letter
  /// total (words, text bytes, invalid UTF-8, letters outside the alphabet, frequency-list words).
  static func dataFields(of table: KeyGramTable) -> [Range<Int>] {
    let n = table.letterCount
    var fields: [Range<Int>] = []
    for entry in table.sections.sections {
      switch entry.tag {
      case TableFormat.Section.quadgram:
        let masks = entry.offset + TableFormat.Quadgram.masksOffset
        fields.append(masks..<(masks + 8 * n * n))
      case TableFormat.Section.lexicon:
        let nodes = table.lexicon!.nodeCount
        let mass = entry.offset + TableFormat.Lexicon.Offset.totalMass
        fields.append(mass..<(mass + 8))
        fields.append((entry.offset + TableFormat.Lexicon.labelsOffset)..<(entry.offset + TableFormat.Lexicon.degreesOffset(nodeCount: nodes)))
        fields.append((entry.offset + TableFormat.Lexicon.sharesOffset(nodeCount: nodes))..<(entry.offset + TableFormat.Lexicon.byteArraysEnd(nodeCount: nodes)))
      case TableFormat.Section.wordPairs:
        typealias P = TableFormat.Pairs
        let pairs = table.wordPairs!
        let (r, e) = (pairs.rowCount, pairs.entryCount)
        fields.append((entry.offset + P.firstWordsOffset())..<(entry.offset + P.rowOffsetsOffset(rows: r)))
        fields.append((entry.offset + P.secondWordsOffset(rows: r))..<(entry.offset + P.weightsOffset(rows: r, entries: e)))
        let heads = entry.offset + P.headWordsOffset(rows: r, entries: e)
        fields.append(heads..<(heads + 4 * pairs.headWordCount))
      case TableFormat.Section.knownWords:
        fields.append((entry.offset + TableFormat.KnownWordFilter.headSize)..<(entry.offset + entry.length))
      case TableFormat.Section.offensiveWords:
        fields.append(entry.offset..<(entry.offset + entry.length))  // any ascending lexicon words keep its invariants
      case TableFormat.Section.provenance:
        let totals = entry.offset + entry.length - TableFormat.Provenance.tailSize(letterCount: n)
        fields.append((totals + 8)..<(totals + 8 * 2))  // words (then stored bytes, the sum of the file sizes)
        fields.append((totals + 8 * 3)..<(totals + 8 * TableFormat.Provenance.reservedTotal))
      default:
        break
      }
    }
    return fields
  }

  /// Everything the runtime (and `Provenance`) can observe of a table, as numbers: its
  /// version, language, alphabet, ASCII map and letter lookups, every distribution, the flagged words, the
  /// 4-gram contexts, every lexicon node, the layout and the provenance. Equal dumps, same meaning.
  static func meaning(of table: KeyGramTable, exhaustiveLexicon: Bool) -> [UInt64] {
    var out: [UInt64] = []
    func text(_ string: String) { out.append(UInt64(string.utf8.count)); out += string.utf8.map(UInt64.init) }
    let n = table.letterCount
    out += [UInt64(table.formatVersion.major), UInt64(table.formatVersion.minor), UInt64(n)]
    text(table.languageCode)
    text(table.languageName)
    var scalars: [Unicode.Scalar] = (0..<128).map { Unicode.Scalar(UInt8($0)) }
    for letter in 0..<n {
      out += [UInt64(table.letter(at: letter).value), UInt64(table.uppercaseLetter(at: letter).value)]
      scalars += [table.letter(at: letter), table.uppercaseLetter(at: letter)]
    }
    for scalar in scalars { out.append(table.letterIndex(of: scalar).map(UInt64.init) ?? .max) }
    func distribution(_ row: LetterDistribution) { out.append(row.isUniform ? 1 : 0); out += row.indices.map { UInt64(row.weight(at: $0)) } }
    distribution(table.unigram)
    distribution(table.initial)
    let symbols = (0..<n).map(LetterSymbol.init(letterIndex:)) + [.boundary, .unknownLetter]
    for last in symbols {
      for previous in symbols {
        for earlier in symbols { distribution(table.distribution(after: LetterContext(earlier: earlier, previous: previous, last: last))) }
      }
    }
    for context in table.quadgramContexts { out += [UInt64(context.earlier.rawValue), UInt64(context.previous.rawValue), UInt64(context.last.rawValue)] }
    if let lexicon = table.lexicon {
      out += [UInt64(lexicon.nodeCount), UInt64(lexicon.wordCount), lexicon.totalMass, UInt64(lexicon.maximumDepth)]
      for v in 0..<lexicon.nodeCount {
        let node = LexiconNode(index: UInt32(v))
        let row = lexicon.row(of: node)
        out += [UInt64(row.childCount), UInt64(row.endWeight), UInt64(lexicon.share(of: node)),
                UInt64(lexicon.letter(of: node) ?? 0xFFFF), UInt64(lexicon.childCount(of: node))]
        for index in 0..<row.childCount { out += [UInt64(row.letter(at: index)), UInt64(row.weight(at: index))] }
        if exhaustiveLexicon {
          for letter in 0..<n { out.append(lexicon.child(of: node, letter: letter).map { UInt64($0.index) } ?? .max) }
        }
      }
    }
    if let pairs = table.wordPairs {
      out += [UInt64(pairs.rowCount), UInt64(pairs.entryCount), UInt64(pairs.headWordCount)]
      for index in 0..<pairs.rowCount {
        let row = pairs.row(at: index)
        out += [UInt64(pairs.firstWord(ofRow: index)?.rawValue ?? 0), UInt64(row.start), UInt64(row.end), UInt64(row.backoff)]
      }
      for index in 0..<pairs.entryCount {
        let entry = pairs.entry(at: index)
        out += [UInt64(entry.word.rawValue), UInt64(entry.weight)]
      }
      out += (0..<pairs.headWordCount).map { UInt64(pairs.headWord(at: $0).rawValue) }
    }
    if let known = table.knownWords, let entry = table.sections.sections.first(where: { $0.tag == TableFormat.Section.knownWords }) {
      out += [UInt64(known.wordCount), UInt64(known.hashCount), UInt64(known.bitCount)]
      out += (0..<(known.bitCount / 64)).map { table.bytes.uint64(at: entry.offset + TableFormat.KnownWordFilter.headSize + 8 * $0) }
    }
    if let offensive = table.offensiveWords { out += [UInt64(offensive.count)] + offensive.ids.map { UInt64($0.rawValue) } }
    for (setting, value) in table.decoderSettings { out += [UInt64(setting.rawValue), UInt64(value.bitPattern)] }
    if let layout = table.keyboardLayout {
      for row in layout.rows { out.append(UInt64(row.count)); out += row.map { UInt64($0.value) } }
      out += layout.keyIndexOfLetter.map(UInt64.init)
    }
    if let provenance = TableImage.provenance(of: table) {
      for file in provenance.files { text(file.name); out.append(file.size); out += file.sha256.bytes.map(UInt64.init) }
      out += [provenance.letters, provenance.words, provenance.storedBytes, provenance.textBytes,
              provenance.invalidUTF8, provenance.outsideAlphabet, provenance.frequencyListWords]
      out += provenance.letterCounts
    }
    return out
  }

  /// Per-thread tallies, added up at the end.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var tallies: [Tally]
    init(count: Int) { tallies = Array(repeating: Tally(), count: count) }
    func set(_ index: Int, _ tally: Tally) { lock.withLock { tallies[index] = tally } }
    var total: Tally { lock.withLock { tallies.reduce(into: Tally()) { $0.add($1) } } }
  }

  private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
