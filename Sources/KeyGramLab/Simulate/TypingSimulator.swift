import Foundation
import KeyGram

/// Types text on a keyboard with noisy touches and counts how often each resolver gets the
/// intended key, through the same engine calls a keyboard makes: the typing context records
/// every keystroke, each resolver updates for the context, then resolves the touch.
///
/// The typist aims at the centre of the intended key's cap; each touch lands at that point
/// plus an optional systematic offset, plus the key's own offset (drawn once per key from
/// N(0, keyOffsetSpread²) per axis), plus 2-D Gaussian noise (σx, σy in points, times the row's
/// `rowSpread` factor). With
/// `Errors.corrected` each method's context holds the intended text, as if every error were
/// noticed and corrected; with `.uncorrected` it holds what that method actually typed.
public struct TypingSimulator {
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

    public init(sigmaX: Float = 8, sigmaY: Float = 8, offsetX: Float = 0, offsetY: Float = 0,
                keyOffsetSpread: Float = 0, rowSpread: [Float] = [], seed: UInt64 = 1) {
      self.sigmaX = sigmaX
      self.sigmaY = sigmaY
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.keyOffsetSpread = keyOffsetSpread
      self.rowSpread = rowSpread
      self.seed = seed
    }
  }

  /// One resolver under test, with how much context it gets.
  public struct Method: Sendable {
    public enum Kind: Sendable, Equatable {
      case nearestKey
      case boundaryShift(BoundaryShiftResolver.Parameters)
      case gaussian(GaussianKeyResolver.Parameters)
    }
    /// How much of what was typed the resolver's prior sees: nothing, one letter, two, three
    /// (the table's `QUAD` rows where it has them, else the trigram row), three and the
    /// whole word so far (the 4-gram row blended with the table's lexicon), or all that and the
    /// words typed so far (a `WordHistory` learning as the text is typed, blended in).
    public enum Context: String, Sendable, CaseIterable { case none, bigram, trigram, fourgram = "4-gram", lexicon, history }
    public var name: String
    public var kind: Kind
    public var context: Context
    /// Learns where this typist touches (a `TouchModel` fed the method's accepted keystrokes,
    /// committed at each word's end) and adapts the resolver to it.
    public var adaptive: Bool

    public init(name: String, kind: Kind, context: Context, adaptive: Bool = false) {
      self.name = name
      self.kind = kind
      self.context = context
      self.adaptive = adaptive
    }

    /// The boundary-shift and Gaussian × prior (anchored) methods of `methods` again, adaptive:
    /// "…, adaptive" rows.
    public static func adaptiveVariants(of methods: [Method]) -> [Method] {
      methods.compactMap { method in
        switch method.kind {
        case .nearestKey: return nil
        case .gaussian(let parameters) where parameters.anchorFraction == 0: return nil
        case .boundaryShift, .gaussian:
          return Method(name: method.name + ", adaptive", kind: method.kind, context: method.context, adaptive: true)
        }
      }
    }

    /// Static, then boundary shift and Gaussian × prior with and without anchoring, each with
    /// bigram, trigram, 4-gram and lexicon context, all with the engine's default parameters.
    public static var standard: [Method] { standard(lexicon: true) }

    /// `standard`, with the lexicon rows only when `lexicon` is true (a table that has one).
    public static func standard(lexicon: Bool) -> [Method] {
      let contexts: [Context] = lexicon ? [.bigram, .trigram, .fourgram, .lexicon, .history] : [.bigram, .trigram, .fourgram, .history]
      let boundary = BoundaryShiftResolver.Parameters()
      let gaussian = GaussianKeyResolver.Parameters()
      var unanchored = gaussian
      unanchored.anchorFraction = 0
      var methods = [Method(name: "static (nearest key)", kind: .nearestKey, context: .none)]
      for context in contexts {
        methods.append(Method(name: "boundary shift, \(context.rawValue)", kind: .boundaryShift(boundary), context: context))
      }
      for context in contexts {
        methods.append(Method(name: "Gaussian × prior, \(context.rawValue)", kind: .gaussian(gaussian), context: context))
      }
      for context in contexts {
        methods.append(Method(name: "Gaussian × prior, no anchor, \(context.rawValue)", kind: .gaussian(unanchored), context: context))
      }
      return methods
    }
  }

  /// What one method got wrong, and how that compares with the first method (static).
  public struct MethodResult: Sendable {
    public var method: Method
    public var errors: Int
    public var errorRate: Double
    /// Errors of the baseline ÷ errors of this method (> 1: fewer errors than static).
    public var reduction: Double
    /// A 95% confidence interval for `reduction` (block bootstrap over the text).
    public var reductionInterval: ClosedRange<Double>
  }

  public struct Result: Sendable {
    public var keystrokes: Int
    public var touches: Touches
    public var methods: [MethodResult]
    /// Each method's errors in each window of `curveWindow` keystrokes, in typing order.
    public var learningCurve: [[Int]]
    public var curveWindow: Int
  }

  /// What each method's context holds after a miss.
  public enum Errors: String, Sendable, CaseIterable {
    /// The intended letter, as if every error were noticed and fixed at once.
    case corrected
    /// The letter on the key the method resolved, as on a phone before anyone corrects it: one
    /// miss sends the lexicon cursor astray for the rest of the word.
    case uncorrected
  }

  /// A keystroke of the text: a letter index, or a boundary (space, punctuation, …).
  public enum Keystroke: Equatable, Sendable {
    case letter(Int)
    case boundary
  }

  public let table: KeyGramTable
  public let layout: KeyboardLayout
  public let letterKeys: LetterKeyMap

  public init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap) {
    self.table = table
    self.layout = layout
    self.letterKeys = letterKeys
  }

  /// The keystrokes that type `text`: letters of the table's alphabet that have a key, and
  /// boundaries (runs collapsed). Apostrophes are skipped, as the context ignores them; a
  /// letter the table lacks is a boundary here (nobody can aim at a key it has not got).
  public func keystrokes(of text: String, limit: Int? = nil) -> [Keystroke] {
    var result: [Keystroke] = []
    var letters = 0
    for scalar in text.unicodeScalars {
      if TypingContext.isApostrophe(scalar) { continue }
      if let index = table.letterIndex(of: scalar), letterKeys.keyIndex(ofLetter: index) != nil {
        if let limit, letters >= limit { break }
        result.append(.letter(index))
        letters += 1
      } else if result.last != .boundary {
        result.append(.boundary)
      }
    }
    return result
  }

  /// Types `keystrokes` once, with every method seeing the same touches. Lexicon and history
  /// methods blend by `lexiconBalance` (see `TypingContext`); the others see no lexicon. Each
  /// history method starts with an empty `WordHistory` of `historyCapacity` nodes blended by
  /// `historyBalance`, which learns every word its context sees completed.
  public func run(_ keystrokes: [Keystroke], touches: Touches, methods: [Method] = Method.standard,
                  errors: Errors = .corrected, lexiconBalance: Float = TypingContext.defaultLexiconBalance,
                  historyBalance: Float = WordHistory.defaultBalance,
                  historyCapacity: Int = WordHistory.defaultCapacity, curveWindow: Int = 500) -> Result {
    let resolvers: [any KeyResolver] = methods.map { method in
      switch method.kind {
      case .nearestKey: return StaticKeyResolver(layout: layout)
      case .boundaryShift(let parameters): return BoundaryShiftResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      case .gaussian(let parameters): return GaussianKeyResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      }
    }
    // The typist's own offsets, drawn once from their own stream so the touch noise stays the same.
    var offsetRandom = SeededRandom(seed: touches.seed ^ 0x0FF5_E75E)
    let aims = layout.keys.map { key in
      let (nx, ny) = touches.keyOffsetSpread > 0 ? offsetRandom.normalPair() : (0, 0)
      return TouchPoint(x: key.frame.midX + touches.keyOffsetSpread * Float(nx), y: key.frame.midY + touches.keyOffsetSpread * Float(ny))
    }
    let rowSpread = layout.keys.indices.map { key in
      let row = layout.rowIndex(ofKey: KeyIndex(key)) ?? 0
      return row < touches.rowSpread.count ? touches.rowSpread[row] : 1
    }
    let touchModels = methods.map { $0.adaptive ? TouchModel(layout: layout) : nil }
    let curveWindow = Swift.max(1, curveWindow)
    var curve: [[Int]] = []
    var random = SeededRandom(seed: touches.seed)
    var contexts = methods.map { method in
      TypingContext(table: table, lexiconBalance: method.context == .lexicon || method.context == .history ? lexiconBalance : .infinity,
                    wordHistory: method.context == .history ? WordHistory(capacity: historyCapacity, balance: historyBalance) : nil)
    }
    let letterCount = keystrokes.reduce(0) { $0 + ($1 == .boundary ? 0 : 1) }
    let blockCount = Swift.max(1, Swift.min(200, letterCount / 50))
    var blockErrors = [[Int]](repeating: [Int](repeating: 0, count: methods.count), count: blockCount)
    var typed = 0
    for keystroke in keystrokes {
      guard case .letter(let letter) = keystroke else {
        for index in contexts.indices { contexts[index].recordBoundary() }
        for (index, model) in touchModels.enumerated() {
          guard let model else { continue }
          model.commit()
          (resolvers[index] as? GaussianKeyResolver)?.adapt(to: model)
          (resolvers[index] as? BoundaryShiftResolver)?.adapt(to: model)
        }
        continue
      }
      let key = letterKeys.keyIndex(ofLetter: letter)!
      let (nx, ny) = random.normalPair()
      let spread = rowSpread[key.rawValue]
      let touch = TouchPoint(x: aims[key.rawValue].x + touches.offsetX + spread * touches.sigmaX * Float(nx),
                             y: aims[key.rawValue].y + touches.offsetY + spread * touches.sigmaY * Float(ny))
      let block = typed * blockCount / letterCount
      if typed % curveWindow == 0 { curve.append([Int](repeating: 0, count: methods.count)) }
      let intended = table.letter(at: letter)
      for (index, resolver) in resolvers.enumerated() {
        let context = contexts[index]
        if let weighted = resolver as? any WeightedKeyResolver {
          let letters = context.letterContext
          switch methods[index].context {
          case .fourgram, .lexicon, .history, .none: weighted.update(for: context)
          case .trigram:
            weighted.update(with: letters.earlier.isLetter || letters.earlier == .boundary
              ? table.distribution(after: LetterContext(previous: letters.previous, last: letters.last)) : context.distribution)
          case .bigram:
            weighted.update(with: letters.last.isLetter ? table.distribution(after: .bigram(letters.last)) : context.distribution)
          }
        }
        let resolved = resolver.resolve(touch)
        if resolved != key {
          blockErrors[block][index] += 1
          curve[curve.count - 1][index] += 1
        }
        // Corrected, a miss is deleted, so never learned; uncorrected, it stays typed and is.
        if let resolved, resolved == key || errors == .uncorrected { touchModels[index]?.observe(touch, key: resolved) }
        switch errors {
        case .corrected: contexts[index].record(intended)
        case .uncorrected:
          // What the method typed: the letter on its key's cap, or a boundary for another key.
          if let resolved, let typedLetter = layout[resolved].letter { contexts[index].record(typedLetter) } else { contexts[index].recordBoundary() }
        }
      }
      typed += 1
    }
    return Result(keystrokes: typed, touches: touches,
                  methods: Self.summarise(blockErrors, methods: methods, keystrokes: typed, seed: touches.seed),
                  learningCurve: curve, curveWindow: curveWindow)
  }

  /// Error rates, and reductions against method 0 with block-bootstrap 95% intervals.
  static func summarise(_ blocks: [[Int]], methods: [Method], keystrokes: Int, seed: UInt64) -> [MethodResult] {
    let totals = methods.indices.map { method in blocks.reduce(0) { $0 + $1[method] } }
    var random = SeededRandom(seed: seed ^ 0xB007_57A9)
    let resamples = 2000
    var ratios = [[Double]](repeating: [], count: methods.count)
    for _ in 0..<resamples {
      var sums = [Int](repeating: 0, count: methods.count)
      for _ in blocks.indices {
        let block = blocks[Int(random.next() % UInt64(blocks.count))]
        for method in methods.indices { sums[method] += block[method] }
      }
      for method in methods.indices {
        ratios[method].append(Double(sums[0]) / Double(Swift.max(sums[method], 1)))
      }
    }
    return methods.indices.map { index in
      let sorted = ratios[index].sorted()
      let low = sorted[Int(Double(resamples) * 0.025)], high = sorted[Int(Double(resamples) * 0.975) - 1]
      return MethodResult(method: methods[index], errors: totals[index],
                          errorRate: Double(totals[index]) / Double(Swift.max(keystrokes, 1)),
                          reduction: Double(totals[0]) / Double(Swift.max(totals[index], 1)),
                          reductionInterval: low...high)
    }
  }
}
