import Foundation
import KeyGram

/// `keygram plot bigrams`: a heatmap of P(next | previous letter), one row per letter typed
/// last (the context's `last` slot) and one column per next letter plus end of word ($).
public enum BigramHeatmap {
  public static func svg(table: KeyGramTable) -> String {
    let letters = table.alphabet.map(String.init)
    let n = letters.count
    let cell = 16.0, left = 34.0, top = 70.0, scaleWidth = 14.0
    let gridRight = left + Double(n + 1) * cell
    // Wide enough for the grid, the colour scale and its labels, and the two subtitle lines.
    var svg = SVGDocument(width: max(gridRight + 20 + scaleWidth + 44, left + 330), height: top + Double(n) * cell + 40)
    svg.text("\(table.languageName): P(next letter | previous letter)", x: left, y: 20, size: 14, anchor: "start", weight: "bold")
    svg.text("rows: previous letter; columns: next letter, $ = end of word", x: left, y: 36, size: 10, anchor: "start", fill: "#555")
    svg.text("darker is likelier (square-root scale, right)", x: left, y: 50, size: 10, anchor: "start", fill: "#555")
    for (column, label) in (letters + ["$"]).enumerated() {
      svg.text(label, x: left + (Double(column) + 0.5) * cell, y: top - 6, size: 10)
    }
    for last in 0..<n {
      let y = top + Double(last) * cell
      svg.text(letters[last], x: left - 8, y: y + cell * 0.72, size: 10)
      let row = table.distribution(after: .bigram(LetterSymbol(letterIndex: last)))
      for next in row.indices {
        let p = row[next]
        svg.rect(x: left + Double(next) * cell, y: y, width: cell, height: cell, fill: colour(p),
                 title: "\(letters[last]) → \(next < n ? letters[next] : "$"): \(String(format: "%.4f", p))")
      }
    }
    // The colour scale: p from 1 at the top to 0 at the bottom, in the cells' square-root shading.
    let scaleX = gridRight + 20, height = Double(n) * cell, steps = scaleSteps
    for step in 0..<steps {
      let root = 1 - (Double(step) + 0.5) / Double(steps)
      svg.rect(x: scaleX, y: top + height * Double(step) / Double(steps), width: scaleWidth,
               height: height / Double(steps) + 0.5, fill: colour(root * root))
    }
    for p in [1, 0.5, 0.25, 0.1, 0.01, 0] {
      svg.text(p == 0 ? "0" : String(format: "%g", p), x: scaleX + scaleWidth + 4, y: top + height * (1 - p.squareRoot()) + 3,
               size: 9, anchor: "start", fill: "#555")
    }
    return svg.rendered
  }

  /// How many bands the colour scale is drawn in.
  public static let scaleSteps = 50

  /// The shade of probability `p`: white at 0, deep blue at 1, by √p so small ones still show.
  static func colour(_ p: Double) -> String {
    let shade = Int((1 - p.squareRoot()) * 255)
    return "rgb(\(shade),\(Int(Double(shade) * 0.9 + 25)),255)"
  }
}
