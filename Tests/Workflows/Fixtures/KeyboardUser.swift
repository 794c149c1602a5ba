// A user at README's keyboard: touches at the keys' centres, 0.2 s apart, and the text field
// checked after each sentence.
import Foundation
import KeyGram

let layout = KeyboardLayout.iPhonePortraitQWERTY
var keyboard = KeyboardViewController()
var time = 100.0
var failures = 0

func tap(_ role: Key.Role) {
  let frame = layout[layout.keyIndex(of: role)!].frame
  keyboard.letterKeys(touchedDownAt: CGPoint(x: Double(frame.midX), y: Double(frame.midY)), timestamp: time)
  time += 0.2
}

func type(_ text: String) {
  for scalar in text.unicodeScalars {
    switch scalar {
    case " ": tap(.space)
    default:
      let lower = Unicode.Scalar(scalar.properties.lowercaseMapping) ?? scalar
      if lower != scalar && !keyboard.letterKeys.showsCapitals { tap(.shift) }
      tap(.letter(lower))
    }
  }
}

func expect(_ text: String, _ what: String) {
  let field = keyboard.textDocumentProxy.textBeforeCursor
  print("\(what): \"\(field)\"")
  if field != text {
    print("  expected \"\(text)\"")
    failures += 1
  }
}

type("I saw teh ")
expect("I saw the ", "teh corrected at space")
tap(.backspace)
expect("I saw teh", "backspace reverts it")
type(" ")
expect("I saw teh ", "and a space keeps it")
type("hwllo there ")
expect("I saw teh hello there ", "typed in lowercase, corrected in lowercase")
keyboard.suggestionBar(picked: 0)
let picked = keyboard.textDocumentProxy.textBeforeCursor
print("next word picked: \"\(picked)\"")
if !picked.hasPrefix("I saw teh hello there ") || !picked.hasSuffix(" ") || picked.count <= 22 { failures += 1 }

// Another text field: the revert is gone with the old one.
type("I saw teh ")
keyboard.textDocumentProxy.textBeforeCursor = ""
keyboard.textDidChange(nil)
tap(.backspace)
expect("", "a new field, then backspace")

// The numbers page and the host's own text.
type("I have ")
keyboard.otherPage(typed: "2")
type(" dogs ")
expect("I have 2 dogs ", "a digit from the numbers page")

// What was learned is saved and restored.
keyboard.viewWillDisappear(false)
keyboard = KeyboardViewController()
print("restored: \(keyboard.engine.learnedError.map { "\($0)" } ?? "ok")")
if keyboard.engine.learnedError != nil { failures += 1 }
type("I saw teh ")
expect("I saw teh ", "the revert was learned and restored")
try? FileManager.default.removeItem(at: keyboard.learnedURL)

print(failures == 0 ? "consumer-run: ok" : "consumer-run: \(failures) failures")
