import Foundation
import KeyGram

/// `keygram plot bigrams`: a heatmap of P(next | previous letter), one row per letter typed
/// last (the context's `last` slot) and one column per next letter plus end of word ($).
public enum BigramHeatmap {
  public static func svg(table: KeyGramTable) -> String {
    let letters = table.alphabet.map(String.init)
    let n = letters.count
    let cell = 16.0, left = 34.0, top = 56.0
    var svg = SVGDocument(width: left + Double(n + 1) * cell + 20, height: top + Double(n) * cell + 40)
    svg.text("\(table.languageName): P(next letter | previous letter)", x: left, y: 20, size: 14, anchor: "start", weight: "bold")
    svg.text("rows: previous letter; columns: next letter, $ = end of word; darker is likelier (square-root scale)",
             x: left, y: 36, size: 10, anchor: "start", fill: "#555")
    for (column, label) in (letters + ["$"]).enumerated() {
      svg.text(label, x: left + (Double(column) + 0.5) * cell, y: top - 6, size: 10)
    }
    for last in 0..<n {
      let y = top + Double(last) * cell
      svg.text(letters[last], x: left - 8, y: y + cell * 0.72, size: 10)
      let row = table.distribution(after: .bigram(LetterSymbol(letterIndex: last)))
      for next in row.indices {
        let p = row[next]
        let shade = Int((1 - p.squareRoot()) * 255)
        svg.rect(x: left + Double(next) * cell, y: y, width: cell, height: cell,
                 fill: "rgb(\(shade),\(Int(Double(shade) * 0.9 + 25)),255)",
                 title: "\(letters[last]) → \(next < n ? letters[next] : "$"): \(String(format: "%.4f", p))")
      }
    }
    return svg.rendered
  }
}
