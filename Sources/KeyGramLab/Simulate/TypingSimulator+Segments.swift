import KeyGram

extension TypingSimulator {
  /// What a tap on a key without a letter does inside a word.
  public enum KeyEffects: String, Sendable, CaseIterable {
    /// Every key without a letter ends the word there, as a space does, and counts as one wrong letter.
    case endWord = "end-word"
    /// Each key does what it does on a phone: space, return and a punctuation mark end the word;
    /// shift types nothing and capitalises the next letter; backspace deletes the character
    /// before (at a word's start, the space, so the word joins the one before); "123" switches
    /// to the number layer, where the word's other taps type no letter until the next space;
    /// any other key (globe, emoji) types nothing.
    case real
  }

  /// What the typist does between two words of the text.
  enum Boundary {
    /// Types the space exactly (no touch).
    case typed
    /// Taps the space bar: the touch lands where it lands.
    case tapped(TouchPoint)
    /// Leaves the space out: the two words run together.
    case omitted
  }

  /// Why a decoded word went wrong, for the per-class figures: the first that applies.
  public enum ErrorClass: Int, Sendable, CaseIterable {
    /// The typist left out the space before or after the word.
    case omittedSpace
    /// The typist's tap on the space bar typed something else (a letter, or nothing).
    case spaceTapMissed
    /// A touch aimed at one of the word's letters landed on a key without a letter (space,
    /// return, shift, backspace, "123" …).
    case keyWithoutLetter
    /// Everything else: touches on the wrong letter, spelling, skipped and doubled touches.
    case other

    /// The class's key in JSON.
    public var key: String {
      switch self {
      case .omittedSpace: "omitted-space"
      case .spaceTapMissed: "space-tap-missed"
      case .keyWithoutLetter: "key-without-letter"
      case .other: "other"
      }
    }

    /// The class's name in the report.
    public var name: String {
      switch self {
      case .omittedSpace: "omitted space"
      case .spaceTapMissed: "space tap on a letter"
      case .keyWithoutLetter: "letter touch on a key without a letter"
      case .other: "everything else"
      }
    }
  }

  /// One class's errors: committed letter errors and word errors.
  public struct ClassErrors: Sendable, Equatable {
    public var letterErrors = 0
    public var wordErrors = 0
    /// Words of the text that fell in the class, right or wrong.
    public var words = 0
    /// Stretches of text scored as one that fell in the class, and those committed with every
    /// word right (for omitted spaces: the spaces put back).
    public var segments = 0
    public var segmentsRight = 0
  }

  /// One intended word of a segment: its keys and what the typist and the text say of it.
  struct SegmentWord {
    var keys: [Int]
    var letters: [Int]
    /// Its index among the text's words (for the written form) and its block (for the bootstrap).
    var index: Int
    var block: Int
    var isMisspelled: Bool
  }

  /// The stretch of text between two boundaries that both the text and the keyboard have, scored
  /// as a whole: the intended words in it, and the keys typed and committed for them, words
  /// separated by `boundaryMark` and a character that is no letter written `-1`.
  struct Segment {
    static let boundaryMark = -2
    /// A sentence's full stop before its space: neither a letter nor a boundary of its own.
    static let sentenceMark = -3
    /// An apostrophe the keyboard wrote inside a word ("don't" for "dont"): not a key of its letters.
    static let apostropheMark = -4
    var words: [SegmentWord] = []
    var typed: [Int] = []
    var committed: [Int] = []
    /// The decoded text of its words, for the written-form figures of a one-word segment.
    var committedText = ""
    var omittedSpace = false
    var spaceTapMissed = false
    var keyWithoutLetter = false
    var wasUndone = false
    /// Words the table flags as offensive that the engine showed on the bar at a word's end or
    /// put in by a correction, other than the user's own.
    var offensiveOffered = 0
    /// The text indices of its words whose replacement the typist reverted.
    var revertedWords: [Int] = []

    var errorClass: ErrorClass {
      omittedSpace ? .omittedSpace : spaceTapMissed ? .spaceTapMissed : keyWithoutLetter ? .keyWithoutLetter : .other
    }

    /// This segment and `later` as one: its words, then `later`'s.
    func followed(by later: Segment) -> Segment {
      var joined = self
      joined.words += later.words
      joined.typed += later.typed
      joined.committed += later.committed
      joined.committedText += later.committedText
      joined.omittedSpace = omittedSpace || later.omittedSpace
      joined.spaceTapMissed = spaceTapMissed || later.spaceTapMissed
      joined.keyWithoutLetter = keyWithoutLetter || later.keyWithoutLetter
      joined.wasUndone = wasUndone || later.wasUndone
      joined.offensiveOffered = offensiveOffered + later.offensiveOffered
      joined.revertedWords = revertedWords + later.revertedWords
      return joined
    }

    /// The keys of `stream` split at its boundaries, a trailing boundary dropped.
    static func words(of stream: [Int]) -> [[Int]] {
      var stream = stream.filter { $0 != sentenceMark && $0 != apostropheMark }[...]
      while stream.last == boundaryMark { stream = stream.dropLast() }
      return stream.split(separator: boundaryMark, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The keys of the segment's intended words, separated by boundaries.
    var intendedStream: [Int] { Array(words.map(\.keys).joined(separator: [Self.boundaryMark])) }
  }

  /// Which of `intended` appear, in order, among `committed` exactly (the longest common
  /// subsequence of whole words).
  static func wordsCommittedExactly(_ intended: [[Int]], _ committed: [[Int]]) -> [Bool] {
    let rows = intended.count, columns = committed.count
    var length = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
    for i in stride(from: rows - 1, through: 0, by: -1) {
      for j in stride(from: columns - 1, through: 0, by: -1) {
        length[i][j] = intended[i] == committed[j] ? length[i + 1][j + 1] + 1 : Swift.max(length[i + 1][j], length[i][j + 1])
      }
    }
    var matched = [Bool](repeating: false, count: rows)
    var i = 0, j = 0
    while i < rows && j < columns {
      if intended[i] == committed[j] {
        matched[i] = true
        i += 1
        j += 1
      } else if length[i + 1][j] >= length[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return matched
  }
}
