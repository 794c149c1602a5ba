import Foundation
import KeyGram

extension TypingSimulator {
  /// How the simulated typist touches.
  public struct Touches: Sendable {
    public var sigmaX: Float
    public var sigmaY: Float
    public var offsetX: Float
    public var offsetY: Float
    /// The spread s of each key's own offset, N(0, s²) per axis, drawn once per run: a user who
    /// hits some keys high and others left. 0: none.
    public var keyOffsetSpread: Float
    /// Each row's noise as a multiple of σ (top row first); missing rows are 1.
    public var rowSpread: [Float]
    public var seed: UInt64
    /// The chance that the typist skips a letter (no touch at all), and that a touch is doubled
    /// (a second touch aimed at the same key, with its own noise). Drawn from a stream of their
    /// own, so 0 leaves every other touch as it was.
    public var omitRate: Double
    public var extraRate: Double
    /// The chance that the typist misspells a word: writes a real misspelling of it from the
    /// misspelling list `run` is given, or, where none is listed, makes one spelling slip
    /// (neighbours swapped, one of a doubled letter left out, a consonant doubled, a vowel
    /// written for another). Words under 3 letters without a listed misspelling stay. Drawn from
    /// a stream of its own, so 0 leaves every other touch as it was.
    public var misspellRate: Double
    /// The chance that the typist undoes a replacement of a word they typed exactly as meant (a
    /// backspace right after it, which the decoder takes as `undoReplacement`), so the history
    /// learns the word; the replacement still counts as a broken word. Its own stream too.
    public var undoRate: Double
    /// Whether the typist taps the space bar between words (aimed at its cap's centre, with the
    /// same noise), rather than the space being typed for free. Drawn from a stream of its own.
    public var spaceTaps: Bool
    /// The chance that the typist leaves out the space between two words ("thisis"). Its own stream.
    public var spaceOmitRate: Double
    /// The chance that the typist notices at once a touch that typed a wrong letter, taps
    /// backspace (aimed at its centre, same σ) and types the letter again. Its own stream.
    public var noticeRate: Double
    /// When the typist's touches happen (timestamps), nil: untimed touches, as before timing.
    public var timing: Timing?
    /// The dual-Gaussian typist's spread (σa and elongation): each touch's σ² = σa² + σr², σr
    /// from FFitts law with `timing`'s constants. nil: the fixed σx, σy, whatever the speed.
    public var dualGaussian: DualGaussian?

    public init(sigmaX: Float = 8, sigmaY: Float = 8, offsetX: Float = 0, offsetY: Float = 0,
                keyOffsetSpread: Float = 0, rowSpread: [Float] = [], seed: UInt64 = 1,
                omitRate: Double = 0, extraRate: Double = 0, misspellRate: Double = 0, undoRate: Double = 0,
                spaceTaps: Bool = false, spaceOmitRate: Double = 0, noticeRate: Double = 0,
                timing: Timing? = nil, dualGaussian: DualGaussian? = nil) {
      self.sigmaX = sigmaX
      self.sigmaY = sigmaY
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.keyOffsetSpread = keyOffsetSpread
      self.rowSpread = rowSpread
      self.seed = seed
      self.omitRate = omitRate
      self.extraRate = extraRate
      self.misspellRate = misspellRate
      self.undoRate = undoRate
      self.spaceTaps = spaceTaps
      self.spaceOmitRate = spaceOmitRate
      self.noticeRate = noticeRate
      self.timing = timing
      self.dualGaussian = dualGaussian
    }
  }

  /// A typist whose time between taps follows Fitts' law, T = a + b · log2(A / W + 1) for a
  /// move of A points to a key W points wide, times a lognormal tempo factor per tap (the
  /// same typist is sometimes quicker, sometimes slower), clamped to `tapRange`.
  public struct Timing: Sendable, Equatable {
    /// Fitts' intercept a and slope b, in seconds and seconds per bit.
    public var fittsIntercept: Double
    public var fittsSlope: Double
    /// The standard deviation of ln(T / T_Fitts): how much one tap's tempo varies.
    public var tempoSpread: Double
    /// Every tap's time is clamped to this range, in seconds.
    public var tapRange: ClosedRange<Double>
    /// The time between a word's last letter and the next word's first (the space between).
    public var wordPause: Double

