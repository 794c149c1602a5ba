extension WordDecoder {
  /// The decoder's tunable parameters, with their defaults. Scores are in nats (natural logs).
  public struct Parameters: Hashable, Sendable {
    /// How readily the decoder replaces what was typed (`Autocorrection`): the margins below
    /// are the modest level's, and a stronger level comes nearer from them. The level the
    /// table's language was tuned to start at (`Parameters(table:)`; English: `.standard`), and
    /// `.modest` for a language with no tuning text; `WordDecoder.autocorrection` changes it at any time.
    public var autocorrection = Autocorrection.modest
    /// Touch spread and systematic offset, in points, as `GaussianKeyResolver.Parameters` has
    /// them (8, 8, 0, 0); `adapt(to:)` replaces them with a `TouchModel`'s learned ones.
    /// NaN, infinite or ≤ 0 spreads: the default; others clamped to `spreadRange`
    /// (0.1 … 1,000 points). Non-finite offsets: 0; others clamped to `offsetRange` (±10,000 points).
    /// Within these ranges every score is finite.
    public var sigmaX: Float = KeyLikelihood.defaultSigma
    /// The vertical spread, in points.
    public var sigmaY: Float = KeyLikelihood.defaultSigma
    /// The horizontal offset of touches from the cap centre, in points.
    public var offsetX: Float = 0
    /// The vertical offset of touches from the cap centre, in points.
    public var offsetY: Float = 0
    /// The exponent β on the word's probability in P(word)^β · Π N(touch). 1 is plain Bayes.
    /// NaN or infinite: the default; clamped to 0 ... 100.
    public var languageWeight: Float = 1
    /// The typed letters stand unless the best word's score beats theirs by more than this (a
    /// spelling correction's by its spelling margin instead).
    /// Chosen by `keygram tune --decoder` on the tuning text. NaN: the default; clamped to ≥ 0.
    public var margin: Float = 3
    /// The cost of a letter the typist skipped (a letter of the word with no touch), and of a
    /// touch that belongs to no letter (a doubled or stray tap); at most one of each per word.
    /// Chosen with the other spelling edits (below) on the tuning text and the tuning
    /// misspellings: 10 and 16 (docs/Simulator.md, "Misspellings"). `.infinity` turns one off.
    /// NaN or negative: the default.
    public var omissionCost: Float = 10
    /// The cost of a touch that belongs to no letter, in nats (`.infinity`: off). 16: an unknown
    /// word is more often a known one with a letter more (`hackerdoms`) than a misspelling.
    public var extraTouchCost: Float = 16
    /// A spelling correction (a word reached through an edit move) replaces the typed letters
    /// only when it beats them by this much (it stands in for `margin`), for a word of
    /// `spellingMarginLength` typed letters when the margins follow the length
    /// (`spellingMarginPerLetter`), and never replaces a typed lexicon or history word; below it,
    /// the correction is offered among the alternatives and suggestions. 15 by default, chosen
    /// with the edit costs on the tuning text and the tuning misspellings: the largest share of
    /// misspellings corrected at space whose correct words broken stay within the touch-noise
    /// budget (docs/Simulator.md, "Misspellings"). `.infinity`: offered, never applied at space.
    /// NaN or negative: the default.
    public var spellingMargin: Float = 15
    /// The spelling margin of a correction whose edits only left a letter out or swapped two
    /// neighbours (`acess`, `wiht`, `teh`): the words a language's text holds that the lexicon
    /// lacks are seldom a lexicon word with a letter missing or two swapped, so these replace at
    /// a nearer margin: 6, chosen with `spellingMargin`. NaN or negative: the default.
    public var omissionSpellingMargin: Float = 6
    /// The spelling margin of a correction into a common word, one whose log P in the lexicon is
    /// at least `commonWordLogProbability` (`becouse`, `thier`, `allways`): people misspell the
    /// words they write most, while a word the lexicon lacks (`nybble`, `cruft`) is far more
    /// often one edit from a rare word than from a common one. ∞ by default (as other words):
    /// at 2, the choice of `keygram tune --spelling`, a typist who misspells 1% of English words
    /// makes 3% fewer word errors, but with no misspelling typed every language's held-out text
    /// breaks more correct words (docs/Simulator.md). NaN or negative: the default.
    public var commonWordSpellingMargin: Float = .infinity
    /// The lexicon log P from which a correction's word is common: −8, about the 290 commonest
    /// English words. NaN: the default.
    public var commonWordLogProbability: Float = -8
    /// However short the word, the omission spelling margin is no more than this. ∞ by default
    /// (no limit); `lengthScaledSpellingMargins` sets 9, so a swap or a letter left out in a
    /// short common word (`teh`, `wiht`), the commonest slip of all, is still replaced.
    /// NaN or negative: the default.
    public var omissionSpellingMarginLimit: Float = .infinity
    /// However short the word, the spelling margin is no more than this. ∞ by default (no
    /// limit); `lengthScaledSpellingMargins` sets 15, so a slip in a short common word is
    /// corrected as at one margin for every length. NaN or negative: the default.
    public var spellingMarginLimit: Float = .infinity
    /// How much nearer both spelling margins come per typed letter beyond `spellingMarginLength`
    /// (and farther per letter short of it), never below `spellingMarginFloor`. 0 by default: one margin at every
    /// length. In English a word the lexicon lacks is most often short (`tmrc`, `cruft`, `luser`)
    /// and a misspelling most often long, and `lengthScaledSpellingMargins` corrects half as many
    /// misspellings again; in languages whose unknown words are long (German compounds, Finnish
    /// and Polish inflections) it breaks up to three times as many correct words, and more in every
    /// language the margins were not chosen on.
    /// NaN, infinite or negative: the default.
    public var spellingMarginPerLetter: Float = 0
    /// The typed length, in letters, at which the spelling margins are as set: 7.
    /// NaN, infinite or negative: the default.
    public var spellingMarginLength: Float = 7
    /// However long the word, both spelling margins come down to no less than this. 0 by default:
    /// a correction must beat the typed letters. Below 0, a long correction replaces letters that
    /// score better than it: from 8 letters on, typed letters one slip from a lexicon word are far
    /// more often a misspelling than a word the lexicon lacks. NaN or infinite: the default.
    public var spellingMarginFloor: Float = 0
    /// The cost of a spelling mistake with a doubled letter: one of a pair left out (`acess`)
    /// or a letter typed twice (`untill`), each touch on its key. NaN or negative: the default.
    public var doubledLetterCost: Float = 5
    /// The cost of two neighbouring letters typed in the other order (`teh`, `recieve`).
    /// NaN or negative: the default.
    public var transpositionCost: Float = 5
    /// The cost of a vowel written for another vowel (`definately`, `seperate`), the touch on the
    /// written vowel's key. NaN or negative: the default.
    public var vowelSubstitutionCost: Float = 6
    /// The cost of a consonant written for one that spells the same sound (`sylinder`,
    /// `komplete`; `KeyGramTable.consonantSounds(_:)`), the touch on the written
    /// letter's key. Such a correction is offered, never applied at space. 12, chosen on the
    /// tuning misspellings: the intended word is in the top 3 for 80.2% of them instead of
    /// 79.1%; applied at the spelling margins (at 10) it corrected 0.4% more but broke 11 more
    /// correct words of the tuning text (docs/Simulator.md, "A consonant for one that sounds
    /// alike"). `.infinity`: off. NaN or negative: the default.
    public var consonantSubstitutionCost: Float = 12
    /// The cost of reading a touch on a letter's key as that letter with marks that has a key of
    /// its own (u as ü, n as ñ, s as ş, a as å): typists leave marks off, and web text shows how
    /// often (`fur`, `guzel`, `etta`; docs/Languages.md, "Words that are misspellings"). A reading
    /// of the touch, not a spelling edit: any number per word, replacing by the margin. Marked
    /// letters that share their base letter's key (French é on e) cost nothing there already.
    /// `.infinity`: never. NaN or negative: the default.
    public var markedLetterCost: Float = .infinity
    /// The cost of any other letter written for the word's on purpose (`plurar`, `gramnar`),
    /// the touch on the written letter's key; a touch that missed a neighbouring key
    /// is priced by its distance instead, whichever is likelier. Off (`.infinity`) by default:
    /// on the tuning misspellings, at 12 it corrects 0.7% more at space and puts 0.3% more in
    /// the top 3, but breaks more correct words, and it makes `decide` 16% slower (measured at
    /// 10; docs/Simulator.md, "Misspellings"). NaN or negative: the default.
    public var letterSubstitutionCost: Float = .infinity
    /// Added to the cost of a word's second letter left out (`acomodation`, or beside the first:
    /// `accomdation`) or second touch that types no letter (`ussuallly`); a word makes every
    /// other edit at most once. 8, chosen on the
    /// tuning misspellings: the intended word is in the top 3 for 78.2% of them instead of 76.2%,
    /// at 4 to 12 alike, and not one decision on the tuning text changes (docs/Simulator.md, "A
    /// second letter left out, a second extra touch"). `.infinity`: one of each. NaN or negative: the default.
    public var secondEditCost: Float = 8
    /// Added to a letter left out or a touch that types no letter at the word's first letter
    /// or after its last (a doubled letter's excepted), and to a vowel written for one of the
    /// word's last two letters: spelling mistakes seldom touch a word's edges, while an unknown word's
    /// inflection (`sysadmins`, `кибернетику`) or prefix (`vgrep`) does.
    /// 6, chosen on the tuning text and misspellings: at every spelling margin it breaks fewer
    /// correct words and corrects as many misspellings. NaN or negative: the default;
    /// `.infinity`: no such edit.
    public var wordEdgeEditCost: Float = 6
    /// The cost of taking a tap the keyboard took for a key without a letter (`addTapWithoutLetter`:
    /// shift; `removeLast(tappedAt:key:)`: backspace, with the letter it deleted) for the letter
    /// the typist aimed at, beside the tap's likelihood on that letter's key against the key it
    /// landed on. Such a word is no spelling correction: it replaces the typed letters by the
    /// margin. 0, chosen on the tuning text (fewer letter errors than 1 or 2, as many words
    /// broken, also for a typist who corrects with backspace); a deliberate shift or backspace,
    /// tapped at its key's centre, already lies about 20 nats from every letter. `.infinity`:
    /// never. NaN or negative: the default.
    public var keyTapLetterCost: Float = 0
    /// The cost of reading the typed letters as two words with the space between them left
    /// out ("thisis" as "this is"), beside both words' scores (the second's after the first).
    /// `.infinity`: never. NaN or negative: the default.
    public var spaceOmissionCost: Float = 8
    /// The cost of reading one touch inside the typed letters as the space between two words
    /// ("hevis" as "he is"), beside the touch's likelihood on the space bar against the key it
    /// landed on. `.infinity`: never. NaN or negative: the default.
    public var spaceSubstitutionCost: Float = 2
    /// How far two words (`WordSplit`) must beat both the typed letters and the best single
    /// word to replace them, when a touch was taken for the space bar; below it they are
    /// offered. Only letters that are no lexicon or history word are split. `.infinity`:
    /// offered only. NaN or negative: the default.
    public var splitMargin: Float = 3
    /// How far one word must beat the previous word and the current one to replace both and the
    /// space tapped between them (`WordJoin`: "num ers" as "numbers", the b's touch on the space
    /// bar; `noteSpaceTap(_:key:)`). `.infinity`: never looked for. NaN or negative: the default.
    public var joinMargin: Float = 3
    /// A space (or return) tap is read as a possible letter only when its likelihood on the nearest
    /// letter key is within this many nats of its likelihood on the key it landed on: 4, chosen on the tuning
    /// text, where every join that a gate of ∞ finds is found and 0.3% of words are searched twice.
    /// The same gate, the other way round, lets a split read the letters after a touch on the
    /// space bar's edge with touch noise mended (`avtrst`: `a test`). NaN or negative: the default.
    public var joinTapCutoff: Float = 4
    /// The same for a space left out, when the table keeps the two words as a pair. No touch
    /// speaks for it, and languages write compounds as one that the lexicon holds as two words
    /// (English `hardcoded`, Danish `tabelegenskaber`), so by default such a split is offered,
    /// never put in: `.infinity`. 12 suits English text (docs/Simulator.md). NaN or negative:
    /// the default.
    public var omittedSpaceMargin: Float = .infinity
    /// The same for a space left out between two words the table keeps no pair of, when one is
    /// common and neither rare (below); compounds of rare words ("techspeak") stay offered.
    /// `.infinity` by default, as `omittedSpaceMargin`; 12 suits English text.
    public var unpairedSplitMargin: Float = .infinity
    /// The log-probability in the lexicon one of two unpaired words must reach: −6.1 is about
    /// the 50th English word ("in", "the", "is").
    public var splitCommonWordLogProbability: Float = -6.1
    /// The log-probability in the lexicon both unpaired words must reach: −12 is about the
    /// 10,000th English word.
    public var splitWordLogProbabilityFloor: Float = -12
    /// λ, the weight of the previous word: a lexicon word's mass is multiplied by
    /// (P(word | previous word) / (γ · P(word)))^λ = (1 + q / (γ · P(word)))^λ from the table's
    /// word-pair model (`WordPairs`), so the pairs the table keeps after the previous word (or
    /// the sentence start) rise and every other word keeps its score. 0 turns context off.
    /// Chosen by `keygram tune --decoder` on the tuning text. NaN, infinite or negative: the
    /// default; clamped to ≤ 10.
    public var contextWeight: Float = 1
    /// How many learned words the word history must hold before it weighs as much as the
    /// tables: P(word) = (κ · P_tables(word) + c(word)) / (N + κ), with c the word's count in the
    /// history and N all of them. NaN, infinite or ≤ 0: the default.
    public var historyConcentration: Float = 10000
    /// How many of the user's own pairs after a word it takes before they weigh as much as the
    /// rest on the bar after that word: P(w | v) = (κ₂ · P(w) + c(v, w)) / (κ₂ + c(v)), with
    /// P(w) the decoder's mixture, c(v, w) the history's pair count and c(v) all pairs after v.
    /// 16, chosen by `keygram predict --history-pair-concentration` on the tuning text (keystroke
    /// savings 31.5% at 2, 31.6% at 16, 31.5% at 32). NaN, infinite or ≤ 0: the default.
    public var historyPairConcentration: Float = 16
    /// The prior odds against a word being a lexicon word, as `TypingContext.lexiconBalance`:
    /// the typed letters, when they are no lexicon word, are scored by b / (1 + b) × their
    /// n-gram probability. 0.1 (the typing context's is 0.01): chosen by `keygram tune --decoder`.
    /// NaN, infinite or negative: the default.
    public var lexiconBalance: Float = 0.1
    /// A word outside the lexicon becomes a correction target (a word the decoder offers or puts
    /// in place of other letters) only once the history holds it this many times: kept twice,
    /// or restored by undoing a correction (which learns it at least that many times, up to 16).
    /// Until then it is offered for nothing else, so one uncorrected typo is never learned as a
    /// word. Chosen on the tuning text. NaN or ≤ 0: the default.
    public var historyTargetCount: Float = 2
    /// Typed letters outside the lexicon that the history holds at least this many times are
    /// never replaced: restored by undo (which learns them as often) or kept twice. A slip kept
    /// once is no protected word, so the next touch that plainly meant another word corrects
    /// it. 2: chosen on the tuning text. NaN or ≤ 0: the default.
    public var protectedHistoryCount: Float = 2
    /// The same for typed letters that are a lexicon word: restored by undo (which learns them
    /// as often) or kept 8 times. A lexicon word kept now and then, rightly or as a slip (`ne`
    /// for `be`, `tou` for `you`), gets no protection; its history count still adds to its
    /// score. 8: chosen on the tuning text. NaN or ≤ 0: the default.
    public var protectedLexiconWordCount: Float = 8
    /// Typed letters that are a known word past the lexicon (the table's `KnownWords`) stand
    /// against spelling corrections, as a lexicon word does.
    public var knownWordsStand = true
    /// The words the table flags as offensive (`KeyGramTable.offensiveWords`) are no targets:
    /// never suggested, completed, predicted, corrected into, nor a part of a split or join,
    /// until the history holds one `historyTargetCount` times (kept twice, or restored by
    /// undo). Typed exactly, a flagged word stands. `WordDecoder.blocksOffensiveWords` changes it.
    public var blocksOffensiveWords = true
    /// Until `adapt(to:)` adopts a `TouchModel`, the decoder learns the typist's spread from
    /// the touches of the words that stood (one word behind, so an undo takes a word back):
    /// σ² = (s · σ0² + Σ d²) / (s + n), with s = `spreadPriorTouches` pseudo-touches at
    /// `sigmaX`/`sigmaY` and the sums forgetting past `spreadMemory` touches, clamped to
    /// 0.25 … 3 × σ0. A precise typist's exact word then needs far more evidence to be
    /// replaced; a sloppy one's less. Chosen by `keygram tune --decoder`. NaN or ≤ 0: the default.
    public var learnsSpread = true
    /// How many touches at the starting spread the learned spread begins with. NaN, infinite
    /// or ≤ 0: the default; clamped to `countRange` (at most 10⁶).
    public var spreadPriorTouches: Float = 20
    /// Past this many touches, older ones weigh less in the learned spread. As
    /// `spreadPriorTouches`: at most 10⁶.
    public var spreadMemory: Float = 2000
    /// How many partial words the beam keeps after each touch, and how many more that skipped a
    /// letter. Fixed at init (the beam's memory); clamped to `beamWidthRange` and `omissionBeamWidthRange`.
    /// 16 and 8: on the tuning text they decode touches as 32 and 16 do, and `decide` takes a
    /// third of the time; the misspellings' top 3 lose 1.7 points (docs/Runtime.md, "The search").
    public var beamWidth: Int = 16
    /// How many more partial words the beam keeps that skipped a letter.
    public var omissionBeamWidth: Int = 8
    /// A letter whose key is farther from the touch than this many nats of the Gaussian
    /// (−dx²/2σx² − dy²/2σy²) is not tried for that touch: 18 is 6 σ. NaN or ≤ 0: the default.
    public var spatialCutoff: Float = 18
    /// The spread of a timed touch from the movement since the word's previous touch
    /// (`TouchMotion`), as `GaussianKeyResolver.Parameters.motion`.
    public var motion = TouchMotion.Parameters()

    /// The spreads `sigmaX` and `sigmaY` may take, in points: a narrower one overflows the
    /// Gaussian's 1/2σ², a wider one its normaliser.
    public static let spreadRange: ClosedRange<Float> = 0.1...1000
    /// The offsets `offsetX` and `offsetY` may take, in points: far beyond any keyboard.
    public static let offsetRange: ClosedRange<Float> = -10_000...10_000
    /// The touch counts `spreadPriorTouches` and `spreadMemory` may take.
    public static let countRange: ClosedRange<Float> = 1e-3...1e6
    /// The widths `beamWidth` may take.
    public static let beamWidthRange: ClosedRange<Int> = 1...256
    /// The widths `omissionBeamWidth` may take: 0 turns skipped letters off.
    public static let omissionBeamWidthRange: ClosedRange<Int> = 0...256

    /// The defaults documented on each property.
    public init() {}

    /// The defaults with spelling margins that follow the word's length, chosen on the English
    /// tuning text and misspellings: 26 nats at 7 letters, 5 nats fewer per letter more, at
    /// most 15 (so 15 up to 9 letters, 11 at 10, 6 at 11); 0 for a letter left out or a swap,
    /// 5 more per letter fewer, at most 9; both down to a floor of −10 (a slip's margin is −5 at 8
    /// letters, −10 from 9). On English held-out misspellings it corrects 53.5% at space against
    /// 33.3% (51.8% with the floor at 0; docs/Simulator.md, "Margins by length", "A floor below 0").
    public static var lengthScaledSpellingMargins: Parameters {
      var parameters = Parameters()
      (parameters.spellingMargin, parameters.omissionSpellingMargin, parameters.spellingMarginPerLetter) = (26, 0, 5)
      (parameters.spellingMarginLimit, parameters.omissionSpellingMarginLimit, parameters.spellingMarginFloor) = (15, 9, -10)
      return parameters
    }

    /// The history count that protects typed letters: `protectedLexiconWordCount` for a
    /// lexicon word, `protectedHistoryCount` for others.
    func protectedCount(isLexiconWord: Bool) -> Float { isLexiconWord ? protectedLexiconWordCount : protectedHistoryCount }
  }
}

extension WordDecoder {
  /// Gives the language score the table's offensive words to block, or none; the joiner too.
  func blockOffensiveWords(_ blocks: Bool) {
    prior.blockedWords = blocks ? table.offensiveWords : nil
    joiner?.blocksOffensiveWords = blocks
  }
}
