/// The counting stage: feeds decompressed bytes through the decoder's classes and counts
/// 4-grams of the symbol stream in one pass (trigrams for alphabets over 63 letters, whose
/// tables cannot hold 4-gram rows: a `QUAD` mask has 64 bits). The byte loop is the
/// builder's hot path: one class lookup, a shift, two small-table lookups and one increment
/// per ASCII byte, with the symbol history rolled along in a register and carried across chunks.
public struct LetterCounter {
  public let decoder: LetterDecoder
  /// 4, or 3 for alphabets over `TableFormat.Quadgram.maximumLetterCount` letters.
  public let order: Int
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
  /// as UInt16 so the English 4-gram table is 1 MB and stays in L2 cache (with UInt64 the
  /// 203 MB benchmark build took 0.86 s, not 0.69 s); a count that wraps carries into `carries`.
  private var counts: [UInt16]
  /// How many times each count has wrapped (rare: every 65,536 occurrences of a 4-gram).
  private var carries: [Int: UInt64] = [:]
  private var history = 0
  /// Bytes of a UTF-8 sequence split across chunks.
  private var pending: [UInt8] = []
  public private(set) var outsideAlphabet: UInt64 = 0
  public private(set) var invalidUTF8: UInt64 = 0

  public init(decoder: LetterDecoder) {
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
    counts = [UInt16](repeating: 0, count: order == 4 ? width * width * width * width : width * width * width)
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
  public mutating func consume(_ chunk: UnsafeRawBufferPointer) {
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
    var h = history
    // The table moves out of self for the loop, so the slow path may mutate self meanwhile.
    var table = counts
    counts = []
    defer { counts = table }
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
                // A boundary after a boundary is no new event.
                if symbol | UInt8(truncatingIfNeeded: h & symbolMask) == 0 { continue }
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
                apply(.outsideAlphabet, mark: " ", counts: counts)
                h = history
              } else {
                history = h
                guard let next = decodeNonASCII(bytes, at: i, counts: counts) else {
                  pending = Array(bytes[i...])
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
  public mutating func finishFile() {
    if !pending.isEmpty {
      invalidUTF8 += 1
      pending.removeAll()
    }
    var table = counts
    counts = []
    table.withUnsafeMutableBufferPointer { push(0, counts: $0) }
    counts = table
    history = 0
  }

  /// The counts so far, in the dense layout, carries added back.
  public var ngramCounts: NgramCounts {
    var wide = counts.map(UInt64.init)
    for (index, wraps) in carries { wide[index] += wraps << 16 }
    var result = order == 4 ? NgramCounts(letterCount: decoder.letterCount, quadgrams: wide)
                            : NgramCounts(letterCount: decoder.letterCount, trigrams: wide)
    result.outsideAlphabet = outsideAlphabet
    result.invalidUTF8 = invalidUTF8
    return result
  }

  // MARK: Slow path: non-ASCII

  /// The dense index of the n-gram ending at the newest symbol of `history`.
  private var currentIndex: Int {
    highDense.withUnsafeBufferPointer { high in
      lowDense.withUnsafeBufferPointer { low in Self.denseIndex(history, indexParameters, high, low) }
    }
  }

  @inline(__always)
  private mutating func push(_ symbol: Int, counts: UnsafeMutableBufferPointer<UInt16>) {
    if symbol == 0 && history & symbolMask == 0 { return }
    history = ((history << shift) | symbol) & historyMask
    let index = currentIndex
    counts[index] &+= 1
    if counts[index] == 0 { carries[index, default: 0] += 1 }
  }

  /// Decodes the UTF-8 sequence at `i` and counts it; returns the index after it, or nil
  /// when the sequence continues in the next chunk.
  private mutating func decodeNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int,
                                       counts: UnsafeMutableBufferPointer<UInt16>) -> Int? {
    switch UTF8Sequence.decode(bytes, at: i) {
    case .needMoreBytes:
      return nil
    case .invalid(let length):
      invalidUTF8 += 1
      push(0, counts: counts)
      return i + length
    case .scalar(let scalar, let length):
      apply(decoder.scalarClass(scalar), mark: scalar, counts: counts)
      return i + length
    }
  }

  private mutating func apply(_ scalarClass: LetterDecoder.ScalarClass, mark: Unicode.Scalar,
                              counts: UnsafeMutableBufferPointer<UInt16>) {
    switch scalarClass {
    case .letter(let symbol): push(Int(symbol), counts: counts)
    case .boundary: push(0, counts: counts)
    case .skip: break
    case .outsideAlphabet:
      outsideAlphabet += 1
      push(0, counts: counts)
    case .combiningMark:
      // NFD: take back the letter before the mark and count the composed letter instead.
      let last = history & symbolMask
      guard last != 0 else { return }
      let index = currentIndex
      if counts[index] == 0 { carries[index]! -= 1 }  // borrow: the count it takes back wrapped
      counts[index] &-= 1
      history >>= shift
      if let composed = decoder.compose(UInt8(last), with: mark) {
        push(Int(composed), counts: counts)
      } else {
        outsideAlphabet += 1
        push(0, counts: counts)
      }
    }
  }

  /// Completes a sequence split across chunks with the first bytes of `chunk`; returns where
  /// the fast loop should resume.
  private mutating func finishPendingSequence(_ chunk: UnsafeRawBufferPointer) -> Int {
    let taken = min(4 - pending.count, chunk.count)
    let joined = pending + Array(chunk.bindMemory(to: UInt8.self).prefix(taken))
    let previous = pending.count
    pending.removeAll()
    var table = counts
    counts = []
    defer { counts = table }
    return joined.withUnsafeBufferPointer { bytes in
      table.withUnsafeMutableBufferPointer { counts in
        switch UTF8Sequence.decode(bytes, at: 0) {
        case .needMoreBytes:
          pending = joined  // still short: a chunk of fewer than 4 bytes
          return chunk.count
        case .invalid(let length):
          invalidUTF8 += 1
          push(0, counts: counts)
          return max(0, length - previous)
        case .scalar(let scalar, let length):
          apply(decoder.scalarClass(scalar), mark: scalar, counts: counts)
          return length - previous
        }
      }
    }
  }
}

/// Strict UTF-8 decoding of one sequence (no overlongs, surrogates or values past U+10FFFF).
enum UTF8Sequence {
  enum Result {
    case scalar(Unicode.Scalar, length: Int)
    /// An ill-formed sequence; `length` is its maximal subpart, at least 1.
    case invalid(length: Int)
    case needMoreBytes
  }

  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Result {
    let lead = bytes[i]
    let length: Int
    var value: UInt32
    var low: UInt8 = 0x80, high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0: length = 3; value = 0; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xED: length = 3; value = 0xD; high = 0x9F
    case 0xF0: length = 4; value = 0; low = 0x90
    case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
    case 0xF4: length = 4; value = 4; high = 0x8F
    default: return .invalid(length: 1)
    }
    for k in 1..<length {
      guard i + k < bytes.count else { return .needMoreBytes }
      let byte = bytes[i + k]
      let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      guard byte >= lo && byte <= hi else { return .invalid(length: k) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return .scalar(Unicode.Scalar(value)!, length: length)
  }
}