    public init(fittsIntercept: Double, fittsSlope: Double, tempoSpread: Double, tapRange: ClosedRange<Double>, wordPause: Double) {
      self.fittsIntercept = fittsIntercept
      self.fittsSlope = fittsSlope
      self.tempoSpread = tempoSpread
      self.tapRange = tapRange
      self.wordPause = wordPause
    }

    /// The time of a tap after a move of `distance` points to a key `width` points wide, with
    /// standard normal deviate `z` for its tempo.
    public func tapTime(distance: Double, width: Double, z: Double) -> Double {
      let fitts = fittsIntercept + fittsSlope * Foundation.log2(distance / Swift.max(width, 1) + 1)
      let time = fitts * Foundation.exp(tempoSpread * z)
      return Swift.min(Swift.max(time, tapRange.lowerBound), tapRange.upperBound)
    }
  }

  /// The dual-Gaussian spread of a typist's touches (FFitts law; Rotational Dual Gaussian).
  public struct DualGaussian: Sendable, Equatable {
    /// σa, the finger's absolute precision, in points.
    public var absoluteSigma: Double
    /// σr∥ / σr⊥: the relative part's elongation along the movement (1: round).
    public var elongation: Double
    /// The relative part's σr never exceeds this, in points (a move faster than the intercept).
    public var maximumRelativeSigma: Double

    public init(absoluteSigma: Double, elongation: Double = 1, maximumRelativeSigma: Double = 30) {
      self.absoluteSigma = absoluteSigma
      self.elongation = elongation
      self.maximumRelativeSigma = maximumRelativeSigma
    }

    /// σr from FFitts law: A / (√(2πe) · (2^((T − a) / b) − 1)), at most `maximumRelativeSigma`.
    public func relativeSigma(distance: Double, time: Double, timing: Timing) -> Double {
      guard distance > 0 else { return 0 }
      let ratio = Foundation.pow(2, (time - timing.fittsIntercept) / timing.fittsSlope) - 1
      guard ratio > 0 else { return maximumRelativeSigma }
      return Swift.min(distance / ((2 * Double.pi * M_E).squareRoot() * ratio), maximumRelativeSigma)
    }
  }

  /// The simulated typist: for each letter of the text, the touches aimed at its key (none when
  /// the letter is skipped, two when its touch is doubled), each landing at the key's aim plus
  /// the offsets and noise of `Touches`, and timed by Fitts' law when `Touches.timing` is set.
  /// Noise, slips, tempo and the keys' own offsets each draw from a stream of their own, so
  /// turning one on leaves the others' draws as they were.
  struct Typist {
    let layout: KeyboardLayout
    let settings: Touches
    /// Where the typist aims at each key: the centre of its cap plus the key's own offset.
    let aims: [TouchPoint]
    /// Each key's noise as a multiple of σ: its row's `rowSpread` factor.
    let rowSpread: [Float]
    /// Where the finger starts a word: the centre of the widest special key (the space bar).
    let spaceAim: TouchPoint
    var random: SeededRandom
    var slipRandom: SeededRandom
    var timingRandom: SeededRandom
    var misspellRandom: SeededRandom
    var undoRandom: SeededRandom
    var spaceRandom: SeededRandom
    var noticeRandom: SeededRandom
    /// The space bar, and its noise as a multiple of σ.
    let spaceKey: Int?
    /// The time of the last timed touch, in seconds.
    var clock = 1000.0

