/// The beam's fixed storage. Step t (0 ... `capacity`) holds the partial words that have used
/// the first t touches: `width` slots for those that skipped no letter since their last touch,
/// then `omissionWidth` for those that just skipped one. Each slot is a partial word: its
/// lexicon node, its history node, its parent slot, how it got there, its lexicon evidence,
/// its history count, its touch score and its total score. Structure of arrays, so a step is a
/// few cache lines per field.
final class Beam {
  let width: Int
  let omissionWidth: Int
  /// Slots per step.
  let stride: Int
  let lexiconNode: Int32Buffer
  let historyNode: Int32Buffer
  let parent: Int32Buffer
  /// Bits 0–15 the letter (0xFFFF: none; two letters, a byte each, for a transposition and for
  /// a backspace's key-tap letters, the second 0xFF for one), 16–18 the move (`DecoderMove`),
  /// 19–26 the edits used: a skipped letter, an extra touch, a misspelled letter, a
  /// transposition, a key tap taken for a letter, a second skipped letter, a second extra touch,
  /// and the misspelled letter a consonant for one that sounds alike.
  let info: Int32Buffer
  /// log of the lexicon evidence: Π share / shareTotal along the path (−∞ off the lexicon).
  let logEvidence: FloatBuffer
  /// How many learned words pass through the history node (0 off the history).
  let historyCount: FloatBuffer
  /// Σ touch log-likelihoods − edit costs.
  let touchScore: FloatBuffer
  /// touchScore + β · log P(prefix): the beam's ranking.
  let score: FloatBuffer
  let mainCount: IntBuffer
  let omissionCount: IntBuffer
  /// The min-heap of the step being built (slot indices, worst on top).
  let heap: IntBuffer
  /// A step's slots best first (`sortSlots`), so its expansion stops at the first partial
  /// word that cannot beat the heap it fills.
  let order: IntBuffer
  /// The scores of `order`'s slots while it is sorted, so the sort reads no slot twice.
  let orderScore: FloatBuffer
  /// Step `mainOrderStep`'s main slots best first and their scores, as the skip step sorted
  /// them: the next letter step merges its skip slots into them instead of sorting all again.
  private let mainOrder: IntBuffer
  private let mainOrderScore: FloatBuffer
  private var mainOrderStep = -1
  var heapCount = 0
  /// Steps 0 ..< readySteps are final.
  var readySteps = 0
  var historyVersion: UInt32 = 0
  var historyGeneration: UInt32 = 0
  var historyWords: Float = -1

  /// Bits 16–18 of `info`: the move that made the slot (`DecoderMove`).
  static let kindRoot: Int32 = DecoderMove.start.rawValue << 16
  static let kindMatch: Int32 = DecoderMove.letter.rawValue << 16
  static let kindOmission: Int32 = DecoderMove.skippedLetter.rawValue << 16
  static let kindExtra: Int32 = DecoderMove.extraTouch.rawValue << 16
  static let kindMisspelled: Int32 = DecoderMove.misspelledLetter.rawValue << 16
  static let kindTransposed: Int32 = DecoderMove.transposedLetters.rawValue << 16
  static let kindKeyTap: Int32 = DecoderMove.keyTapLetters.rawValue << 16
  static let kindMask: Int32 = 7 << 16
  static let skippedLetter: Int32 = 1 << 19
  static let usedExtraTouch: Int32 = 1 << 20
  static let misspelledLetter: Int32 = 1 << 21
  static let transposedLetters: Int32 = 1 << 22
  static let usedKeyTap: Int32 = 1 << 23
  static let secondSkippedLetter: Int32 = 1 << 24
  static let secondExtraTouch: Int32 = 1 << 25
  static let alikeConsonant: Int32 = 1 << 26
  /// The edits a slot's word has used, which its children inherit.
  static let editFlags: Int32 = skippedLetter | usedExtraTouch | misspelledLetter | transposedLetters | usedKeyTap | secondSkippedLetter | secondExtraTouch | alikeConsonant
  /// A key-tap move's second letter when it typed one letter only.
  static let noSecondLetter: Int32 = 0xFF
  static let noLetter: Int32 = 0xFFFF

  init(width: Int, omissionWidth: Int, steps: Int) {
    self.width = width
    self.omissionWidth = omissionWidth
    stride = width + omissionWidth
    let slots = stride * steps
    lexiconNode = Int32Buffer(repeating: -1, count: slots)
    historyNode = Int32Buffer(repeating: -1, count: slots)
    parent = Int32Buffer(repeating: -1, count: slots)
    info = Int32Buffer(repeating: 0, count: slots)
    logEvidence = FloatBuffer(repeating: 0, count: slots)
    historyCount = FloatBuffer(repeating: 0, count: slots)
    touchScore = FloatBuffer(repeating: 0, count: slots)
    score = FloatBuffer(repeating: 0, count: slots)
    mainCount = IntBuffer(repeating: 0, count: steps)
    omissionCount = IntBuffer(repeating: 0, count: steps)
    heap = IntBuffer(repeating: 0, count: Swift.max(width, omissionWidth, 1))
    order = IntBuffer(repeating: 0, count: stride)
    orderScore = FloatBuffer(repeating: 0, count: stride)
    mainOrder = IntBuffer(repeating: 0, count: Swift.max(width, 1))
    mainOrderScore = FloatBuffer(repeating: 0, count: Swift.max(width, 1))
  }

