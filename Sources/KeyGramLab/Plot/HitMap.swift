import KeyGram

/// `keygram plot hitmap`: the keyboard with every letter key's effective touch region after a
/// context, for both resolvers, drawn over the visible key caps. Regions are found by
/// resolving a touch at every point of a 1-pt grid, so what is drawn is what the engine does.
public enum HitMap {
  public static func svg(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap, after context: String,
                         boundary: BoundaryShiftResolver.Parameters = .init(), gaussian: GaussianKeyResolver.Parameters = .init()) -> String {
    var typing = TypingContext(table: table)
    typing.record(contentsOf: context)
    let resolvers: [(String, any KeyResolver)] = [
      ("boundary shift", BoundaryShiftResolver(layout: layout, letterKeys: letterKeys, parameters: boundary)),
      ("Gaussian × prior", GaussianKeyResolver(layout: layout, letterKeys: letterKeys, parameters: gaussian)),
    ]
    let bounds = layout.bounds
    let margin = 20.0, titleHeight = 28.0
    let panelHeight = Double(bounds.height) + titleHeight
    var svg = SVGDocument(width: Double(bounds.width) + 2 * margin, height: margin + Double(resolvers.count) * (panelHeight + margin))
    let shown = context.isEmpty ? "word start" : "after \u{201C}\(context)\u{201D}"
    for (panel, (name, resolver)) in resolvers.enumerated() {
      resolver.update(for: typing)
      let top = margin + Double(panel) * (panelHeight + margin)
      svg.text("\(table.languageName), \(shown): \(name)", x: margin, y: top + 16, size: 14, anchor: "start", weight: "bold")
      let originY = top + titleHeight - Double(bounds.minY), originX = margin - Double(bounds.minX)
      // Regions: one rectangle per run of grid points that resolve to the same key, grown
      // downwards while the next grid row has exactly the same runs.
      let step: Float = 1
      var pending: [Run] = []
      var pendingTop = bounds.minY, pendingHeight: Float = 0
      func flush() {
        for run in pending {
          svg.rect(x: originX + Double(run.start), y: originY + Double(pendingTop), width: Double(run.end - run.start),
                   height: Double(pendingHeight), fill: layout[run.key].isSpecial ? "#e4e4e4" : SVGDocument.colour(run.key.rawValue))
        }
      }
      var y = bounds.minY
      while y < bounds.maxY {
        let runs = Self.runs(of: resolver, y: y + step / 2, from: bounds.minX, to: bounds.maxX, step: step)
        if runs == pending {
          pendingHeight += step
        } else {
          flush()
          pending = runs
          pendingTop = y
          pendingHeight = step
        }
        y += step
      }
      flush()
      // The visible caps, with each letter key's probability in this context.
      for (index, key) in layout.keys.enumerated() {
        let frame = key.frame
        svg.rect(x: originX + Double(frame.x), y: originY + Double(frame.y), width: Double(frame.width), height: Double(frame.height),
                 fill: "none", stroke: "#333", strokeWidth: 0.8, rx: 5)
        let label: String
        switch key.role {
        case .letter(let letter), .punctuation(let letter): label = String(letter)
        case .shift: label = "⇧"
        case .backspace: label = "⌫"
        case .space: label = "space"
        case .returnKey: label = "return"
        case .modeChange: label = "123"
        case .other: label = ""
        }
        svg.text(label, x: originX + Double(frame.midX), y: originY + Double(frame.midY) + 2, size: 15)
        if let weighted = resolver as? any WeightedKeyResolver, !key.isSpecial {
          let percent = Double(weighted.probability(ofKey: KeyIndex(index))) * 100
          svg.text(percent >= 1 ? "\(Int(percent.rounded()))%" : "", x: originX + Double(frame.midX),
                   y: originY + Double(frame.maxY) - 5, size: 8, fill: "#555")
        }
      }
    }
    return svg.rendered
  }

  struct Run: Equatable {
    var start: Float
    var end: Float
    var key: KeyIndex
  }

  /// The runs of equal keys along one horizontal line of grid points.
  static func runs(of resolver: any KeyResolver, y: Float, from minX: Float, to maxX: Float, step: Float) -> [Run] {
    var runs: [Run] = []
    var x = minX
    while x < maxX {
      if let key = resolver.resolve(TouchPoint(x: x + step / 2, y: y)) {
        if let last = runs.last, last.key == key, last.end == x {
          runs[runs.count - 1].end = x + step
        } else {
          runs.append(Run(start: x, end: x + step, key: key))
        }
      }
      x += step
    }
    return runs
  }
}
