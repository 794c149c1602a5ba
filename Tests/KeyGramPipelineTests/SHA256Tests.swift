import Testing
@testable import KeyGramPipeline

@Suite("SHA-256 through swift-crypto (NIST FIPS 180-4 examples)")
struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
  ])
  func knownDigests(input: String, digest: String) {
    #expect(FileHasher.hash(Array(input.utf8)).hex == digest)
  }

  @Test func millionAsInPiecesOfOddSizes() {
    var hasher = FileHasher()
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
    var remaining = 1_000_000
    while remaining > 0 {
      let count = min(remaining, piece.count)
      piece[0..<count].withUnsafeBytes { hasher.update($0) }
      remaining -= count
    }
    #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
