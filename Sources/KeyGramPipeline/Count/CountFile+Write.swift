import KeyGram

extension CountFile {
  /// Writes a count file as a stream: the head at once, then the words one by one in strictly
  /// increasing order (so a merge never holds a whole vocabulary), then the header, whose size,
  /// entry counts and CRC are known only at the end. The file is a temporary one until
  /// `commit()`: a failed or interrupted count leaves the old output, if any, in place.
  package final class Writer {
    package let path: String
    package let letterCount: Int
    private let stream: AtomicStream
    private let order: Int
    private let ngramEntries: UInt64
    private var wordEntries: UInt64 = 0
    private var formEntries: UInt64 = 0
    private var lastForm: [UInt8] = []
    private var pairEntries: UInt64 = 0
    private var lastPair: [UInt8] = []
    private var bodyCRC: UInt32 = 0
    private var bodyLength = 0
    private var pending: [UInt8] = []
    private var lastWord: [UInt8] = []
    private var finished = false

    package init(path: String, head: Head) throws(OutputError) {
      self.path = path
      letterCount = head.alphabet.count
      stream = try AtomicStream(for: path)
      try stream.append([UInt8](repeating: 0, count: CountFile.headerSize))
      order = head.counts.quadgrams.isEmpty ? 3 : 4
      var out = ByteWriter()
      out.string16(head.languageCode)
      for scalar in head.alphabet { out.uint32(scalar.value) }
      out.bytes(head.rulesDigest.bytes)
      for total in [head.counts.outsideAlphabet, head.counts.invalidUTF8, head.counts.frequencyListWords,
                    head.droppedWords, head.storedBytes, head.textBytes] {
        out.uint64(total)
      }
      out.uint32(UInt32(head.inputs.count))
      for input in head.inputs {
        out.string16(input.file.name)
        out.uint64(input.file.size)
        out.bytes(input.file.sha256.bytes)
        out.uint32(input.partCount)
        out.uint32(UInt32(input.parts.count))
        for part in input.parts { out.uint32(part) }
      }
      var entries: UInt64 = 0
      let dense = order == 4 ? head.counts.quadgrams : head.counts.trigrams
      for (index, count) in dense.enumerated() where count > 0 {
        out.uint32(UInt32(index))
        out.uint64(count)
        entries += 1
      }
      ngramEntries = entries
      pending = out.bytes
      try flush()
    }

    /// The next word (letter stream symbols, 1 ... 48 of them), after every word written so far.
    package func add(_ word: some Collection<UInt8>, count: UInt64) throws(OutputError) {
      precondition(!word.isEmpty && word.count <= WordCounts.maximumLength && count > 0, "not a countable word")
      precondition(wordEntries == 0 || lastWord.lexicographicallyPrecedes(word), "words out of order")
      precondition(formEntries == 0, "words after the forms")
      lastWord.removeAll(keepingCapacity: true)
      lastWord.append(contentsOf: word)
      WordEntry.append(word, count: count, to: &pending)
      wordEntries += 1
      if pending.count >= 1 << 16 { try flush() }
    }

    /// The next form evidence key (`FormEvidence`), after every word and every key written so far.
    package func addForm(_ key: [UInt8], count: UInt64) throws(OutputError) {
      precondition((2...FormEvidence.keyLimit).contains(key.count) && count > 0, "not a form evidence key")
      precondition(formEntries == 0 || lastForm.lexicographicallyPrecedes(key), "form evidence out of order")
      precondition(pairEntries == 0, "form evidence after the pairs")
      lastForm = key
      WordEntry.append(key, count: count, to: &pending)
      formEntries += 1
      if pending.count >= 1 << 16 { try flush() }
    }

    /// The next word pair key (`PairCounter`), after everything written so far.
    package func addPair(_ key: [UInt8], count: UInt64) throws(OutputError) {
      precondition((2...PairCounter.keyLimit).contains(key.count) && count > 0, "not a word pair key")
      precondition(pairEntries == 0 || lastPair.lexicographicallyPrecedes(key), "word pairs out of order")
      lastPair = key
      WordEntry.append(key, count: count, to: &pending)
      pairEntries += 1
      if pending.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(OutputError) {
      bodyCRC = pending.withUnsafeBytes { zlib_crc32($0, continuing: bodyCRC) }
      bodyLength += pending.count
      try stream.append(pending)
      pending.removeAll(keepingCapacity: true)
    }

    /// Fills in the header and renames the file into place.
    package func commit() throws(OutputError) {
      try flush()
      var header = ByteWriter()
      header.bytes(CountFile.magic)
      header.uint16(CountFile.majorVersion)
      header.uint16(CountFile.minorVersion)
      header.uint32(UInt32(CountFile.headerSize))
      header.uint32(TableFormat.State.complete.rawValue)
      header.uint32(CountFile.byteOrderMark)
      header.uint64(UInt64(CountFile.headerSize + bodyLength))
      header.uint32(0)  // the CRC, below
      header.uint16(UInt16(letterCount))
      header.uint16(UInt16(order))
      header.uint64(ngramEntries)
      header.uint64(wordEntries)
      header.uint64(formEntries)
      header.uint64(pairEntries)
      precondition(header.bytes.count == CountFile.headerSize)
      let headCRC = header.bytes.withUnsafeBytes { zlib_crc32($0) }
      header.patch32(zlib_crc32Combine(headCRC, bodyCRC, secondLength: bodyLength), at: CountFile.Offset.crc)
      let incomplete = withUnsafeBytes(of: TableFormat.State.incomplete.rawValue.littleEndian, Array.init)
      try stream.finish(head: header.bytes, incompleteMarker: (CountFile.Offset.state, incomplete))
      try stream.commit()
      finished = true
    }
  }

  /// Writes `head`, `words`, `forms` and `pairs` (in any order; they are sorted here) to `path`.
  package static func write(_ head: Head, words: WordCounts, forms: FormEvidence = FormEvidence(),
                            pairs: WordCounts = WordCounts(keyLimit: PairCounter.keyLimit), to path: String) throws {
    let writer = try Writer(path: path, head: head)
    try words.forEachSorted { word, count in try writer.add(word, count: count) }
    try forms.forEachSorted { key, count in try writer.addForm(key, count: count) }
    try pairs.forEachSorted { key, count in try writer.addPair(key, count: count) }
    try writer.commit()
  }
}
