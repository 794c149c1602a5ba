/// What the read stage read, for the table's provenance: each file's name (relative to the
/// corpus folder), size and SHA-256 of its stored bytes, and the bytes stored and of text.
struct ProvenanceRecorder {
  let naming: Provenance.Naming
  private var hasher = FileHasher()
  private(set) var files: [Provenance.File] = []
  private(set) var storedBytes: UInt64 = 0
  private(set) var textBytes: UInt64 = 0

  init(naming: Provenance.Naming) { self.naming = naming }

  /// One chunk: its stored bytes, if it carries them (gzip through zlib), are hashed here on the
  /// counting thread, off the inflating one.
  mutating func record(_ slot: ChunkStream.Slot) {
    hasher.update(slot.stored)
    storedBytes += UInt64(slot.storedCount)
    textBytes += UInt64(slot.textCount)
  }

  /// One chunk of which only `textBytes` bytes of text were counted (a part of the file's
  /// lines), and whose stored bytes count towards the total only if `countStored`; every
  /// stored byte is hashed all the same.
  mutating func record(_ slot: ChunkStream.Slot, textBytes: Int, countStored: Bool) {
    hasher.update(slot.stored)
    if countStored { storedBytes += UInt64(slot.storedCount) }
    self.textBytes += UInt64(textBytes)
  }

  /// The file at `path`, `size` bytes stored, has been read to its end; `digest` is its SHA-256
  /// if the reading thread took it.
  mutating func finishFile(_ path: String, size: Int, digest: FileDigest?) {
    files.append(Provenance.File(name: naming.name(of: path), size: UInt64(size),
                                 sha256: digest ?? hasher.finalize()))
    hasher = FileHasher()
  }
}
