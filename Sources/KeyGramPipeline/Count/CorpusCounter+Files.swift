import Foundation

/// Reading, decoding and counting whole files: the stages up to the counts, on `jobs` threads.
extension CorpusCounter {
  /// What counting files gives: the n-gram counts, the word counts, the provenance and the
  /// evidence of how words are written, and the word pairs (`PairCounter`).
  package typealias Counted = (counts: NgramCounts, words: WordCounts, provenance: Provenance, forms: FormEvidence, pairs: WordCounts)

  /// Reads every input on a background thread (recording the provenance as it goes), and
  /// decodes and counts it. Running text goes to the byte-level counter, word-frequency lists
  /// (`isFrequencyList`, or listed in `frequencyLists`) to `FrequencyListCounter`.
  ///
  /// With `jobs` above 1 the inputs are dealt, largest first, to `jobs` groups of about equal
  /// stored size, each counted on its own threads, and the groups' counts added. Every file is
  /// counted from a fresh word boundary either way, so the sum is exactly what one pass over
  /// all the files counts. An error is that of the earliest failing input.
  ///
  /// With `part` (k, n), only the lines numbered k, k + n, k + 2n, ... (from 0) of every file
  /// are counted: n such parts count every line once. Each part still reads and hashes whole
  /// files; only part 0 adds their stored sizes to the total, and each adds its lines' text bytes.
  package static func count(_ inputs: [String], decoder: LetterDecoder, naming: Provenance.Naming = Provenance.Naming(folder: nil),
                           frequencyLists: Set<String> = [], jobs: Int = 1, wordMemoryCap: Int = WordCounts.defaultMemoryCap,
                           part: CountFile.Part? = nil, inflater: Inflater = .automatic, countsForms: Bool = true,
                           progress: (any BuildProgress)? = nil, timing: CPUTiming? = nil) throws -> Counted {
    let jobs = Swift.max(1, Swift.min(jobs, inputs.count))
    progress?.begin(totalBytes: CorpusReader.totalStoredSize(of: inputs))
    defer { progress?.finish() }
    guard jobs > 1 else {
      return try countOneByOne(inputs, decoder: decoder, naming: naming, frequencyLists: frequencyLists,
                               wordMemoryCap: wordMemoryCap, part: part, inflater: inflater, countsForms: countsForms, progress: progress,
                               timing: timing ?? CPUTiming())
    }
    let groups = dealt(inputs, into: jobs)
    let shared = progress.map { SharedProgress($0) }
    let results = Locked([Result<Counted, any Error>?](repeating: nil, count: jobs))
    DispatchQueue.concurrentPerform(iterations: jobs) { k in
      let result = Result {
        try countOneByOne(groups[k].map { inputs[$0] }, decoder: decoder, naming: naming, frequencyLists: frequencyLists,
                          wordMemoryCap: wordMemoryCap, part: part, inflater: inflater, countsForms: countsForms, progress: shared,
                          timing: timing ?? CPUTiming())
      }
      results.withLock { $0[k] = result }
    }
    var failures: [(file: Int, error: any Error)] = []
    var parts: [Counted] = []
    for (k, result) in results.withLock({ $0 }).enumerated() {
      switch result! {
      case .success(let part): parts.append(part)
      case .failure(let error):
        let failed = (error as? CorpusError).flatMap { failure in groups[k].first { inputs[$0] == failure.path } } ?? groups[k][0]
        failures.append((failed, error))
      }
    }
    if let first = failures.min(by: { $0.file < $1.file }) { throw first.error }
    return try sum(parts, paths: inputs)
  }

  /// The indices of `inputs` dealt, largest first, into `jobs` groups of about equal stored size.
  private static func dealt(_ inputs: [String], into jobs: Int) -> [[Int]] {
    let sizes = inputs.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
    var groups = [[Int]](repeating: [], count: jobs)
    var loads = [Int](repeating: 0, count: jobs)
    for file in inputs.indices.sorted(by: { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }) {
      let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
      groups[lightest].append(file)
      loads[lightest] += sizes[file]
    }
    return groups.map { $0.sorted() }
  }

  /// The counts of several groups of files added up; an overflow names all of `paths`.
  private static func sum(_ parts: [Counted], paths: [String]) throws -> Counted {
    var (counts, words, provenance, forms, pairs) = parts[0]
    var files = provenance.files
    var stored = provenance.storedBytes, text = provenance.textBytes
    for part in parts.dropFirst() {
      do {
        counts = try counts + part.counts
        words = try words + part.words
        forms = try forms + part.forms
        pairs = try pairs + part.pairs
      } catch {
        throw CountOverflowError(error, paths: paths)
      }
      try words.spillIfFull()
      try forms.spillIfFull()
      try pairs.spillIfFull()
      files += part.provenance.files
      stored += part.provenance.storedBytes
      text += part.provenance.textBytes
    }
    return (counts, words, Provenance(files: files, counts: counts, storedBytes: stored, textBytes: text), forms, pairs)
  }

  /// The files of one group, one after another, on this thread and one reader thread.
  private static func countOneByOne(_ inputs: [String], decoder: LetterDecoder, naming: Provenance.Naming,
                                    frequencyLists: Set<String>, wordMemoryCap: Int, part: CountFile.Part?,
                                    inflater: Inflater, countsForms: Bool, progress: (any BuildProgress)?,
                                    timing: CPUTiming) throws -> Counted {
    var recorder = ProvenanceRecorder(naming: naming)
    var counter = CorpusCounter(decoder: decoder, wordMemoryCap: wordMemoryCap, wholeFiles: part == nil, countsForms: countsForms)
    counter.timing = timing
    var lines = part.map { LineSelection(index: Int($0.index), of: Int($0.count)) }
    let stream = ChunkStream(paths: inputs, inflater: inflater)
    stream.start()
    var reading: Int?
    func read(_ file: Int) {
      guard file != reading else { return }
      reading = file
      lines?.startFile()
      let path = inputs[file]
      counter.startFile(path, isFrequencyList: frequencyLists.contains(path) || isFrequencyList(path),
                        source: decoder.language.source(for: path))
    }
    do {
      events: while true {
        switch stream.next() {
        case .chunk(let slot, let file):
          read(file)
          if var selection = lines {
            let counted = try timing.measure { try slot.withText { text in try selection.select(text) { try counter.consume($0) } } }
            lines = selection
            recorder.record(slot, textBytes: counted, countStored: part?.index == 0)
          } else {
            try timing.measure { try slot.withText { try counter.consume($0) } }
            recorder.record(slot)
          }
          progress?.advance(by: slot.storedCount)
          stream.recycle(slot)
        case .endOfFile(let file, let size, let digest):
          read(file)
          try timing.measure { try counter.finishFile() }
          recorder.finishFile(inputs[file], size: size, digest: digest)
        case .failed(let error):
          throw error
        case .finished:
          break events
        }
      }
    } catch {
      stream.cancel()
      throw error
    }
    let counts = try counter.counts()
    return (counts, try counter.words(), recorder.provenance(of: counts), try counter.forms(), try counter.pairs())
  }
}
