@_spi(Testing) import KeyGram

/// Tables with written forms (format 2.2 `FORM`) made by hand: the fixture table's sections with
/// its `LEXI` replaced by a trie over the words given and a `FORM` section written from their
/// forms, packed and checksummed as `TableImage` packs them: each form is one the test chose,
/// whatever a corpus would give.
enum FormTable {
  /// A word of the lexicon: its letters (lowercase, no apostrophes), its count, and its forms
  /// best first as written ("don't", "Haus"; none for a plain word), each with its share of 255.
  struct Word {
    let letters: String
    let count: UInt64
    let forms: [(share: UInt8, text: String)]
    init(_ letters: String, _ count: UInt64, _ forms: [(share: UInt8, text: String)] = []) {
      self.letters = letters
      self.count = count
      self.forms = forms
    }
    init(_ letters: String, _ count: UInt64, form: String) { self.init(letters, count, [(255, form)]) }
  }

  /// The words the decoder tests use: common plain words, and words written otherwise.
  static let words: [Word] = [
    Word("the", 5000), Word("and", 3000), Word("hat", 400), Word("cat", 500), Word("house", 300),
    Word("haus", 800, form: "Haus"), Word("dont", 900, form: "don't"), Word("youre", 700, form: "you're"),
    Word("i", 4000, form: "I"), Word("its", 1200, [(150, "its"), (105, "it's")]), Word("nasa", 200, form: "NASA"),
    Word("iphone", 100, form: "iPhone"), Word("bill", 300, [(170, "Bill"), (85, "bill")]), Word("it", 2000),
    Word("is", 1500), Word("on", 1400), Word("dog", 300), Word("done", 350), Word("you", 2500),
    Word("vat", 20, form: "VAT"),
  ]

  /// The fixture table with `words` as its lexicon and their forms as `FORM`.
  static let image: [UInt8] = image(words: words)
  static let table: KeyGramTable = {
    do { return try KeyGramTable(copying: image) } catch { fatalError("the hand-made FORM table does not open: \(error)") }
  }()

  struct Section {
    var tag: TableFormat.Tag
    var bytes: [UInt8]
    var elementCount: Int
  }

  /// The fixture's sections, then `LEXI` from `words` and, unless `withForms` is false, `FORM`
  /// (apostrophe `apostrophe`); `editForm` may change the `FORM` bytes (and its element count)
  /// before packing.
  static func image(words: [Word], withForms: Bool = true, apostrophe: UInt32 = 0x27,
                    editForm: (inout Section) -> Void = { _ in }) -> [UInt8] {
    let base = FixtureTable.bytes, table = FixtureTable.mapped
    var sections = baseSections(base).filter { $0.tag != TableFormat.Section.lexicon && $0.tag != TableFormat.Section.writtenForms }
    let (lexicon, nodeOfWord) = lexiconSection(words, table: table)
    var at = sections.firstIndex { [TableFormat.Section.layout, TableFormat.Section.provenance].contains($0.tag) } ?? sections.count
    sections.insert(lexicon, at: at)
    at += 1
    if withForms {
      var form = formSection(words, nodeOfWord: nodeOfWord, table: table, apostrophe: apostrophe)
      editForm(&form)
      sections.insert(form, at: at)
    }
    return pack(sections, header: Array(base[0..<TableFormat.headerSize]))
  }

  /// The hand-made table with `extra` after the section tagged `after` (last when absent), at
  /// minor version `minor`, its CRC set.
  static func image(inserting extra: Section, after tag: TableFormat.Tag, minor: UInt8) -> [UInt8] {
    let base = image
    var sections = baseSections(base)
    sections.insert(extra, at: (sections.firstIndex { $0.tag == tag } ?? sections.count - 1) + 1)
    var packed = pack(sections, header: Array(base[0..<TableFormat.headerSize]))
    packed[TableFormat.Offset.minorVersion] = minor
    storeCRC(in: &packed)
    return packed
  }