    init(layout: KeyboardLayout, touches: Touches) {
      self.layout = layout
      settings = touches
      // The typist's own offsets, drawn once from their own stream so the touch noise stays the same.
      var offsetRandom = SeededRandom(seed: touches.seed ^ 0x0FF5_E75E)
      aims = layout.keys.map { key in
        let (nx, ny) = touches.keyOffsetSpread > 0 ? offsetRandom.normalPair() : (0, 0)
        return TouchPoint(x: key.frame.midX + touches.keyOffsetSpread * Float(nx), y: key.frame.midY + touches.keyOffsetSpread * Float(ny))
      }
      rowSpread = layout.keys.indices.map { key in
        let row = layout.rowIndex(ofKey: KeyIndex(key)) ?? 0
        return row < touches.rowSpread.count ? touches.rowSpread[row] : 1
      }
      spaceAim = layout.keys.filter(\.isSpecial).max { $0.frame.width < $1.frame.width }
        .map { TouchPoint(x: $0.frame.midX, y: $0.frame.midY) } ?? TouchPoint(x: layout.bounds.midX, y: layout.bounds.maxY)
      spaceKey = layout.keys.firstIndex { $0.role == .space }
      random = SeededRandom(seed: touches.seed)
      slipRandom = SeededRandom(seed: touches.seed ^ 0x5_11B5)
      // The typist's clock and tempo, from a stream of their own so the touch noise stays the same.
      timingRandom = SeededRandom(seed: touches.seed ^ 0x7A9_715E)
      misspellRandom = SeededRandom(seed: touches.seed ^ 0x3155_9E11)
      undoRandom = SeededRandom(seed: touches.seed ^ 0x0_4D0E)
      spaceRandom = SeededRandom(seed: touches.seed ^ 0x5_BACE)
      noticeRandom = SeededRandom(seed: touches.seed ^ 0x0_B5E7)
    }

    /// A correction the typist would make after a touch aimed at `key`, should it type a wrong
    /// letter: nil when they would not notice; else the backspace tap (aimed at its centre) and
    /// the letter's touch again. Drawn every letter, so whether one keyboard errs never shifts
    /// another's draws.
    mutating func correction(for key: KeyIndex) -> (backspace: TouchPoint, again: TouchPoint)? {
      guard settings.noticeRate > 0 else { return nil }
      let notices = noticeRandom.unit() <= settings.noticeRate
      let (bx, by) = noticeRandom.normalPair(), (ax, ay) = noticeRandom.normalPair()
      guard notices, let backspace = layout.keyIndex(of: .backspace) else { return nil }
      func landing(_ target: Int, _ nx: Double, _ ny: Double) -> TouchPoint {
        let spread = rowSpread[target]
        return TouchPoint(x: aims[target].x + settings.offsetX + spread * settings.sigmaX * Float(nx),
                          y: aims[target].y + settings.offsetY + spread * settings.sigmaY * Float(ny))
      }
      return (landing(backspace.rawValue, bx, by), landing(key.rawValue, ax, ay))
    }

    /// How the typist makes the space after a word: left out with chance `spaceOmitRate`, else
    /// tapped on the space bar's cap centre with the touch noise (`spaceTaps`), else typed.
    /// Both draws every word, so one word's choice never shifts the next word's.
    mutating func boundary() -> Boundary {
      guard settings.spaceTaps || settings.spaceOmitRate > 0 else { return .typed }
      let omit = spaceRandom.unit()
      let (nx, ny) = spaceRandom.normalPair()
      if settings.spaceOmitRate > 0 && omit <= settings.spaceOmitRate { return .omitted }
      guard settings.spaceTaps, let spaceKey else { return .typed }
      let spread = rowSpread[spaceKey]
      var touch = TouchPoint(x: spaceAim.x + settings.offsetX + spread * settings.sigmaX * Float(nx),
                             y: spaceAim.y + settings.offsetY + spread * settings.sigmaY * Float(ny))
      if let timing = settings.timing {
        clock += timing.tapRange.lowerBound
        touch.timestamp = clock
      }
      return .tapped(touch)
    }

    /// The letters the typist means to type for the word `letters`: the word itself, or with
    /// chance `misspellRate` a listed misspelling of it (`misspellings`) or a spelling slip.
    mutating func spelling(of letters: [Int], misspellings: [[Int]: [[Int]]], isVowel: (Int) -> Bool, vowels: [Int]) -> [Int] {
      guard settings.misspellRate > 0 else { return letters }
      // Both draws every word, so one word's choice never shifts the next word's.
      let draw = misspellRandom.unit(), pick = misspellRandom.next()
      guard draw <= settings.misspellRate else { return letters }
      if let listed = misspellings[letters], !listed.isEmpty { return listed[Int(pick % UInt64(listed.count))] }
      return Self.spellingSlip(in: letters, choice: pick, isVowel: isVowel, vowels: vowels)
    }

    /// Whether the typist undoes this word's replacement, should the decoder replace it.
    mutating func undoesReplacement() -> Bool {
      guard settings.undoRate > 0 else { return false }
      return undoRandom.unit() <= settings.undoRate
    }

