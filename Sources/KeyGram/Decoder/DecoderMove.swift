/// The moves a partial word makes in the decoder's search (LatinIME's traversal), each with its
/// cost in one place (`EditCosts`); the search only draws moves from here and adds their costs.
enum DecoderMove: Int32 {
  /// The empty word a search starts from.
  case start = 0
  /// The touch types the word's next letter: scored by the touch's likelihood on that letter's
  /// key (`KeyLikelihood`), a match on the key touched and a substitution on any other.
  case letter = 1
  /// A letter of the word that no touch typed: the typist skipped it, or left out one of a
  /// doubled pair (`acess`); a second may follow the first at the same touch (`accomdation`).
  case skippedLetter = 2
  /// A touch that types no letter of the word: a stray tap, or a letter typed twice (`untill`).
  case extraTouch = 3
  /// The touch types another letter than the word's, on purpose: a spelling mistake, a vowel
  /// for a vowel (`definately`), scored by the touch's likelihood on the key it typed.
  case misspelledLetter = 4
  /// Two touches type the word's next two letters in the other order (`teh`, `recieve`).
  case transposedLetters = 5
  /// A tap the keyboard took for a key without a letter types the word's next letter: a touch
  /// aimed at `a` that landed on shift (which typed nothing), or one aimed at `m` that landed
  /// on backspace, together with the letter that backspace deleted (`KeyTaps`). Scored by the
  /// tap's likelihood on the letter's key against the key it landed on.
  case keyTapLetters = 6
}

/// What the edit moves cost, in nats, and which a partial word may still make: at most one of
/// each kind per word, or two letters left out and two extra touches (`secondEdit`); an
/// infinite cost turns a move off. A touch's miss is priced by distance (`KeyLikelihood`);
/// these price the spelling mistakes beside it, as LatinIME's weighting does.
struct EditCosts {
  /// Any letter left out, and any touch that types no letter.
  let skippedLetter: Float
  let extraTouch: Float
  /// One of a doubled letter left out, or a letter typed twice in a row.
  let doubledLetter: Float
  let transposition: Float
  /// A vowel written for another vowel.
  let vowelForVowel: Float
  /// A consonant written for one that spells the same sound (`KeyGramTable.consonantSounds(_:)`).
  let consonantForConsonant: Float
  /// Any other letter written for the word's (`plurar`, `gramnar`).
  let letterForLetter: Float
  /// A tap on a key without a letter taken for a letter (or two, with a backspace's deleted one).
  let keyTapLetter: Float
  /// A touch on a letter's key read as that letter with marks, on a key of its own (`markBase`).
  let markedLetter: Float
  /// Per letter of the alphabet: the letter written for it without its marks
  /// (`KeyGramTable.markedLetterBase(of:)`), or −1.
  let markBase: IntBuffer
  /// Added to a word's second letter left out or second touch that types no letter (∞: one each).
  let secondEdit: Float
  /// Added to a letter left out or a touch that types no letter at a word's edge, and to a vowel
  /// written for one of its last two letters (the last two applied at the word's end, in ranking).
  let wordEdge: Float
  /// A touch of a transposition lies within this many nats of its letter's key (3 σ): a swap is
  /// typed on the swapped keys, so the search need not pair far keys.
  static let editTouchCutoff: Float = 4.5
  /// Any letter is skipped only from partial words within this many nats of the step's best.
  static let skipWindow: Float = 3
  /// Per letter of the alphabet: 1 for a vowel (`KeyGramTable.isVowel(_:)`).
  let isVowel: IntBuffer
  /// Per letter of the alphabet: the sounds it spells as a consonant, a bit each (none when such
  /// a consonant costs no less than any letter, so the pair is priced as any letter's).
  let consonantSounds: IntBuffer

  init(parameters: WordDecoder.Parameters, table: KeyGramTable) {
    skippedLetter = parameters.omissionCost
    extraTouch = parameters.extraTouchCost
    doubledLetter = parameters.doubledLetterCost
    transposition = parameters.transpositionCost
    vowelForVowel = parameters.vowelSubstitutionCost
    consonantForConsonant = parameters.consonantSubstitutionCost
    letterForLetter = parameters.letterSubstitutionCost
    keyTapLetter = parameters.keyTapLetterCost
    markedLetter = parameters.markedLetterCost
    let bases = KeyGramTable.markedLetterBases(alphabet: (0..<table.letterCount).map { table.letter(at: $0) })
    markBase = IntBuffer(bases.isEmpty ? [-1] : bases)
    secondEdit = parameters.secondEditCost
    wordEdge = parameters.wordEdgeEditCost
    isVowel = IntBuffer((0..<Swift.max(table.letterCount, 1)).map { table.isVowel($0) ? 1 : 0 })
    let alike = parameters.consonantSubstitutionCost < parameters.letterSubstitutionCost
    consonantSounds = IntBuffer((0..<Swift.max(table.letterCount, 1)).map { alike ? table.consonantSounds($0) : 0 })
  }

  /// Whether a partial word whose moves so far set `flags` (`Beam.info`) may make `move`.
  @inline(__always)
  func allows(_ move: DecoderMove, after flags: Int32) -> Bool {
    switch move {
    case .start, .letter: return true
    case .skippedLetter:
      return (skippedLetter.isFinite || doubledLetter.isFinite) && (flags & Beam.skippedLetter == 0 || secondEdit.isFinite && flags & Beam.secondSkippedLetter == 0)
    case .extraTouch:
      return (extraTouch.isFinite || doubledLetter.isFinite) && (flags & Beam.usedExtraTouch == 0 || secondEdit.isFinite && flags & Beam.secondExtraTouch == 0)
    case .misspelledLetter: return (vowelForVowel.isFinite || consonantForConsonant.isFinite || letterForLetter.isFinite) && flags & Beam.misspelledLetter == 0
    case .transposedLetters: return transposition.isFinite && flags & Beam.transposedLetters == 0
    case .keyTapLetters: return keyTapLetter.isFinite && flags & Beam.usedKeyTap == 0
    }
  }

  /// The cost of leaving out `letter` after `previous` (−1: none): a doubled letter's, or any letter's.
  @inline(__always)
  func skipCost(of letter: Int, after previous: Int) -> Float {
    letter == previous ? Swift.min(doubledLetter, skippedLetter) : skippedLetter
  }

  /// The cost of a touch that types no letter: a repeat of the touch before's key, or any.
  @inline(__always)
  func extraTouchCost(repeatsPreviousKey: Bool) -> Float {
    repeatsPreviousKey ? Swift.min(doubledLetter, extraTouch) : extraTouch
  }

  /// The cost of writing `typed` where the word has `intended` (different letters): a vowel for
  /// a vowel's, a consonant for one that sounds alike (with `Beam.alikeConsonant`, so the
  /// correction is only offered), or any other letter's; and the move's flags.
  @inline(__always)
  func substitution(typed: Int, intended: Int) -> (cost: Float, flags: Int32) {
    if isVowel[typed] != 0 && isVowel[intended] != 0 { return (vowelForVowel, Beam.misspelledLetter) }
    if consonantSounds[typed] & consonantSounds[intended] != 0 {
      return (consonantForConsonant, Beam.misspelledLetter | Beam.alikeConsonant)
    }
    return (letterForLetter, Beam.misspelledLetter)
  }
}