  /// Why opening `image` failed with `badSection` for `tag`: nil when it opens, a note when it
  /// failed otherwise.
  static func sectionError(_ tag: String, in image: [UInt8]) -> String? {
    do {
      _ = try KeyGramTable(copying: image)
      return nil
    } catch {
      guard case .badSection(let failed, let reason) = error, failed == tag else { return "not a \(tag) error: \(error)" }
      return reason
    }
  }

  static func read32(_ bytes: [UInt8], at offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  static func append32(_ value: Int, to bytes: inout [UInt8]) {
    for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
  }

  static func baseSections(_ image: [UInt8]) -> [Section] {
    let count = read32(image, at: TableFormat.Offset.sectionCount)
    return (0..<count).map { index in
      let at = TableFormat.headerSize + 16 * index
      let offset = read32(image, at: at + 4), length = read32(image, at: at + 8)
      return Section(tag: TableFormat.Tag(rawValue: UInt32(read32(image, at: at))), bytes: Array(image[offset..<(offset + length)]),
                     elementCount: read32(image, at: at + 12))
    }
  }

  /// A header, directory and the sections packed in order; minor version 2; size and CRC set.
  static func pack(_ sections: [Section], header: [UInt8]) -> [UInt8] {
    var image = header
    image[TableFormat.Offset.minorVersion] = 2
    image[TableFormat.Offset.minorVersion + 1] = 0
    let directoryEnd = TableFormat.headerSize + 16 * sections.count
    var directory: [UInt8] = [], body: [UInt8] = []
    var end = directoryEnd
    for section in sections {
      let offset = TableFormat.sectionStart(after: end)
      body += [UInt8](repeating: 0, count: offset - end)
      append32(Int(section.tag.rawValue), to: &directory)
      append32(offset, to: &directory)
      append32(section.bytes.count, to: &directory)
      append32(section.elementCount, to: &directory)
      body += section.bytes
      end = offset + section.bytes.count
    }
    body += [UInt8](repeating: 0, count: TableFormat.sectionStart(after: end) - end)
    image += directory + body
    store32(sections.count, in: &image, at: TableFormat.Offset.sectionCount)
    store32(image.count, in: &image, at: TableFormat.Offset.fileSize)
    storeCRC(in: &image)
    return image
  }

  static func store32(_ value: Int, in bytes: inout [UInt8], at offset: Int) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  static func storeCRC(in image: inout [UInt8]) {
    let crc = TableBytes.withBytes(of: image) { $0.crc32(readingAsZero: TableFormat.Offset.crc32) }
    store32(Int(crc), in: &image, at: TableFormat.Offset.crc32)
  }

  /// The letters of `text`, lowercased through the table (apostrophes left out).
  static func letters(_ text: String, table: KeyGramTable) -> [Int] {
    text.unicodeScalars.compactMap { $0 == "'" ? nil : table.letterIndex(of: $0) }
  }

  /// A `LEXI` trie over `words` (breadth first, children by letter), each row quantised to
  /// 65,535 with a floor of 1 (the largest entry takes the rounding), and each word's end node.
  static func lexiconSection(_ words: [Word], table: KeyGramTable) -> (Section, [String: Int]) {
    // Prefix tree by letter arrays.
    var prefixes: [[Int]: UInt64] = [:]  // subtree mass
    var ends: [[Int]: UInt64] = [:]
    for word in words {
      let spelled = letters(word.letters, table: table)
      ends[spelled, default: 0] += word.count
      for length in 0...spelled.count { prefixes[Array(spelled.prefix(length)), default: 0] += word.count }
    }
    // Breadth first: by length, then letters.
    let nodes = prefixes.keys.sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
    var index: [[Int]: Int] = [:]
    for (position, node) in nodes.enumerated() { index[node] = position }
    var labels = [UInt8](repeating: 0, count: nodes.count), degrees = [UInt8](repeating: 0, count: nodes.count)
    var shares = [UInt16](repeating: 0, count: nodes.count)
    labels[0] = 0xFF
    shares[0] = 0xFFFF
    for node in nodes {
      let children = nodes.filter { $0.count == node.count + 1 && Array($0.prefix(node.count)) == node }
      degrees[index[node]!] = UInt8(children.count)
      var masses = children.map { prefixes[$0]! } + [ends[node] ?? 0]
      let total = masses.reduce(0, +)
      var quantised = masses.map { $0 == 0 ? 0 : max(1, Int($0 * 65_535 / total)) }
      let largest = quantised.indices.max { masses[$0] < masses[$1] }!
      quantised[largest] += 65_535 - quantised.reduce(0, +)
      masses.removeAll()
      for (position, child) in children.enumerated() {
        labels[index[child]!] = UInt8(child.last!)
        shares[index[child]!] = UInt16(quantised[position])
      }
    }
    let v = nodes.count, w = ends.count
    typealias L = TableFormat.Lexicon
    var bytes: [UInt8] = []
    append32(v, to: &bytes)
    append32(w, to: &bytes)
    let mass = words.reduce(UInt64(0)) { $0 + $1.count }
    for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: mass >> (8 * UInt64(index)))) }
    let n = table.letterCount, depth = nodes.last!.count
    bytes += [UInt8(n & 0xFF), UInt8(n >> 8), 16, 0, UInt8(depth), 0] + [UInt8](repeating: 0, count: 10)
    bytes += labels + degrees
    for share in shares { bytes += [UInt8(share & 0xFF), UInt8(share >> 8)] }
    bytes += [UInt8](repeating: 0, count: L.samplesOffset(nodeCount: v) - bytes.count)
    var sum = 1
    for node in 0..<v {
      if node % 16 == 0 { append32(sum, to: &bytes) }
      sum += Int(degrees[node])
    }
    bytes += [UInt8](repeating: 0, count: L.length(nodeCount: v) - bytes.count)
    var nodeOfWord: [String: Int] = [:]
    for word in words { nodeOfWord[word.letters] = index[letters(word.letters, table: table)]! }
    return (Section(tag: TableFormat.Section.lexicon, bytes: bytes, elementCount: w), nodeOfWord)
  }

  /// One form's bytes: share, shape, the capital mask when mixed, the apostrophe positions.
  static func formBytes(_ text: String, share: UInt8, table: KeyGramTable) -> [UInt8] {
    var mask: UInt64 = 0, length = 0, apostrophes: [UInt8] = []
    for scalar in text.unicodeScalars {
      if scalar == "'" { apostrophes.append(UInt8(length)); continue }
      let letter = table.letterIndex(of: scalar)!
      if table.letter(at: letter) != scalar { mask |= 1 << UInt64(length) }
      length += 1
    }
    let all: UInt64 = (1 << UInt64(length)) - 1
    let letterCase: UInt8 = mask == 0 ? 0 : mask == 1 ? 1 : (mask == all && length >= 2) ? 2 : 3
    var bytes = [share, letterCase | UInt8(apostrophes.count) << 2]
    if letterCase == 3 { for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: mask >> (8 * UInt64(index)))) } }
    return bytes + apostrophes
  }

  static func formSection(_ words: [Word], nodeOfWord: [String: Int], table: KeyGramTable, apostrophe: UInt32) -> Section {
    let entries = words.filter { !$0.forms.isEmpty }.map { (node: nodeOfWord[$0.letters]!, word: $0) }.sorted { $0.node < $1.node }
    var pool: [UInt8] = [], offsets: [Int] = [0]
    for entry in entries {
      for form in entry.word.forms { pool += formBytes(form.text, share: form.share, table: table) }
      offsets.append(pool.count)
    }
    var bytes: [UInt8] = []
    append32(entries.count, to: &bytes)
    append32(Int(apostrophe), to: &bytes)
    append32(pool.count, to: &bytes)
    append32(0, to: &bytes)
    for entry in entries { append32(entry.node, to: &bytes) }
    for offset in offsets { append32(offset, to: &bytes) }
    bytes += pool
    bytes += [UInt8](repeating: 0, count: TableFormat.WrittenForms.length(entryCount: entries.count, poolLength: pool.count) - bytes.count)
    return Section(tag: TableFormat.Section.writtenForms, bytes: bytes, elementCount: entries.count)
  }
}
