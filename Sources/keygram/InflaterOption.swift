import ArgumentParser
import Foundation
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

  /// Before a command reads corpora: the one warning where `auto` falls back to zlib only because
  /// of how this keygram was built (`zlib` asked for by name needs none).
  func warnWhereISALWasLeftOut() {
    if inflater == .automatic { Self.warnWhereISALWasLeftOut() }
  }

  static func warnWhereISALWasLeftOut() {
    if let warning = isalLeftOutWarning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
  }

  /// Where ISA-L is installed but this keygram was compiled without its header: what that costs
  /// and the rebuild that mends it; nil elsewhere (where ISA-L is simply missing, `auto` is quiet).
  static var isalLeftOutWarning: String? {
    guard Inflater.isalLeftOutAtBuild else { return nil }
    return "warning: gzip is inflated with zlib, not Intel ISA-L (about 2.5 times faster), although \(Inflater.isalLibraryName) loads: "
      + "this keygram was compiled without ISA-L's header (<isa-l/igzip_lib.h>, Debian/Ubuntu: libisal-dev). "
      + "Rebuild it where the package is: \(rebuildCommand)"
  }

  /// The rebuild that compiles Sources/CIsal again, in the configuration this keygram was built in.
  static var rebuildCommand: String {
    #if DEBUG
    let configuration = "debug", makeSetting = " CONFIG=debug"
    #else
    let configuration = "release", makeSetting = ""
    #endif
    return "make keygram\(makeSetting), or "
      + "touch Sources/CIsal/isal_inflater.c && swift build --traits Builder -c \(configuration) --product keygram"
  }

  /// What `keygram --version` says of gzip: the library `--inflater auto` uses here, and why not ISA-L.
  static var automaticChoice: String {
    if Inflater.isalUnavailableReason == nil {
      return "--inflater auto inflates gzip with Intel ISA-L (\(Inflater.isalLibraryName))"
    }
    if Inflater.isalLeftOutAtBuild {
      return "--inflater auto inflates gzip with zlib: this keygram was compiled without ISA-L's header, although "
        + "\(Inflater.isalLibraryName) loads; rebuild it: \(rebuildCommand)"
    }
    return "--inflater auto inflates gzip with zlib: \(Inflater.isalUnavailableReason ?? "")"
  }
}

extension Inflater: ExpressibleByArgument {}
