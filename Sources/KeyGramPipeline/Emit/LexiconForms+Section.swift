import KeyGram

/// The `FORM` section (format 2.2, docs/TableFormat.md) for `LexiconForms`.
extension LexiconForms {
  /// The head (entry count, apostrophe, pool length, reserved), the node ids, the pool offsets,
  /// the pool, zero padding to a multiple of 16.
  package var section: [UInt8] {
    var pool: [UInt8] = []
    var offsets: [UInt32] = [0]
    for entry in entries {
      for form in entry.forms { pool += form.encoded }
      offsets.append(UInt32(pool.count))
    }
    var out = ByteWriter()
    out.uint32(UInt32(entries.count))
    out.uint32(apostrophe.value)
    out.uint32(UInt32(pool.count))
    out.uint32(0)
    for entry in entries { out.uint32(entry.node) }
    for offset in offsets { out.uint32(offset) }
    out.bytes(pool)
    let length = TableFormat.WrittenForms.length(entryCount: entries.count, poolLength: pool.count)
    out.bytes([UInt8](repeating: 0, count: length - out.bytes.count))
    return out.bytes
  }
}
