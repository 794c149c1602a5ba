/// The counter for running text: feeds decompressed bytes through the decoder's classes and
/// counts 4-grams of the symbol stream in one pass (trigrams for alphabets over 63 letters, whose
/// tables cannot hold 4-gram rows: a `QUAD` mask has 64 bits). The byte loop is the
/// builder's hot path: one class lookup, a shift, two small-table lookups and one increment
/// per ASCII byte, with the symbol history rolled along in a register and carried across chunks.
package struct LetterCounter: Counter {
  package let decoder: LetterDecoder
  /// 4, or 3 for alphabets over `TableFormat.Quadgram.maximumLetterCount` letters.
  package let order: Int
  /// Bits per symbol in the rolling history.
  private let shift: Int
  private let symbolMask: Int
  /// `order` symbols: what is counted. Taking a letter back (a combining mark follows it)
  /// shifts right, and the next push shifts left again, so nothing older is lost.
  private let historyMask: Int
  /// How a history maps to its dense count index.
  private let indexParameters: IndexParameters
  /// A bit-packed symbol pair (a << shift | b) → a · (N+1) + b.
  private let highDense: [Int32]
  /// The newest symbols bit-packed → their dense index (the pair table again for 4-grams).
  private let lowDense: [Int32]
  /// Dense (N+1)^order counts, the layout of `NgramCounts.quadgrams` (or `.trigrams`), kept
  /// as UInt16 so the English 4-gram table is 1 MB and stays in L2 cache; a count that wraps
  /// carries into `carries`.
  private var dense: [UInt16]
  /// How many times each count has wrapped (rare: every 65,536 occurrences of a 4-gram).
  private var carries: [Int: UInt64] = [:]
  private var history = 0
  /// Bytes of a UTF-8 sequence split across chunks.
  private var pending = SplitSequence()
  package private(set) var outsideAlphabet: UInt64 = 0
  package private(set) var invalidUTF8: UInt64 = 0

  package init(decoder: LetterDecoder) {
    self.decoder = decoder
    let width = decoder.letterCount + 1
    order = NgramCounts.countsQuadgrams(letterCount: decoder.letterCount) ? 4 : 3
    var bits = 1
    while (1 << bits) < width { bits += 1 }
    shift = bits
    symbolMask = (1 << bits) - 1
    historyMask = (1 << (order * bits)) - 1
    let pairMask = (1 << (2 * bits)) - 1
    indexParameters = IndexParameters(highShift: (order - 2) * bits, highMask: pairMask,
                                      highStride: order == 4 ? width * width : width,
                                      lowMask: order == 4 ? pairMask : (1 << bits) - 1)
    var densePair = [Int32](repeating: 0, count: 1 << (2 * bits))
    for a in 0..<width { for b in 0..<width { densePair[a << bits | b] = Int32(a * width + b) } }
    highDense = densePair
    lowDense = order == 4 ? densePair : (0..<(1 << bits)).map { Int32($0) }
    dense = [UInt16](repeating: 0, count: order == 4 ? width * width * width * width : width * width * width)
  }

  /// The dense index of the newest `order` symbols of history `h`.
  @inline(__always)
  private static func denseIndex(_ h: Int, _ parameters: IndexParameters,
                                 _ highDense: UnsafeBufferPointer<Int32>, _ lowDense: UnsafeBufferPointer<Int32>) -> Int {
    Int(highDense[(h >> parameters.highShift) & parameters.highMask]) * parameters.highStride
      + Int(lowDense[h & parameters.lowMask])
  }

  /// The dense index of the newest `order` symbols of a history h is
  /// highDense[(h >> highShift) & highMask] · highStride + lowDense[h & lowMask]: the oldest
  /// two symbols, then the rest (two for 4-grams, one for trigrams).
  private struct IndexParameters {
    var highShift: Int, highMask: Int, highStride: Int, lowMask: Int
  }

  /// Counts the symbols in `chunk`, continuing from where the last chunk stopped.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) {
    var start = 0
    if !pending.isEmpty { start = finishPendingSequence(chunk) }
    let classes = decoder.byteClasses
    let letterLimit = UInt8(decoder.letterCount)
    // Locals, so the optimiser keeps them in registers: stores through `counts` could
    // otherwise alias self and force a reload of every field on every byte.
    let shift = self.shift, symbolMask = self.symbolMask, historyMask = self.historyMask
    let parameters = indexParameters
    let highDense = self.highDense, lowDense = self.lowDense
    let skip = LetterDecoder.ByteClass.skip
    let outsideAlphabet = LetterDecoder.ByteClass.outsideAlphabet
    let boundary = Symbol.wordBoundary
    var h = history
    // The table moves out of self for the loop, so the slow path may mutate self meanwhile.
    var table = dense
    dense = []
    defer { dense = table }
    table.withUnsafeMutableBufferPointer { counts in
      highDense.withUnsafeBufferPointer { highDense in
        lowDense.withUnsafeBufferPointer { lowDense in
          classes.withUnsafeBufferPointer { classes in
            let bytes = chunk.bindMemory(to: UInt8.self)
            var i = start
            let end = bytes.count
            while i < end {
              let symbol = classes[Int(bytes[i])]
              if _fastPath(symbol <= letterLimit) {
                i += 1
                // A boundary after a boundary is no new event. (The boundary is 0, so one OR
                // tests both symbols.)
                if symbol | UInt8(truncatingIfNeeded: h & symbolMask) == boundary { continue }
                h = ((h << shift) | Int(symbol)) & historyMask
                let index = Self.denseIndex(h, parameters, highDense, lowDense)
                let count = counts[index] &+ 1
                counts[index] = count
                if _slowPath(count == 0) { carries[index, default: 0] += 1 }
              } else if symbol == skip {
                i += 1
              } else if symbol == outsideAlphabet {
                i += 1
                history = h
                apply(.outsideAlphabet, counts: counts)
                h = history
              } else {
                history = h
                guard let next = decodeNonASCII(bytes, at: i, counts: counts) else {
                  pending.keep(bytes[i...])
                  i = end
                  break
                }
                h = history
                i = next
              }
            }
          }
        }
      }
    }
    history = h
  }

  /// The end of a file ends its last word; the next file starts fresh.
  package mutating func finishFile() {
    if pending.removeAll() { invalidUTF8 += 1 }  // a sequence cut by the end of the file
    var table = dense
    dense = []
    table.withUnsafeMutableBufferPointer { push(Self.boundary, counts: $0) }
    dense = table
    history = 0  // every slot a boundary
  }

  /// The counts so far, carries added back.
  package var counts: NgramCounts {
    // Widened in one pass with no zero fill: `map` appends a cell at a time (slow in the fuzzing
    // build, where the wide alphabet's 66³ cells took most of each run).
    var wide = [UInt64](unsafeUninitializedCapacity: dense.count) { cells, initialised in
      dense.withUnsafeBufferPointer { narrow in
        for index in narrow.indices { cells[index] = UInt64(narrow[index]) }  // UInt64 is trivial: assigning initialises
      }
      initialised = dense.count
    }
    for (index, wraps) in carries { wide[index] += wraps << 16 }
    var result = order == 4 ? NgramCounts(letterCount: decoder.letterCount, quadgrams: wide)
                            : NgramCounts(letterCount: decoder.letterCount, trigrams: wide)
    result.outsideAlphabet = outsideAlphabet
    result.invalidUTF8 = invalidUTF8
    return result
  }

  // MARK: Slow path: non-ASCII

  private static let boundary = Int(Symbol.wordBoundary)

  /// The newest symbol of the history.
  private var last: UInt8 { UInt8(truncatingIfNeeded: history & symbolMask) }

  /// The dense index of the n-gram ending at the newest symbol of `history`.
  private var currentIndex: Int {
    highDense.withUnsafeBufferPointer { high in
      lowDense.withUnsafeBufferPointer { low in Self.denseIndex(history, indexParameters, high, low) }
    }
  }

  @inline(__always)
  private mutating func push(_ symbol: Int, counts: UnsafeMutableBufferPointer<UInt16>) {
    if symbol == Self.boundary && history & symbolMask == Self.boundary { return }
    history = ((history << shift) | symbol) & historyMask
    let index = currentIndex
    counts[index] &+= 1
    if counts[index] == 0 { carries[index, default: 0] += 1 }
  }

  /// Uncounts the newest symbol and drops it from the history (a combining mark follows it).
  private mutating func takeBackLast(counts: UnsafeMutableBufferPointer<UInt16>) {
    let index = currentIndex
    if counts[index] == 0 { carries[index]! -= 1 }  // borrow: the count it takes back wrapped
    counts[index] &-= 1
    history >>= shift
  }

  /// Decodes the UTF-8 sequence at `i` and counts it; returns the index after it, or nil
  /// when the sequence continues in the next chunk.
  private mutating func decodeNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int,
                                       counts: UnsafeMutableBufferPointer<UInt16>) -> Int? {
    guard let (action, length) = decoder.action(ofSequenceIn: bytes, at: i, after: last) else { return nil }
    apply(action, counts: counts)
    return i + length
  }

  private mutating func apply(_ action: LetterDecoder.SymbolAction, counts: UnsafeMutableBufferPointer<UInt16>) {
    switch action {
    case .append(let symbol): push(Int(symbol), counts: counts)
    case .skip: break
    case .outsideAlphabet:
      outsideAlphabet += 1
      push(Self.boundary, counts: counts)
    case .invalidUTF8:
      invalidUTF8 += 1
      push(Self.boundary, counts: counts)
    case .replaceLast(let composed):
      takeBackLast(counts: counts)
      push(Int(composed), counts: counts)
    case .replaceLastOutsideAlphabet:
      takeBackLast(counts: counts)
      outsideAlphabet += 1
      push(Self.boundary, counts: counts)
    }
  }

  /// Completes a sequence split across chunks with the first bytes of `chunk`; returns where
  /// the fast loop should resume.
  private mutating func finishPendingSequence(_ chunk: UnsafeRawBufferPointer) -> Int {
    guard let (action, resume) = pending.complete(with: chunk.bindMemory(to: UInt8.self), decoder: decoder, after: last) else {
      return chunk.count  // still short: a chunk of fewer than 4 bytes
    }
    var table = dense
    dense = []
    defer { dense = table }
    table.withUnsafeMutableBufferPointer { apply(action, counts: $0) }
    return resume
  }
}
