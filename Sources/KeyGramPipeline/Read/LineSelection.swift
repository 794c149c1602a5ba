/// The lines of a corpus that one part of a count takes (`keygram count --part k/n`): those
/// numbered k, k + n, k + 2n, ... (from 0) of every file, each with its newline.
struct LineSelection {
  let index: Int
  let count: Int
  /// The current file's line number at the start of the next chunk.
  private var lineIndex = 0

  init(index: Int, of count: Int) {
    self.index = index
    self.count = count
  }

  /// A new file starts at line 0.
  mutating func startFile() { lineIndex = 0 }

  /// Feeds `body` the selected lines of the next chunk of text, a line cut by the chunk's end
  /// going on in the next; returns the bytes fed.
  mutating func select(_ text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int {
    let bytes = text.bindMemory(to: UInt8.self)
    var start = 0, fed = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let next = end < bytes.count ? end + 1 : end
      if lineIndex % count == index {
        try body(UnsafeRawBufferPointer(rebasing: text[start..<next]))
        fed += next - start
      }
      if end < bytes.count { lineIndex += 1 }
      start = next
    }
    return fed
  }
}
