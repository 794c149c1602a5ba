// All raw-pointer code of the runtime lives in this file (and in Syscalls.swift): reading
// little-endian integers out of a table image, owning that image, and checksumming it.

/// A read-only window on the bytes of a table image.
///
/// Offsets are checked once, when a table is validated at open; the hot path then reads
/// without bounds checks in release builds (they remain as assertions in debug builds). A
/// window does not keep its memory alive: whoever holds one also holds its `KeyGramTable`.
@frozen @usableFromInline
package struct TableBytes: @unchecked Sendable {
  @usableFromInline let base: UnsafeRawPointer
  @usableFromInline package let count: Int

  @inlinable
  init(base: UnsafeRawPointer, count: Int) {
    self.base = base
    self.count = count
  }

  /// The little-endian UInt16 at `offset`.
  @inlinable @inline(__always)
  package func uint16(at offset: Int) -> UInt16 {
    assert(offset >= 0 && offset + 2 <= count, "table read out of bounds")
    return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
  }

  /// The little-endian UInt32 at `offset`.
  @inlinable @inline(__always)
  package func uint32(at offset: Int) -> UInt32 {
    assert(offset >= 0 && offset + 4 <= count, "table read out of bounds")
    return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  /// The little-endian UInt64 at `offset`.
  @inlinable @inline(__always)
  package func uint64(at offset: Int) -> UInt64 {
    assert(offset >= 0 && offset + 8 <= count, "table read out of bounds")
    return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The byte at `offset`.
  @inlinable @inline(__always)
  package func uint8(at offset: Int) -> UInt8 {
    assert(offset >= 0 && offset < count, "table read out of bounds")
    return base.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The `length` bytes from `offset`, as a window of their own.
  @inlinable
  package func slice(from offset: Int, length: Int) -> TableBytes {
    assert(offset >= 0 && length >= 0 && offset + length <= count, "table slice out of bounds")
    return TableBytes(base: base + offset, count: length)
  }

  /// Calls `body` with the bytes as a buffer, for copying out (names, provenance).
  @inlinable
  package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The bytes copied into an array, for tools (verify, inspect) that compare or hash them.
  package var array: [UInt8] { withUnsafeBytes { Array($0) } }
}

// MARK: - Owning a table image

/// Who owns the memory behind a table image, so the `KeyGramTable` that holds it (the last
/// reference to it, distributions included) can give it back.
enum TableImageOwner {
  /// A `mmap`ed file region.
  case mapped
  /// A heap buffer (a decoded embedded table, or a copy of caller-provided bytes).
  case heap
}

extension TableBytes {
  /// Gives the memory back according to `owner`; the bytes must not be read afterwards.
  func release(_ owner: TableImageOwner) {
    switch owner {
    case .mapped: system_unmap(base, length: count)
    case .heap: base.deallocate()
    }
  }

  /// Calls `body` with a window on `image`, so tools and tests can checksum (`crc32`) an
  /// image they are writing or patching; the window must not escape `body`.
  package static func withBytes<R>(of image: [UInt8], _ body: (TableBytes) throws -> R) rethrows -> R {
    try image.withUnsafeBytes { buffer in
      // An empty array may have no base address; any valid pointer with count 0 will do.
      guard let base = buffer.baseAddress else {
        return try Swift.withUnsafeBytes(of: 0 as UInt8) { try body(TableBytes(base: $0.baseAddress!, count: 0)) }
      }
      return try body(TableBytes(base: base, count: buffer.count))
    }
  }

  /// A heap copy of `bytes`.
  static func copying(_ bytes: UnsafeRawBufferPointer) -> TableBytes {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    if let source = bytes.baseAddress, bytes.count > 0 {
      storage.copyMemory(from: source, byteCount: bytes.count)
    }
    return TableBytes(base: UnsafeRawPointer(storage), count: bytes.count)
  }

  /// Maps the file at `path` read-only.
  static func mapping(path: UnsafePointer<CChar>) -> Result<TableBytes, KeyGramTableError> {
    let fd = system_openReadOnly(path)
    guard fd >= 0 else { return .failure(.cannotOpen(system_errno())) }
    defer { system_close(fd) }
    if system_isDirectory(fd) { return .failure(.cannotOpen(SystemErrno(rawValue: 21))) }
    guard system_isFileOrDirectory(fd) else { return .failure(.notAFile) }
    let size = system_fileSize(fd)
    guard size >= 0 else { return .failure(.cannotOpen(system_errno())) }
    // An empty file cannot be mapped; anything else goes to validation, which checks the magic first.
    guard size > 0 else { return .failure(.truncated(expected: TableFormat.headerSize, actual: 0)) }
    guard let address = system_mapReadOnly(fd, length: size) else {
      return .failure(.cannotOpen(system_errno()))
    }
    return .success(TableBytes(base: address, count: size))
  }

  /// Decodes standard base64 (as the generated Swift tables hold it) into a heap image.
  /// Returns nil on any character outside the alphabet or a bad length.
  static func decodingBase64(_ text: StaticString) -> TableBytes? {
    guard text.hasPointerRepresentation else { return nil }
    let input = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    guard input.count % 4 == 0 else { return nil }
    var padding = 0
    if input.count >= 1, input[input.count - 1] == UInt8(ascii: "=") { padding += 1 }
    if input.count >= 2, input[input.count - 2] == UInt8(ascii: "=") { padding += 1 }
    let outputCount = input.count / 4 * 3 - padding
    let output = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(outputCount, 1), alignment: 16)
    let decoded = Base64Table.values.withUnsafeBufferPointer { values -> Bool in
      var written = 0
      var index = 0
      let fullQuads = (input.count - (padding > 0 ? 4 : 0)) / 4
      for _ in 0..<fullQuads {
        let a = values[Int(input[index])], b = values[Int(input[index + 1])]
        let c = values[Int(input[index + 2])], d = values[Int(input[index + 3])]
        guard (a | b | c | d) & 0x80 == 0 else { return false }
        let quad = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
        output.storeBytes(of: UInt8(truncatingIfNeeded: quad >> 16), toByteOffset: written, as: UInt8.self)
        output.storeBytes(of: UInt8(truncatingIfNeeded: quad >> 8), toByteOffset: written + 1, as: UInt8.self)
        output.storeBytes(of: UInt8(truncatingIfNeeded: quad), toByteOffset: written + 2, as: UInt8.self)
        written += 3
        index += 4
      }
      guard padding > 0 else { return true }
      // The last quad: two or three significant characters, then "=" padding.
      let a = values[Int(input[index])], b = values[Int(input[index + 1])]
      let c = padding == 1 ? values[Int(input[index + 2])] : 0
      guard (a | b | c) & 0x80 == 0 else { return false }
      let quad = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
      output.storeBytes(of: UInt8(truncatingIfNeeded: quad >> 16), toByteOffset: written, as: UInt8.self)
      if padding == 1 { output.storeBytes(of: UInt8(truncatingIfNeeded: quad >> 8), toByteOffset: written + 1, as: UInt8.self) }
      return true
    }
    guard decoded else {
      output.deallocate()
      return nil
    }
    return TableBytes(base: UnsafeRawPointer(output), count: outputCount)
  }
}

/// Each byte's base64 value, or 0xFF for a byte outside the alphabet ("=" included).
private enum Base64Table {
  static let values: [UInt8] = {
    var values = [UInt8](repeating: 0xFF, count: 256)
    TableFormat.base64Alphabet.withUTF8Buffer { alphabet in
      for (index, character) in alphabet.enumerated() { values[Int(character)] = UInt8(index) }
    }
    return values
  }()
}

// MARK: - CRC-32

extension TableBytes {
  /// The CRC-32 (IEEE 802.3, as zlib's `crc32`) of these bytes, with the 4 bytes at
  /// `zeroedOffset` read as zero. Slicing-by-8 in four interleaved streams, in plain loops (no
  /// closures, which would box their captured state on the heap).
  package func crc32(readingAsZero zeroedOffset: Int) -> UInt32 {
    let fieldStart = Swift.min(Swift.max(zeroedOffset, 0), count)
    let fieldEnd = Swift.min(fieldStart + 4, count)
    return CRC32Tables.shared.withUnsafeBufferPointer { tables in
      var crc: UInt32 = 0xFFFF_FFFF
      crc = Self.crc32Interleaved(crc, base, from: 0, to: fieldStart, tables)
      for _ in fieldStart..<fieldEnd { crc = tables[Int(crc & 0xFF)] ^ (crc >> 8) }  // the zeroed field
      crc = Self.crc32Interleaved(crc, base, from: fieldEnd, to: count, tables)
      return crc ^ 0xFFFF_FFFF
    }
  }

  /// Continues `crc` over bytes `start ..< end` of `base` as four streams over consecutive
  /// quarters, advanced in one loop: one stream waits on each step's table lookups, four keep
  /// the loads busy. The quarters' CRCs are then joined as zlib's
  /// `crc32_combine` does; below 512 bytes joining costs more than it saves, so short ranges
  /// take the single stream.
  private static func crc32Interleaved(_ crc: UInt32, _ base: UnsafeRawPointer, from start: Int, to end: Int,
                                       _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    guard end - start >= 512 else { return crc32Update(crc, base, from: start, to: end, tables) }
    let lane = (end - start) / 32 * 8  // each stream's length, a whole number of 8-byte steps
    // The first stream continues `crc`; the others start from 0, so each holds the CRC register
    // of its quarter alone and the quarters combine linearly.
    var crc0 = crc, crc1: UInt32 = 0, crc2: UInt32 = 0, crc3: UInt32 = 0
    var offset = start
    let stop = start + lane
    while offset < stop {
      crc0 = crc32Step(crc0, base, at: offset, tables)
      crc1 = crc32Step(crc1, base, at: offset + lane, tables)
      crc2 = crc32Step(crc2, base, at: offset + 2 * lane, tables)
      crc3 = crc32Step(crc3, base, at: offset + 3 * lane, tables)
      offset += 8
    }
    // Register after A then B = (register after A) · x^(8·|B|) ⊕ (register of B from 0).
    let shift = CRC32Tables.xPower(bytes: lane, tables)
    var joined = CRC32Tables.multiply(shift, crc0, tables) ^ crc1
    joined = CRC32Tables.multiply(shift, joined, tables) ^ crc2
    joined = CRC32Tables.multiply(shift, joined, tables) ^ crc3
    return crc32Update(joined, base, from: start + 4 * lane, to: end, tables)
  }

  /// Continues `crc` over bytes `start ..< end` of `base`: eight bytes a step, then bytewise.
  @inline(__always)
  private static func crc32Update(_ crc: UInt32, _ base: UnsafeRawPointer, from start: Int, to end: Int,
                                  _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    var crc = crc
    var offset = start
    while offset + 8 <= end {
      crc = crc32Step(crc, base, at: offset, tables)
      offset += 8
    }
    while offset < end {
      crc = tables[Int((crc ^ UInt32(base.load(fromByteOffset: offset, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
      offset += 1
    }
    return crc
  }

  /// Continues `crc` over the 8 bytes at `offset`: one slicing-by-8 step, eight independent lookups.
  @inline(__always)
  private static func crc32Step(_ crc: UInt32, _ base: UnsafeRawPointer, at offset: Int,
                                _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    let low = UInt32(truncatingIfNeeded: word) ^ crc
    let high = UInt32(truncatingIfNeeded: word >> 32)
    return tables[7 * 256 + Int(low & 0xFF)]
      ^ tables[6 * 256 + Int((low >> 8) & 0xFF)]
      ^ tables[5 * 256 + Int((low >> 16) & 0xFF)]
      ^ tables[4 * 256 + Int(low >> 24)]
      ^ tables[3 * 256 + Int(high & 0xFF)]
      ^ tables[2 * 256 + Int((high >> 8) & 0xFF)]
      ^ tables[1 * 256 + Int((high >> 16) & 0xFF)]
      ^ tables[Int(high >> 24)]
  }
}

/// The eight 256-entry lookup tables of slicing-by-8, then x^(2^k) mod P for k in 0 ..< 32
/// (for joining interleaved streams), built once per process. Polynomials are bit-reflected as
/// the CRC register is: x^0 is bit 31.
enum CRC32Tables {
  /// Where the powers x^(2^k) start in `shared`.
  static let powers = 8 * 256

  static let shared: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256 + 32)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      tables[n] = c
    }
    for n in 0..<256 {
      for k in 1..<8 {
        let previous = tables[(k - 1) * 256 + n]
        tables[k * 256 + n] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    tables.withUnsafeMutableBufferPointer { tables in
      var power: UInt32 = 1 << 30  // x^1
      for k in 0..<32 {
        tables[powers + k] = power
        power = multiply(power, power, UnsafeBufferPointer(tables))  // uses only the first table
      }
    }
    return tables
  }()

  /// zlib's CRC-32 of `bytes`, a byte at a time through the first table: for small blobs
  /// (a touch model, a layout's fingerprint); tables take the slicing-by-8 path.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = shared[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// a · b mod P (zlib's `multmodp`): b's multiples by x^0 ..< x^8 are summed where a has a
  /// bit, and b steps by x^8 through the first table between a's bytes, so the four byte
  /// products do not wait on each other as a 32-step bitwise loop would.
  @inline(__always)
  static func multiply(_ a: UInt32, _ b: UInt32, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    var product: UInt32 = 0
    var byteStart = b  // b · x^(8·j)
    for j in 0..<4 {
      var term = byteStart  // b · x^(8·j + i)
      for i in 0..<8 {
        product ^= term & (0 &- ((a >> UInt32(31 - 8 * j - i)) & 1))
        term = (term >> 1) ^ (0xEDB8_8320 & (0 &- (term & 1)))
      }
      byteStart = tables[Int(byteStart & 0xFF)] ^ (byteStart >> 8)
    }
    return product
  }

  /// x^(8·n) mod P, which shifts a CRC register over n zero bytes (zlib's `x2nmodp(n, 3)`):
  /// one product per set bit of n, from the precomputed powers.
  static func xPower(bytes n: Int, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    var power: UInt32 = 1 << 31  // x^0
    var n = n
    var k = 3
    while n != 0 {
      if n & 1 != 0 { power = multiply(tables[powers + (k & 31)], power, tables) }
      n >>= 1
      k += 1
    }
    return power
  }
}
