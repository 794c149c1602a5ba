// Stand-ins for the UIKit and app-group API that README's keyboard uses, so that it compiles and
// runs on Linux. They behave as the real ones do for what the keyboard calls.
import Foundation

/// A text field's document as the keyboard sees it: the text before the cursor.
final class TextDocumentProxy {
  var textBeforeCursor = ""
  var documentContextBeforeInput: String? { textBeforeCursor }
  func insertText(_ text: String) { textBeforeCursor += text }
  func deleteBackward() { if !textBeforeCursor.isEmpty { textBeforeCursor.removeLast() } }
}

protocol UITextInput {}

class UIInputViewController {
  let textDocumentProxy = TextDocumentProxy()
  func textDidChange(_ textInput: UITextInput?) {}
  func viewWillDisappear(_ animated: Bool) {}
}

extension FileManager {
  /// The app group's container: here, a folder under the consumer's build folder.
  func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL? {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/\(group)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

// The keyboard's own views.
final class SuggestionBarView {
  private(set) var words: [String] = []
  func show(_ words: [String]) { self.words = words }
}

final class LetterKeysView {
  private(set) var showsCapitals = false
  private(set) var numbersPageShown = false
  func showNumbersPage() { numbersPageShown = true }
  func showCapitals(_ on: Bool) { showsCapitals = on }
}
