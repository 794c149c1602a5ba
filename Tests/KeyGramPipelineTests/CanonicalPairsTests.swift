import Foundation
import KeyGram
import Testing

/// The runtime's composition table (Sources/KeyGram/Text/generated/CanonicalPairs.swift, made by
/// tools/canonical-pairs.py from Python's Unicode data) is current: the pairs are derived here
/// again, in Swift, from Foundation's normalisation, and compared entry for entry with the
/// arrays the runtime compiles. Only the scalars that the file's Unicode version
/// (`CanonicalPairs.unicodeVersion`) assigns are derived (`Unicode.Scalar.Properties.age`), and
/// canonical decompositions of assigned scalars never change, so a newer Unicode on this machine
/// (Foundation's or Python's) does not fail it; an edited, dropped or added entry does.
/// (`python3 tools/canonical-pairs.py --check`, run by `make test`, compares the file's text with
/// the generator's where the machine's Python has the same Unicode version.)
///
/// The generator reads each scalar's one-level decomposition mapping; Foundation gives only full
/// decompositions (NFD) and compositions (NFC), so the mapping is rebuilt from them:
/// - a scalar whose NFC is one other scalar has a singleton mapping (Å U+212B → U+00C5): it is
///   no pair, and a mark of that kind decomposes to that one scalar (U+0341 → U+0301);
/// - any other scalar whose NFD is two or more scalars (Hangul syllables aside: their
///   decomposition is arithmetic, not in the data) maps to two: the scalar (not itself a
///   singleton) whose NFD is its NFD less the last scalar, then that last scalar (ệ U+1EC7 is
///   ẹ U+1EB9 + U+0302, in canonical order, never ê + U+0323).
/// The test checks each rebuilt mapping is canonically equal to the scalar and that the rebuilt
/// first scalar is unique, so a Unicode version where these rules would not hold fails loudly.
@Suite("Canonical pairs: the generated table is current")
struct CanonicalPairsTests {
  static let marks: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark]

  static func nfd(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    Array(String(String.UnicodeScalarView(scalars)).decomposedStringWithCanonicalMapping.unicodeScalars)
  }

  static func nfc(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    Array(String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
  }

  /// Whether `scalar` was assigned by Unicode `version` or earlier.
  static func assigned(_ scalar: Unicode.Scalar, by version: (major: Int, minor: Int)) -> Bool {
    guard let age = scalar.properties.age else { return false }
    return (age.major, age.minor) <= (version.major, version.minor)
  }

  /// The two arrays, as tools/canonical-pairs.py makes them, from Foundation.
  static func derive(version: (major: Int, minor: Int)) throws -> (compositions: [UInt64], markDecompositions: [UInt64]) {
    // Scalars that can decompose: assigned by `version`, not private use, not unified ideographs.
    let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
      assigned($0, by: version) && $0.properties.generalCategory != .privateUse && !$0.properties.isUnifiedIdeograph
    }
    let decompositions = scalars.map { nfd([$0]) }
    func singleton(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
      let composed = nfc([scalar])
      return composed.count == 1 && composed[0] != scalar ? composed[0] : nil
    }
    // The scalars by their NFD, singletons left out: the first half of a two-scalar mapping.
    var byDecomposition: [[UInt32]: [Unicode.Scalar]] = [:]
    for (scalar, decomposition) in zip(scalars, decompositions) where singleton(scalar) == nil {
      byDecomposition[decomposition.map(\.value), default: []].append(scalar)
    }
    var compositions: [UInt64] = [], markDecompositions: [UInt64] = []
    for (scalar, decomposition) in zip(scalars, decompositions) where decomposition != [scalar] {
      if (0xAC00...0xD7A3).contains(scalar.value) { continue }
      let isMark = marks.contains(scalar.properties.generalCategory)
      if let target = singleton(scalar) {
        if isMark { markDecompositions.append(UInt64(scalar.value) << 42 | UInt64(target.value) << 21) }
        continue
      }
      try #require(decomposition.count >= 2, "U+\(String(scalar.value, radix: 16)) decomposes to one scalar but is no singleton")
      let last = decomposition[decomposition.count - 1]
      let firsts = byDecomposition[decomposition.dropLast().map(\.value)] ?? []
      try #require(firsts.count == 1, "U+\(String(scalar.value, radix: 16)): \(firsts.count) candidates for the first of its mapping")
      let first = firsts[0]
      try #require(nfd([first, last]) == decomposition, "U+\(String(scalar.value, radix: 16)): the rebuilt mapping is not canonically equal")
      if marks.contains(last.properties.generalCategory) {
        compositions.append(UInt64(first.value) << 42 | UInt64(last.value) << 21 | UInt64(scalar.value))
      }
      if isMark { markDecompositions.append(UInt64(scalar.value) << 42 | UInt64(first.value) << 21 | UInt64(last.value)) }
    }
    return (compositions.sorted(), markDecompositions.sorted())
  }

  @Test("The compiled pairs are what Foundation's normalisation gives for the file's Unicode version")
  func pairsAreCurrent() throws {
    let version = CanonicalPairs.unicodeVersion
    let derived = try Self.derive(version: version)
    let compiled = (CanonicalPairs.compositions, CanonicalPairs.markDecompositions)
    for (name, ours, theirs) in [("compositions", compiled.0, derived.compositions),
                                 ("markDecompositions", compiled.1, derived.markDecompositions)] {
      let missing = Set(theirs).subtracting(ours).sorted(), extra = Set(ours).subtracting(theirs).sorted()
      let hex = { (values: [UInt64]) in values.prefix(8).map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") }
      #expect(missing.isEmpty && extra.isEmpty && ours == theirs,
              """
              CanonicalPairs.\(name) (Unicode \(version.major).\(version.minor)) is not current: \
              \(missing.count) missing (\(hex(missing))), \(extra.count) not canonical (\(hex(extra)))\
              \(ours.count == theirs.count && missing.isEmpty ? ", out of order" : ""); run: make canonical-pairs
              """)
    }
    #expect(derived.compositions.count > 1_000 && derived.markDecompositions.count > 40)
  }
}
