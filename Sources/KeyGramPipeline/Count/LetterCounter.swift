/// The counter for running text: feeds decompressed bytes through the decoder's classes and
/// counts 4-grams of the symbol stream in one pass (trigrams for alphabets over 63 letters, whose
/// tables cannot hold 4-gram rows: a `QUAD` mask has 64 bits). The byte loop is the
/// builder's hot path: per ASCII byte one class lookup, a shift into the symbol history held in
/// a register (carried across chunks), a cell index and one 32-bit increment, with no branch
/// that depends on the text except for rare bytes (non-ASCII, apostrophes, foreign letters)
/// and no overflow test: the cells are folded into 64-bit counts before any could wrap.
package struct LetterCounter: Counter {
  package let decoder: LetterDecoder
  /// 4, or 3 for alphabets over `TableFormat.Quadgram.maximumLetterCount` letters.
  package let order: Int
  /// Bits per symbol in the rolling history.
  private let shift: Int
  private let symbolMask: UInt
  /// How a history's newest `order` symbols map to their cell.
  private let layout: CellLayout
  /// The counts since the last fold, one cell per n-gram in `layout`'s order (the English 4-gram
  /// cells are 4 MB). Each holds a net change as an Int32 bit pattern: a take-back right after
  /// a fold leaves −1. A 16-bit cell with a carry test on every byte measured 1.4× slower.
  private var cells: [UInt32]
  /// The counts up to the last fold, in the dense layout of `NgramCounts`; empty until then.
  private var folded: [UInt64] = []
  /// Bytes consumed since the last fold. A byte changes a cell by at most 3 (a final form
  /// settled before a boundary), so `foldInterval` bytes keep every cell inside Int32.
  private var bytesSinceFold = 0
  /// How many bytes may pass between folds; a test makes it small to fold often.
  package let foldInterval: Int
  /// The newest symbols, `shift` bits each, newest lowest; bits above `order` symbols are stale.
  private var history: UInt = 0
  /// Bytes of a UTF-8 sequence split across chunks.
  private var pending = SplitSequence()
  /// The final form (ς) the newest letter (σ, typed as Σ) takes if the word ends before
  /// another letter; 0 when none is awaited.
  private var awaitingFinalForm: UInt8 = 0
  /// The final form of the letter before the newest (σ, typed as Σ), settled as σ because the
  /// newest is a letter: if a mark turns that letter into one outside the alphabet, the word
  /// ended after all (ς). 0 when none.
  private var finalFormBehindLast: UInt8 = 0
  package private(set) var outsideAlphabet: UInt64 = 0
  package private(set) var invalidUTF8: UInt64 = 0

  package init(decoder: LetterDecoder, foldInterval: Int = 1 << 29) {
    precondition(foldInterval > 0 && foldInterval <= 1 << 29, "a fold interval over 2^29 bytes could overflow a cell")
    self.decoder = decoder
    self.foldInterval = foldInterval
    let width = decoder.letterCount + 1
    order = NgramCounts.countsQuadgrams(letterCount: decoder.letterCount) ? 4 : 3
    var bits = 1
    while (1 << bits) < width { bits += 1 }
    shift = bits
    symbolMask = (1 << bits) - 1
    layout = CellLayout(order: order, bits: bits, width: width)
    cells = [UInt32](repeating: 0, count: layout.cellCount)
  }

  /// Where the n-gram ending at the newest symbol of a history is counted. Alphabets of up to 31
  /// letters (English, German) use the history's low bits themselves (`packed`, 2²⁰ cells for
  /// 4-grams): no arithmetic beyond a mask. Wider ones would leave most of 2²⁴ such cells
  /// unused, so they map symbol pairs to dense indices through two small tables (`dense`).
  private struct CellLayout {
    let order: Int, bits: Int, width: Int
    /// Packed: the mask of `order` symbols; dense: the mask of the newest symbols after the oldest pair.
    let lowMask: UInt
    /// Dense only: a bit-packed symbol pair (a << bits | b) → a · width + b; the newest symbols
    /// bit-packed → their dense index (the pair table again for 4-grams).
    let highDense: [Int32], lowDense: [Int32]
    let isPacked: Bool

    init(order: Int, bits: Int, width: Int) {
      self.order = order
      self.bits = bits
      self.width = width
      isPacked = order * bits <= 20
      let pairMask = (1 << (2 * bits)) - 1
      var densePair = [Int32](repeating: 0, count: isPacked ? 0 : 1 << (2 * bits))
      if !isPacked { for a in 0..<width { for b in 0..<width { densePair[a << bits | b] = Int32(a * width + b) } } }
      highDense = densePair
      lowDense = isPacked || order == 4 ? densePair : (0..<(1 << bits)).map { Int32($0) }
      lowMask = isPacked ? (1 << (order * bits)) - 1 : UInt(order == 4 ? pairMask : (1 << bits) - 1)
    }

    var cellCount: Int { isPacked ? 1 << (order * bits) : (order == 4 ? width * width * width * width : width * width * width) }

    /// The cell of the newest `order` symbols of history `h`, the dense way: the oldest pair's
    /// index times the rest's count, plus the rest's index.
    @inline(__always)
    func denseCell(_ h: UInt, _ high: UnsafeBufferPointer<Int32>, _ low: UnsafeBufferPointer<Int32>) -> Int {
      Int(high[Int(truncatingIfNeeded: h >> UInt((order - 2) * bits)) & ((1 << (2 * bits)) - 1)]) &* (order == 4 ? width * width : width)
        &+ Int(low[Int(truncatingIfNeeded: h & lowMask)])
    }

    /// The dense index (the layout of `NgramCounts`) of each cell, for packed layouts.
    func denseIndex(ofPackedCell cell: Int) -> Int? {
      var index = 0
      for position in (0..<order).reversed() {
        let symbol = (cell >> (position * bits)) & ((1 << bits) - 1)
        guard symbol < width else { return nil }
        index = index * width + symbol
      }
      return index
    }
  }

  /// Counts the symbols in `chunk`, continuing from where the last chunk stopped.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < chunk.count {
      if bytesSinceFold == foldInterval { fold() }
      let piece = min(chunk.count - offset, foldInterval - bytesSinceFold)
      consumePiece(UnsafeRawBufferPointer(rebasing: chunk[offset..<offset + piece]))
      bytesSinceFold += piece
      offset += piece
    }
  }

  /// Adds the cells to `folded` and clears them.
  private mutating func fold() {
    if folded.isEmpty { folded = [UInt64](repeating: 0, count: denseCount) }
    addCells(to: &folded)
    for index in cells.indices { cells[index] = 0 }
    bytesSinceFold = 0
  }

  private var denseCount: Int {
    let width = decoder.letterCount + 1
    return order == 4 ? width * width * width * width : width * width * width
  }

  /// Adds each cell's net change to its dense count (wrapping: a negative change undoes part of
  /// an earlier fold).
  private func addCells(to wide: inout [UInt64]) {
    cells.withUnsafeBufferPointer { cells in
      wide.withUnsafeMutableBufferPointer { wide in
        for cell in cells.indices where cells[cell] != 0 {
          let index = layout.isPacked ? layout.denseIndex(ofPackedCell: cell)! : cell
          wide[index] &+= UInt64(bitPattern: Int64(Int32(bitPattern: cells[cell])))
        }
      }
    }
  }

  private mutating func consumePiece(_ chunk: UnsafeRawBufferPointer) {
    var start = 0
    if !pending.isEmpty { start = finishPendingSequence(chunk) }
    // The cells move out of self for the loop, so the slow path may mutate self meanwhile.
    var table = cells
    cells = []
    defer { cells = table }
    let bytes = chunk.bindMemory(to: UInt8.self)
    table.withUnsafeMutableBufferPointer { counts in
      layout.highDense.withUnsafeBufferPointer { high in
        layout.lowDense.withUnsafeBufferPointer { low in
          if layout.isPacked && shift == 5 {
            // Up to 31 letters, 4-grams (English, German): every constant known to the compiler.
            countRun(bytes, from: start, counts: counts, shift: 5) { Int(truncatingIfNeeded: $0 & 0xF_FFFF) }
          } else if layout.isPacked {
            let mask = layout.lowMask
            countRun(bytes, from: start, counts: counts, shift: UInt(shift)) { Int(truncatingIfNeeded: $0 & mask) }
          } else {
            let layout = self.layout
            countRun(bytes, from: start, counts: counts, shift: UInt(shift)) { layout.denseCell($0, high, low) }
          }
        }
      }
    }
  }

  /// The byte loop, specialised for each layout's `cell` function, a byte at a time (reading four
  /// at once behind one test measured no faster: the cells' memory, not the loop, sets the pace).
  @inline(__always)
  private mutating func countRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, counts: UnsafeMutableBufferPointer<UInt32>,
                                 shift: UInt, cell: (UInt) -> Int) {
    let letterLimit = UInt8(decoder.letterCount)
    // Locals, so the optimiser keeps them in registers: stores through `counts` could
    // otherwise alias self and force a reload of every field on every byte.
    let symbolMask: UInt = (1 << shift) - 1
    var h = history
    // The newest symbol, as `h`'s low bits hold it; kept apart so the test for a repeated
    // boundary does not wait for the shift of the byte before.
    var last = UInt8(truncatingIfNeeded: h & symbolMask)
    // While a capital's final form is open every byte takes the slow path, which settles it.
    var awaiting = awaitingFinalForm | finalFormBehindLast != 0
    /// Pushes one symbol and counts the n-gram it ends. A boundary after a boundary is no new
    /// event: it shifts by 0 and adds 0 (a branch there would mispredict on every ", ").
    @inline(__always) func count(_ symbol: UInt8) {
      let isRepeat = symbol | last == Symbol.wordBoundary
      last = symbol
      h = h &<< (isRepeat ? 0 : shift) | UInt(symbol)
      let index = cell(h)
      counts[index] &+= isRepeat ? 0 : 1
    }
    decoder.byteClasses.withUnsafeBufferPointer { classes in
      var i = start
      let end = bytes.count
      while i < end {
        let symbol = classes[Int(bytes[i])]
        if _fastPath(!awaiting) {
          if symbol <= letterLimit {
            i &+= 1
            count(symbol)
            continue
          } else if symbol == LetterDecoder.ByteClass.skip {
            i += 1
            continue
          }
        }
        // The slow path works on self: hand it the history, take back what it leaves.
        history = h
        if symbol <= letterLimit {
          i += 1
          apply(.append(symbol), counts: counts)
        } else if symbol == LetterDecoder.ByteClass.skip {
          i += 1
        } else if symbol == LetterDecoder.ByteClass.outsideAlphabet {
          i += 1
          apply(.outsideAlphabet, counts: counts)
        } else if let next = decodeNonASCII(bytes, at: i, counts: counts) {
          i = next
        } else {
          pending.keep(bytes[i...])
          i = end
        }
        h = history
        last = UInt8(truncatingIfNeeded: h & symbolMask)
        awaiting = awaitingFinalForm | finalFormBehindLast != 0
      }
    }
    history = h
  }

  /// The end of a file ends its last word; the next file starts fresh.
  package mutating func finishFile() {
    if pending.removeAll() { invalidUTF8 += 1 }  // a sequence cut by the end of the file
    var table = cells
    cells = []
    table.withUnsafeMutableBufferPointer { apply(.append(Symbol.wordBoundary), counts: $0) }
    cells = table
    history = 0  // every slot a boundary
  }

  /// The counts so far, the folded ones and the cells', in the dense layout of `NgramCounts`.
  package var counts: NgramCounts {
    var wide = folded.isEmpty ? [UInt64](repeating: 0, count: denseCount) : folded
    addCells(to: &wide)
    var result = order == 4 ? NgramCounts(letterCount: decoder.letterCount, quadgrams: wide)
                            : NgramCounts(letterCount: decoder.letterCount, trigrams: wide)
    result.outsideAlphabet = outsideAlphabet
    result.invalidUTF8 = invalidUTF8
    return result
  }

  // MARK: Slow path: non-ASCII

  /// The newest symbol of the history.
  private var last: UInt8 { UInt8(truncatingIfNeeded: history & symbolMask) }

  /// The cell of the n-gram ending at the newest symbol of `history`.
  private var currentCell: Int {
    if layout.isPacked { return Int(truncatingIfNeeded: history & layout.lowMask) }
    return layout.highDense.withUnsafeBufferPointer { high in
      layout.lowDense.withUnsafeBufferPointer { low in layout.denseCell(history, high, low) }
    }
  }

  @inline(__always)
  private mutating func push(_ symbol: UInt8, counts: UnsafeMutableBufferPointer<UInt32>) {
    if symbol == Symbol.wordBoundary && last == Symbol.wordBoundary { return }
    history = history &<< UInt(shift) | UInt(symbol)
    counts[currentCell] &+= 1
  }

  /// Uncounts the newest symbol and drops it from the history (a combining mark follows it).
  private mutating func takeBackLast(counts: UnsafeMutableBufferPointer<UInt32>) {
    counts[currentCell] &-= 1  // −1 when the count it takes back was folded
    history >>= shift
  }

  /// Decodes the UTF-8 sequence at `i` and counts it; returns the index after it, or nil
  /// when the sequence continues in the next chunk.
  private mutating func decodeNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int,
                                       counts: UnsafeMutableBufferPointer<UInt32>) -> Int? {
    guard let (action, length) = decoder.action(ofSequenceIn: bytes, at: i, after: last) else { return nil }
    apply(action, counts: counts)
    return i + length
  }

  private mutating func apply(_ action: LetterDecoder.SymbolAction, counts: UnsafeMutableBufferPointer<UInt32>) {
    let behind = finalFormBehindLast
    finalFormBehindLast = 0
    if awaitingFinalForm != 0 { settleFinalForm(before: action, counts: counts) }
    switch action {
    case .append(let symbol): push(symbol, counts: counts)
    case .appendAwaitingFinalForm(let symbol, let finalForm):
      push(symbol, counts: counts)
      awaitingFinalForm = finalForm
    case .skip: finalFormBehindLast = behind
    case .outsideAlphabet:
      outsideAlphabet += 1
      push(Symbol.wordBoundary, counts: counts)
    case .invalidUTF8:
      invalidUTF8 += 1
      push(Symbol.wordBoundary, counts: counts)
    case .replaceLast(let composed):
      takeBackLast(counts: counts)
      push(composed, counts: counts)
      finalFormBehindLast = behind  // still a letter after the capital
    case .replaceLastOutsideAlphabet:
      takeBackLast(counts: counts)
      if behind != 0 {  // the capital's word ends here after all
        takeBackLast(counts: counts)
        push(behind, counts: counts)
      }
      outsideAlphabet += 1
      push(Symbol.wordBoundary, counts: counts)
    }
  }

  /// Settles an awaited final form before `action`: the word ends (ς), goes on (σ), or has
  /// not yet said (an invisible character).
  private mutating func settleFinalForm(before action: LetterDecoder.SymbolAction, counts: UnsafeMutableBufferPointer<UInt32>) {
    switch action {
    case .skip: return
    case .append(Symbol.wordBoundary), .outsideAlphabet, .invalidUTF8:
      takeBackLast(counts: counts)
      push(awaitingFinalForm, counts: counts)
    case .append, .appendAwaitingFinalForm:
      finalFormBehindLast = awaitingFinalForm  // σ for now: a mark may yet take the next letter out
    case .replaceLast, .replaceLastOutsideAlphabet: break
    }
    awaitingFinalForm = 0
  }

  /// Completes a sequence split across chunks with the first bytes of `chunk`; returns where
  /// the fast loop should resume.
  private mutating func finishPendingSequence(_ chunk: UnsafeRawBufferPointer) -> Int {
    guard let (action, resume) = pending.complete(with: chunk.bindMemory(to: UInt8.self), decoder: decoder, after: last) else {
      return chunk.count  // still short: a chunk of fewer than 4 bytes
    }
    var table = cells
    cells = []
    defer { cells = table }
    table.withUnsafeMutableBufferPointer { apply(action, counts: $0) }
    return resume
  }
}
