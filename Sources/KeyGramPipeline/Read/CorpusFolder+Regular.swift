extension CorpusFolder {
  /// The corpus files of a language, as `corpusFiles(for:)`, each checked to be a regular file
  /// (a symbolic link to one is): a FIFO or device there would be read forever, or never again
  /// by `verify`. Streams belong on the command line.
  public func regularCorpusFiles(for code: String) throws(CorpusError) -> [String] {
    let files = corpusFiles(for: code)
    for path in files {
      switch system_fileKind(atPath: path) {
      case .success(.regular): continue
      case .success(.directory): throw CorpusError(path: path, kind: .isDirectory)
      case .success: throw CorpusError(path: path, kind: .unreadable("a pipe, FIFO, socket or device, not a file; "
                                                                      + "a corpus folder holds files (give a stream on the command line)"))
      case .failure(let errno): throw CorpusError(path: path, kind: errno.isNoSuchFile ? .missing : .unreadable(errno.description))
      }
    }
    return files
  }
}