  /// Bytes of fixed memory the beam holds.
  var bytes: Int { lexiconNode.count * 32 + mainCount.count * 16 + heap.count * 8 + order.count * 12 + mainOrder.count * 12 }

  /// The slot of step `step`'s `index`-th partial word (main slots, then skip slots).
  @inline(__always)
  func slot(step: Int, index: Int) -> Int {
    step * stride + (index < mainCount[step] ? index : width + index - mainCount[step])
  }

  /// Ends the heap of step `step`'s main slots: they are final, and any order kept for the
  /// ones before is dropped.
  func endMainHeap(step: Int) {
    mainCount[step] = heapCount
    if mainOrderStep == step { mainOrderStep = -1 }
  }

  /// Puts step `step`'s main slots, and its skip slots when `withSkipSlots`, into `order`, best
  /// score first (ties in slot order, main slots first); returns how many. Insertion sort: a
  /// step holds at most `stride` slots; the main slots' order is kept for the merge below.
  func sortSlots(step: Int, withSkipSlots: Bool) -> Int {
    let mains = mainCount[step]
    guard withSkipSlots else {
      let count = sortSlots(step: step, indices: 0..<mains)
      for index in 0..<count {
        mainOrder[index] = order[index]
        mainOrderScore[index] = orderScore[index]
      }
      mainOrderStep = step
      return count
    }
    guard mainOrderStep == step else { return sortSlots(step: step, indices: 0..<(mains + omissionCount[step])) }
    // The skip slots sorted at the front, then merged with the kept main order from the back.
    var skip = sortSlots(step: step, indices: mains..<(mains + omissionCount[step])) - 1
    var main = mains - 1
    var position = mains + skip
    while main >= 0 {
      if skip >= 0 && orderScore[skip] <= mainOrderScore[main] {
        order[position] = order[skip]
        orderScore[position] = orderScore[skip]
        skip -= 1
      } else {
        order[position] = mainOrder[main]
        orderScore[position] = mainOrderScore[main]
        main -= 1
      }
      position -= 1
    }
    return mains + omissionCount[step]
  }

  /// Puts the first `count` skip slots of `step`, whose heap is still being built, into
  /// `order`, best score first; returns how many.
  func sortSkipSlots(step: Int, count: Int) -> Int {
    sortSlots(step: step, indices: mainCount[step]..<(mainCount[step] + count))
  }

  private func sortSlots(step: Int, indices: Range<Int>) -> Int {
    var count = 0
    for index in indices {
      let slot = slot(step: step, index: index)
      let slotScore = score[slot]
      var position = count
      while position > 0 && orderScore[position - 1] < slotScore {
        order[position] = order[position - 1]
        orderScore[position] = orderScore[position - 1]
        position -= 1
      }
      order[position] = slot
      orderScore[position] = slotScore
      count += 1
    }
    return count
  }

  /// Keeps the steps that the first `touches` touches decide.
  func truncate(toTouches touches: Int) { readySteps = Swift.min(readySteps, touches + 1) }

  func invalidate() { readySteps = 0 }

  func beginHeap() { heapCount = 0 }

  /// The worst score in a full heap of `capacity`, or −∞ while it has room.
  @inline(__always)
  func threshold(capacity: Int) -> Float { heapCount < capacity ? -.infinity : score[heap[0]] }

  /// Puts a partial word into the heap of `capacity` slots from `base`, evicting the worst if
  /// full; a word no better than the worst of a full heap is dropped.
  @inline(__always)
  func insert(base: Int, capacity: Int, lexicon: Int32, history: Int32, parent from: Int, info flags: Int32,
              logEvidence evidence: Float, historyCount count: Float, touchScore touches: Float, score total: Float) {
    guard capacity > 0 else { return }
    let slot: Int
    if heapCount < capacity {
      slot = base + heapCount
    } else {
      guard total > score[heap[0]] else { return }
      slot = heap[0]
    }
    lexiconNode[slot] = lexicon
    historyNode[slot] = history
    parent[slot] = Int32(truncatingIfNeeded: from)
    info[slot] = flags
    logEvidence[slot] = evidence
    historyCount[slot] = count
    touchScore[slot] = touches
    score[slot] = total
    if heapCount < capacity {
      heap[heapCount] = slot
      heapCount += 1
      siftUp(heapCount - 1)
    } else {
      siftDown(0)
    }
  }

  @inline(__always)
  private func siftUp(_ start: Int) {
    var child = start
    let moving = heap[child], movingScore = score[moving]
    while child > 0 {
      let parentIndex = (child - 1) / 2
      guard score[heap[parentIndex]] > movingScore else { break }
      heap[child] = heap[parentIndex]
      child = parentIndex
    }
    heap[child] = moving
  }

  private func siftDown(_ start: Int) {
    var index = start
    let moving = heap[index], movingScore = score[moving]
    while true {
      let left = 2 * index + 1
      guard left < heapCount else { break }
      let right = left + 1
      let smaller = right < heapCount && score[heap[right]] < score[heap[left]] ? right : left
      guard score[heap[smaller]] < movingScore else { break }
      heap[index] = heap[smaller]
      index = smaller
    }
    heap[index] = moving
  }
}
