import KeyGramFuzzing

/// libFuzzer's entry point: runs the harness `KEYGRAM_FUZZ_TARGET` names on one input, and
/// traps on a broken promise so that libFuzzer keeps the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let findings = FuzzTarget.selected.run(Array(UnsafeBufferPointer(start: data, count: size)))
  if !findings.isEmpty { fatalError(findings.map(\.description).joined(separator: "\n")) }
  return 0
}