    /// One spelling slip in `letters`, never at its first letter: a kind chosen evenly by `choice`
    /// among those the word allows (two different neighbours swapped, one of a doubled letter
    /// left out, a consonant doubled, a vowel written as another of `vowels`), then one place.
    /// Words under 3 letters: none.
    static func spellingSlip(in letters: [Int], choice: UInt64, isVowel: (Int) -> Bool, vowels: [Int]) -> [Int] {
      let count = letters.count
      guard count >= 3 else { return letters }
      var swaps: [[Int]] = [], undoublings: [[Int]] = [], doublings: [[Int]] = [], vowelSwaps: [[Int]] = []
      for position in 1..<count {
        let letter = letters[position]
        if position + 1 < count && letters[position + 1] != letter {
          var swapped = letters
          swapped.swapAt(position, position + 1)
          swaps.append(swapped)
        }
        if letters[position - 1] == letter {
          var undoubled = letters
          undoubled.remove(at: position)
          undoublings.append(undoubled)
        } else if !isVowel(letter) && (position + 1 == count || letters[position + 1] != letter) {
          var doubled = letters
          doubled.insert(letter, at: position)
          doublings.append(doubled)
        }
        if isVowel(letter) {
          for vowel in vowels where vowel != letter {
            var replaced = letters
            replaced[position] = vowel
            vowelSwaps.append(replaced)
          }
        }
      }
      let kinds = [swaps, undoublings, doublings, vowelSwaps].filter { !$0.isEmpty }
      guard !kinds.isEmpty else { return letters }
      let kind = kinds[Int(choice % UInt64(kinds.count))]
      return kind[Int((choice >> 16) % UInt64(kind.count))]
    }

    /// The touches of one letter, aimed at `key`; `previous` is the key of the word's letter
    /// before it, nil for a word's first letter. The first touch is the aimed one, a second is
    /// the doubled touch.
    mutating func touches(for key: KeyIndex, after previous: Int?) -> [TouchPoint] {
      let skipped = settings.omitRate > 0 && slipRandom.unit() <= settings.omitRate
      let doubled = settings.extraRate > 0 && slipRandom.unit() <= settings.extraRate
      let touchCount = skipped ? 0 : (doubled ? 2 : 1)
      var touches: [TouchPoint] = []
      for repeatIndex in 0..<touchCount {
        let (nx, ny) = random.normalPair()
        let spread = rowSpread[key.rawValue]
        var touch = TouchPoint(x: aims[key.rawValue].x + settings.offsetX + spread * settings.sigmaX * Float(nx),
                               y: aims[key.rawValue].y + settings.offsetY + spread * settings.sigmaY * Float(ny))
        if let timing = settings.timing {
          // The finger moves from the previous aim (the space bar's at a word's start) in Fitts' time.
          let from = repeatIndex > 0 ? aims[key.rawValue] : (previous.map { aims[$0] } ?? spaceAim)
          let to = aims[key.rawValue]
          let dx = Double(to.x - from.x), dy = Double(to.y - from.y), distance = (dx * dx + dy * dy).squareRoot()
          let time = timing.tapTime(distance: distance, width: Double(layout[key].frame.width), z: timingRandom.normalPair().0)
          clock += time + (repeatIndex == 0 && previous == nil ? timing.wordPause : 0)
          if let dual = settings.dualGaussian {
            let relative = dual.relativeSigma(distance: distance, time: time, timing: timing)
            let along = (dual.absoluteSigma * dual.absoluteSigma + relative * relative * dual.elongation).squareRoot()
            let across = (dual.absoluteSigma * dual.absoluteSigma + relative * relative / dual.elongation).squareRoot()
            let cosine = distance > 0 ? dx / distance : 1, sine = distance > 0 ? dy / distance : 0
            let u = along * nx, v = across * ny
            touch = TouchPoint(x: aims[key.rawValue].x + settings.offsetX + Float(spread) * Float(u * cosine - v * sine),
                               y: aims[key.rawValue].y + settings.offsetY + Float(spread) * Float(u * sine + v * cosine))
          }
          touch.timestamp = clock
        }
        touches.append(touch)
      }
      return touches
    }
  }
}
