/// Cuts chunks of text into whole lines for the counters that read a line at a time (so their
/// counts are the same whatever the chunks or `--part`): a line cut by a chunk's end waits for
/// the next chunk, and the file's last line needs no newline.
struct LineBuffer {
  private var partialLine: [UInt8] = []

  /// Calls `line` with each complete line of `chunk` (without its newline).
  mutating func consume(_ chunk: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void) {
    var lineStart = 0
    while let index = system_firstIndex(of: UInt8(ascii: "\n"), in: chunk, from: lineStart) {
      if partialLine.isEmpty {
        line(UnsafeRawBufferPointer(rebasing: chunk[lineStart..<index]))
      } else {
        partialLine += chunk[lineStart..<index]
        let whole = partialLine
        partialLine.removeAll(keepingCapacity: true)
        whole.withUnsafeBytes { line($0) }
      }
      lineStart = index + 1
    }
    partialLine += chunk[lineStart...]
  }

  /// Calls `line` with the file's last line if it had no newline.
  mutating func finishFile(line: (UnsafeRawBufferPointer) -> Void) {
    let last = partialLine
    partialLine.removeAll()
    if !last.isEmpty { last.withUnsafeBytes { line($0) } }
  }
}
