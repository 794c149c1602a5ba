/// What each decoded scalar does to the symbol stream, for both counters: the decoding rules
/// that depend on the symbol before (a combining mark composes with the letter it follows).
extension LetterDecoder {
  /// One step of the symbol stream.
  package enum SymbolAction: Equatable, Sendable {
    /// Append this symbol: a letter, or `Symbol.wordBoundary`.
    case append(UInt8)
    /// Append this letter, typed as a capital after a letter (Σ as σ); if the word ends before
    /// the next letter, take it back and append `finalForm` (ς) instead.
    case appendAwaitingFinalForm(UInt8, finalForm: UInt8)
    /// A letter outside the alphabet: append a boundary and count it in `outsideAlphabet`.
    case outsideAlphabet
    /// An ill-formed UTF-8 sequence: append a boundary and count it in `invalidUTF8`.
    case invalidUTF8
    /// Nothing: an invisible format character, a transparent apostrophe, or a combining mark
    /// with no letter before it.
    case skip
    /// NFD: take back the letter before the combining mark and append this composed letter instead.
    case replaceLast(UInt8)
    /// NFD: the combining mark composes with no letter of the alphabet, so the letter before
    /// it becomes a letter outside the alphabet: take it back, then as `outsideAlphabet`.
    case replaceLastOutsideAlphabet
  }

  /// What `scalar` does, after `last` (the newest symbol appended, `Symbol.wordBoundary` at the start).
  @inline(__always)
  package func action(for scalar: Unicode.Scalar, after last: UInt8) -> SymbolAction {
    switch scalarClass(scalar) {
    case .letter(let symbol): return .append(symbol)
    case .capitalWithFinalForm(let symbol):
      guard last != Symbol.wordBoundary else { return .append(symbol) }
      return .appendAwaitingFinalForm(symbol, finalForm: finalFormSymbols[Int(symbol)])
    case .boundary: return .append(Symbol.wordBoundary)
    case .skip: return .skip
    case .outsideAlphabet: return .outsideAlphabet
    case .combiningMark:
      guard last != Symbol.wordBoundary else { return .skip }
      if let composed = compose(last, with: scalar) { return .replaceLast(composed) }
      return .replaceLastOutsideAlphabet
    }
  }

  /// Decodes the UTF-8 sequence at `i` of `bytes`: what it does and its length in bytes, or
  /// nil when the sequence continues past the end of `bytes`.
  @inline(__always)
  package func action(ofSequenceIn bytes: UnsafeBufferPointer<UInt8>, at i: Int,
                     after last: UInt8) -> (action: SymbolAction, length: Int)? {
    switch UTF8Sequence.decode(bytes, at: i) {
    case .needMoreBytes: return nil
    case .invalid(let length): return (.invalidUTF8, length)
    case .scalar(let scalar, let length): return (action(for: scalar, after: last), length)
    }
  }
}

/// A UTF-8 sequence cut by the end of a chunk, waiting for the next chunk's first bytes: both
/// text counters carry one across chunks through it.
struct SplitSequence {
  private var bytes: [UInt8] = []
  /// The scalar the last `complete` decoded, if it was one (the word counter asks for apostrophes).
  private(set) var completedScalar: Unicode.Scalar?

  var isEmpty: Bool { bytes.isEmpty }

  /// Keeps the cut sequence: the chunk's bytes from its start to the chunk's end.
  mutating func keep(_ rest: Slice<UnsafeBufferPointer<UInt8>>) { bytes = Array(rest) }

  /// Drops the sequence, returning whether there was one (a file that ends inside one).
  mutating func removeAll() -> Bool {
    defer { bytes.removeAll() }
    return !bytes.isEmpty
  }

  /// Completes the sequence with the first bytes of `chunk`: what it does after symbol `last`,
  /// and where the chunk's own sequences resume. nil while `chunk` is too short to complete it.
  mutating func complete(with chunk: UnsafeBufferPointer<UInt8>, decoder: LetterDecoder,
                         after last: UInt8) -> (action: LetterDecoder.SymbolAction, resume: Int)? {
    let previous = bytes.count
    let joined = bytes + chunk.prefix(Swift.min(4 - previous, chunk.count))
    guard let (action, length) = joined.withUnsafeBufferPointer({ decoder.action(ofSequenceIn: $0, at: 0, after: last) }) else {
      bytes = joined
      return nil
    }
    bytes.removeAll()
    if case .scalar(let scalar, _) = joined.withUnsafeBufferPointer({ UTF8Sequence.decode($0, at: 0) }) { completedScalar = scalar } else { completedScalar = nil }
    return (action, Swift.max(0, length - previous))
  }
}
