import Foundation

/// A minimal SVG writer: enough for rectangles, text and lines, with escaping, and no
/// dependency. The output is a standalone SVG 1.1 document.
public struct SVGDocument {
  public let width: Double
  public let height: Double
  private var elements: [String] = []

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                            stroke: String? = nil, strokeWidth: Double = 1, rx: Double = 0, opacity: Double = 1,
                            title: String? = nil) {
    var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
    if rx > 0 { attributes += " rx=\"\(n(rx))\"" }
    if opacity < 1 { attributes += " fill-opacity=\"\(n(opacity))\"" }
    if let title {
      elements.append("<rect \(attributes)><title>\(Self.escape(title))</title></rect>")
    } else {
      elements.append("<rect \(attributes)/>")
    }
  }

  public mutating func text(_ content: String, x: Double, y: Double, size: Double = 12, anchor: String = "middle",
                            weight: String = "normal", fill: String = "#222") {
    elements.append("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" "
                    + "font-weight=\"\(weight)\" fill=\"\(fill)\" font-family=\"Helvetica, Arial, sans-serif\">\(Self.escape(content))</text>")
  }

  /// A line through `points`, unfilled.
  public mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, strokeWidth: Double = 1.5, dashed: Bool = false) {
    let coordinates = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    elements.append("<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\""
                    + (dashed ? " stroke-dasharray=\"5 3\"" : "") + " shape-rendering=\"geometricPrecision\"/>")
  }

  public var rendered: String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" shape-rendering="crispEdges">
    \(elements.joined(separator: "\n"))
    </svg>

    """
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out.append(character)
      }
    }
    return out
  }

  /// Numbers with at most two decimals and no trailing zeros, so files stay small and stable.
  private func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
  }

  /// A distinct pastel colour for item `index` (golden-angle hues).
  public static func colour(_ index: Int, lightness: Int = 78) -> String {
    "hsl(\(Int((Double(index) * 137.508).truncatingRemainder(dividingBy: 360))), 65%, \(lightness)%)"
  }
}
