import Foundation
import KeyGramPipeline

/// How `keygram simulate` prints a result: a Markdown table, or JSON.
enum SimulationReport {
  static func table(_ result: TypingSimulator.Result) -> String {
    var lines = ["| method | errors | error rate | × fewer errors than static | 95% CI |", "|---|---:|---:|---:|---|"]
    for method in result.methods {
      lines.append("| \(method.method.name) | \(method.errors) | \(String(format: "%.2f%%", method.errorRate * 100)) | "
                   + "\(String(format: "%.2f", method.reduction)) | \(String(format: "%.2f–%.2f", method.reductionInterval.lowerBound, method.reductionInterval.upperBound)) |")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ result: TypingSimulator.Result, lang: String, text: String) -> String {
    let touches = result.touches
    let methods = result.methods.map { method in
      "{\"method\":\(jsonString(method.method.name)),\"context\":\(jsonString(method.method.context.rawValue)),\"errors\":\(method.errors),"
        + "\"errorRate\":\(jsonNumber(method.errorRate)),\"reduction\":\(jsonNumber(method.reduction)),"
        + "\"reductionCI95\":[\(jsonNumber(method.reductionInterval.lowerBound)),\(jsonNumber(method.reductionInterval.upperBound))]}"
    }
    return "{\"language\":\(jsonString(lang)),\"text\":\(jsonString(text)),\"keystrokes\":\(result.keystrokes),"
      + "\"sigmaX\":\(touches.sigmaX),\"sigmaY\":\(touches.sigmaY),\"offsetX\":\(touches.offsetX),\"offsetY\":\(touches.offsetY),"
      + "\"seed\":\(touches.seed),\"methods\":[\(methods.joined(separator: ","))]}"
  }
}
