import KeyGram

/// The error rate per window of keystrokes as an SVG line chart (`keygram plot learning-curve`):
/// how fast an adaptive resolver recovers what a touch offset costs.
public enum LearningCurve {
  /// One line per method of `result` chosen by `columns`, smoothed over `smoothing` windows
  /// (a running mean, so the first windows stay visible), error rate on the vertical axis.
  public static func svg(_ result: TypingSimulator.Result, columns: [Int], title: String, smoothing: Int = 5) -> String {
    let width = 720.0, height = 400.0, left = 60.0, right = 250.0, top = 40.0, bottom = 50.0
    let plotWidth = width - left - right, plotHeight = height - top - bottom
    let windows = result.learningCurve.count
    let rates: [[Double]] = columns.map { column in
      var smoothed: [Double] = []
      for window in 0..<windows {
        let span = Swift.max(0, window - smoothing + 1)...window
        var errors = 0, keystrokes = 0
        for index in span {
          errors += result.learningCurve[index][column]
          keystrokes += Swift.min(result.curveWindow, result.keystrokes - index * result.curveWindow)
        }
        smoothed.append(Double(errors) / Double(Swift.max(keystrokes, 1)))
      }
      return smoothed
    }
    let maximum = Swift.max(rates.flatMap { $0 }.max() ?? 0, 1e-4) * 1.1
    var svg = SVGDocument(width: width, height: height)
    svg.rect(x: 0, y: 0, width: width, height: height, fill: "#fff")
    svg.text(title, x: left, y: 22, size: 14, anchor: "start", weight: "bold")
    svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "none", stroke: "#999")
    for tick in 0...4 {
      let value = maximum * Double(tick) / 4, y = top + plotHeight * (1 - Double(tick) / 4)
      svg.text(String(format: "%.1f%%", value * 100), x: left - 6, y: y + 4, size: 10, anchor: "end")
      svg.polyline([(left, y), (left + plotWidth, y)], stroke: "#eee", strokeWidth: 1)
    }
    let keystrokes = result.keystrokes
    for tick in 0...4 {
      let x = left + plotWidth * Double(tick) / 4
      svg.text("\(keystrokes * tick / 4)", x: x, y: top + plotHeight + 16, size: 10)
    }
    svg.text("keystrokes typed", x: left + plotWidth / 2, y: height - 12, size: 11)
    for (line, column) in columns.enumerated() {
      let points = rates[line].enumerated().map { window, rate in
        (x: left + plotWidth * (Double(window) + 0.5) / Double(Swift.max(windows, 1)),
         y: top + plotHeight * (1 - rate / maximum))
      }
      let name = result.methods[column].method.name
      let colour = SVGDocument.colour(line, lightness: 42)
      svg.polyline(points, stroke: colour, dashed: !result.methods[column].method.adaptive)
      let legendY = top + 16 + Double(line) * 18
      svg.polyline([(left + plotWidth + 14, legendY - 4), (left + plotWidth + 38, legendY - 4)], stroke: colour,
                   dashed: !result.methods[column].method.adaptive)
      svg.text(name, x: left + plotWidth + 44, y: legendY, size: 10, anchor: "start")
    }
    return svg.rendered
  }
}
