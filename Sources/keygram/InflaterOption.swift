import ArgumentParser
import KeyGramPipeline

/// `--inflater auto|isal|zlib` of `build`, `count` and `inflate`: which library inflates gzip corpora.
struct InflaterOption: ParsableArguments {
  @Option(help: ArgumentHelp("Which library inflates gzip corpora: isal (Intel ISA-L, libisal.so.2), zlib, or auto (ISA-L where it loads, else zlib).",
                             valueName: "auto|isal|zlib"))
  var inflater: Inflater = .automatic

  /// ISA-L asked for by name where it cannot load is an error before any file is read.
  func validate() throws {
    do { try inflater.checkAvailable() } catch { throw ValidationError(error.description) }
  }
}

extension Inflater: ExpressibleByArgument {}
