import KeyGram

/// The `PAIR` section (format 2.3, docs/TableFormat.md) for `WordPairModel`.
extension WordPairModel {
  /// The head (rows, entries, head words, reserved), the first-word ids, the entry offsets, the
  /// backoff weights, the second-word ids and weights, the head words, each block padded as the
  /// format's offsets (`TableFormat.Pairs`) place them.
  package var section: [UInt8] {
    typealias P = TableFormat.Pairs
    let entryCount = rows.reduce(0) { $0 + $1.seconds.count }
    var out = ByteWriter()
    out.uint32(UInt32(rows.count))
    out.uint32(UInt32(entryCount))
    out.uint32(UInt32(headWords.count))
    out.uint32(0)
    for row in rows { out.uint32(row.first) }
    var offset: UInt32 = 0
    out.uint32(offset)
    for row in rows {
      offset += UInt32(row.seconds.count)
      out.uint32(offset)
    }
    for row in rows { out.uint16(row.backoff) }
    zeros(to: P.secondWordsOffset(rows: rows.count), in: &out)
    for row in rows { for second in row.seconds { out.uint32(second) } }
    for row in rows { for weight in row.weights { out.uint16(weight) } }
    zeros(to: P.headWordsOffset(rows: rows.count, entries: entryCount), in: &out)
    for word in headWords { out.uint32(word) }
    zeros(to: P.length(rows: rows.count, entries: entryCount, headWords: headWords.count), in: &out)
    return out.bytes
  }

  private func zeros(to offset: Int, in out: inout ByteWriter) {
    precondition(out.bytes.count <= offset, "the PAIR section's blocks overran their offsets")
    out.bytes([UInt8](repeating: 0, count: offset - out.bytes.count))
  }
}
