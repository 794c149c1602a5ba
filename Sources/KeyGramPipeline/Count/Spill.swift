import Foundation

/// A sorted stream of words and counts: a count file's word list, a spilled run, an array.
package protocol SortedWordSource: AnyObject {
  /// What to name in an error: the file.
  var name: String { get }
  /// The next word and its count, in strictly increasing order of the word; nil at the end.
  func nextWord() throws -> (word: [UInt8], count: UInt64)?
}

extension CountFile.Reader: SortedWordSource {
  package var name: String { path }
}

/// Words already sorted in memory.
final class SortedArraySource: SortedWordSource {
  private let entries: [(word: [UInt8], count: UInt64)]
  private var next = 0
  init(_ entries: [(word: [UInt8], count: UInt64)]) { self.entries = entries }
  var name: String { "the words in memory" }
  func nextWord() -> (word: [UInt8], count: UInt64)? {
    guard next < entries.count else { return nil }
    defer { next += 1 }
    return entries[next]
  }
}

/// Word counts past `WordCounts.memoryCap` go to disk as sorted runs: files in `$TMPDIR`
/// holding entries as a count file's word list does (`WordEntry`), in
/// strictly increasing word order, no header. A run lives as long as some `WordCounts` holds it.
package enum Spill {
  /// One run file, removed when the last count holding it goes.
  package final class Run: @unchecked Sendable {
    private let file: TemporaryFile
    package var path: String { file.path }
    package let entries: Int
    init(file: TemporaryFile, entries: Int) {
      self.file = file
      self.entries = entries
    }
  }

  /// The run files' names in `$TMPDIR`: "keygram-words-<pid>-<UUID>.run".
  static let runPrefix = "keygram-words-", runSuffix = ".run"

  /// Removes the runs that builds no longer running left in `$TMPDIR` (SIGKILL gives a build
  /// no chance to clean up), as `TemporaryFile.removeStale` does for the outputs' temporary
  /// files; once a process, before its first run. A run whose pid is alive (ours, or another
  /// build's) is kept.
  static func removeStaleRuns(in folder: String = system_temporaryFolder()) {
    let own = system_processID()
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(runPrefix) && entry.hasSuffix(runSuffix) {
      let pid = entry.dropFirst(runPrefix.count).prefix { $0 != "-" }
      guard let pid = Int32(pid), pid > 0, pid != own, !system_processExists(pid) else { continue }
      system_unlink("\(folder)/\(entry)")
    }
  }

  /// Runs `removeStaleRuns()` the first time it is read.
  static let staleRunsRemoved: Void = removeStaleRuns()

  /// At most this many runs are kept: more are merged into one (a merge opens every run at once).
  package static let fanIn = 64

  /// Writes `entries` (sorted, distinct) to a new run file.
  static func write(_ entries: [(word: [UInt8], count: UInt64)]) throws(OutputError) -> Run {
    let writer = try Writer()
    for (word, count) in entries { try writer.add(word, count: count) }
    return try writer.finish()
  }

  /// Merges `runs` into one run, summing a word found in several; memory holds one word per run.
  static func merge(_ runs: [Run]) throws(OutputError) -> Run {
    let writer = try Writer()
    do {
      let readers: [any SortedWordSource] = try runs.map { try Reader($0) }
      try Merge.words(of: readers) { word, count in try writer.add(word, count: count) }
    } catch let error as OutputError {
      throw error
    } catch {
      throw OutputError(path: writer.path, reason: "cannot merge spilled word counts: \(error)")
    }
    return try writer.finish()
  }

  /// Streams sorted entries to a new run file in `$TMPDIR`.
  final class Writer {
    private let file = TemporaryFile(path: "\(system_temporaryFolder())/\(runPrefix)\(system_processID())-\(UUID().uuidString)\(runSuffix)")
    var path: String { file.path }
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var entries = 0
    private var done = false

    init() throws(OutputError) {
      _ = Spill.staleRunsRemoved
      switch system_createExclusive(file.path) {
      case .success(let opened): fd = opened
      case .failure(let errno): throw OutputError(path: file.path, reason: "cannot spill word counts: \(errno)")
      }
      buffer.reserveCapacity(1 << 20)
    }

    func add(_ word: [UInt8], count: UInt64) throws(OutputError) {
      WordEntry.append(word, count: count, to: &buffer)
      entries += 1
      if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(OutputError) {
      if case .failure(let errno) = buffer.withUnsafeBytes({ system_writeAll(fd, $0) }) {
        throw OutputError(path: path, reason: "cannot spill word counts: \(errno)")
      }
      buffer.removeAll(keepingCapacity: true)
    }

    func finish() throws(OutputError) -> Run {
      try flush()
      system_close(fd)
      done = true
      return Run(file: file, entries: entries)
    }

    deinit {
      if !done { system_close(fd) }
    }
  }

  /// Reads a run back, in order.
  final class Reader: SortedWordSource {
    private let run: Run
    private let input: BufferedInput
    private var left: Int
    init(_ run: Run) throws(CountFileError) {
      self.run = run
      input = try BufferedInput(path: run.path)
      left = run.entries
    }
    var name: String { run.path }
    func nextWord() throws -> (word: [UInt8], count: UInt64)? {
      guard left > 0 else { return nil }
      left -= 1
      return try WordEntry.read(from: input)
    }
  }
}
