@_spi(Testing) import KeyGram
import Testing

/// The typing engine through a text field, as a host applies its edits: every event checks that
/// the engine's view of the text before the cursor is the field's. Touches at key centres on the
/// shipped English table and the iPhone portrait keyboard.
@Suite("Typing engine")
struct TypingEngineTests {
  @Test("teh is corrected at space; backspace reverts it, and a space then keeps it")
  func correctionAndRevert() {
    var user = KeyboardUser()
    user.type("I saw teh ")
    #expect(user.field.before == "I saw the ")
    user.backspace()
    #expect(user.field.before == "I saw teh")
    user.type(" ")
    #expect(user.field.before == "I saw teh ")
  }

  @Test("after a correction, a new field and a backspace leave the new field empty")
  func newFieldForgetsTheRevert() {
    var user = KeyboardUser()
    user.type("I saw teh ")
    #expect(user.field.before == "I saw the ")
    user.newField()
    user.backspace()
    #expect(user.field.before == "")
  }

  @Test("any event between the correction and the backspace disarms the revert")
  func otherEventsDisarm() {
    var user = KeyboardUser()
    user.type("I saw teh ")
    user.tap(user.centre(of: .shift))
    user.tap(user.centre(of: .shift))
    user.backspace()
    #expect(user.field.before == "I saw the")
    var moved = KeyboardUser()
    moved.type("I saw teh ")
    moved.insert("1")
    moved.backspace()
    #expect(moved.field.before == "I saw the ")
  }

  @Test("the typed case is kept: hwllo in mid-sentence is hello, at a sentence start Hello")
  func typedCase() {
    var user = KeyboardUser()
    user.type("I said hwllo ")
    #expect(user.field.before == "I said hello ")
    var start = KeyboardUser()
    start.type("hwllo ")
    #expect(start.field.before == "Hello ")
    var off = KeyboardUser(settings: TypingSettings(capitalizesSentences: false))
    off.type("hwllo ")
    #expect(off.field.before == "hello ")
  }

  @Test("shift: one capital, a double tap locks capitals, a third tap unlocks")
  func shiftAndCapsLock() {
    var user = KeyboardUser(settings: TypingSettings(autocorrection: .off, capitalizesSentences: false))
    let shift = user.centre(of: .shift)
    user.tap(shift)
    #expect(user.engine.shift == .once)
    user.tap(user.centre("a"))
    user.tap(user.centre("b"))
    #expect(user.field.before == "Ab")
    user.tap(TouchPoint(x: shift.x, y: shift.y, timestamp: 10))
    user.tap(TouchPoint(x: shift.x, y: shift.y, timestamp: 10.2))
    #expect(user.engine.shift == .locked)
    let c = user.centre("c"), d = user.centre("d")
    user.tap(TouchPoint(x: c.x, y: c.y, timestamp: 10.5))
    user.tap(TouchPoint(x: d.x, y: d.y, timestamp: 10.7))
    #expect(user.field.before == "AbCD")
    user.tap(shift)
    #expect(user.engine.shift == .off)
  }

  @Test("picking the second slot while typing recie writes that word and a space")
  func pickASlot() throws {
    var user = KeyboardUser()
    user.type("I will recie")
    let bar = user.bar
    try #require(bar.count >= 2)
    #expect(user.engine.suggestions[1].kind == .word)
    user.pick(1)
    #expect(user.field.before == "I will " + bar[1] + " ")
  }

  @Test("after a correction the bar holds the typed word, and picking it reverts")
  func revertSlot() throws {
    var user = KeyboardUser()
    user.type("I saw teh ")
    let bar = user.engine.suggestions
    try #require(bar.count >= 1)
    #expect(bar[0].kind == .revert)
    #expect(bar[0].text == "teh")
    user.pick(0)
    #expect(user.field.before == "I saw teh ")
    // The revert taught the history: teh stands the next time.
    user.type("teh ")
    #expect(user.field.before == "I saw teh teh ")
  }

  @Test("after a revert the bar offers the correction again")
  func barAfterRevert() throws {
    var user = KeyboardUser()
    user.type("I saw teh ")
    user.backspace()
    #expect(user.bar.first == "the")
    user.pick(0)
    #expect(user.field.before == "I saw the ")
  }

  @Test("a join: num, a space tap towards b, ers gives numbers; backspace undoes it")
  func joinAndUndo() {
    var user = KeyboardUser()
    user.type("the num")
    // Nearer b and the resolver types b itself (after "num", b is likely): here it types a space.
    user.tap(user.spaceBar(toward: "b", fraction: 0.45))
    #expect(user.field.before == "The num ")
    user.type("ers ")
    #expect(user.field.before == "The numbers ")
    user.backspace()
    #expect(user.field.before == "The num ers")
    user.type(" ")
    #expect(user.field.before == "The num ers ")
  }

  @Test("a host-inserted digit between two words keeps the engine in step with the field")
  func hostInsertedDigit() {
    var user = KeyboardUser()
    user.type("I have ")
    user.insert("2")
    user.type(" dogs ")
    #expect(user.field.before == "I have 2 dogs ")
    user.backspace()
    user.backspace()
    #expect(user.field.before == "I have 2 dog")
  }

  @Test("punctuation from the host ends the word and corrects it first")
  func hostPunctuationEndsTheWord() {
    var user = KeyboardUser()
    user.type("I saw teh")
    user.insert(",")
    #expect(user.field.before == "I saw the,")
  }

  @Test("a cursor move into the middle of a word: the letters typed there stand, the field and engine agree")
  func cursorIntoAWord() {
    var user = KeyboardUser()
    user.type("I like teh house ")
    #expect(user.field.before == "I like the house ")
    user.moveCursor(by: -8)           // "I like th|e house "
    user.type("r")
    #expect(user.field.before == "I like thr")
    user.moveCursor(by: 100)
    #expect(user.field.after.isEmpty)
    user.type("now ")
    #expect(user.field.before == "I like thre house now ")
  }

  @Test("autocorrection off keeps every word as typed")
  func autocorrectionOff() {
    var user = KeyboardUser(settings: TypingSettings(autocorrection: .off))
    user.type("I saw teh ")
    #expect(user.field.before == "I saw teh ")
  }

  @Test("next words after a space, none when turned off")
  func nextWords() {
    var user = KeyboardUser()
    user.type("I want to ")
    #expect(user.engine.suggestions.count == 3)
    #expect(user.engine.suggestions.allSatisfy { $0.kind == .nextWord })
    user.engine.settings.predictsNextWords = false
    user.type("go ")
    #expect(user.engine.suggestions.isEmpty)
  }

  @Test("learning off: a revert teaches nothing")
  func learningOff() {
    var user = KeyboardUser(settings: TypingSettings(learns: false))
    user.type("I saw teh ")
    user.backspace()
    user.type(" teh ")
    #expect(user.field.before == "I saw teh the ")
    #expect(user.engine.wordHistory.wordCount == 0)
  }

  @Test("what was learned is saved and restored whole; damaged bytes start fresh with a clear error")
  func learnedState() throws {
    var user = KeyboardUser()
    user.type("I saw teh ")
    user.backspace()
    user.type(" ")
    let saved = user.engine.learnedBytes
    var restored = KeyboardUser(learned: saved)
    #expect(restored.engine.learnedError == nil)
    restored.type("I saw teh ")
    #expect(restored.field.before == "I saw teh ")
    var damaged = saved
    damaged[damaged.count / 2] ^= 0x40
    let fresh = KeyboardUser(learned: damaged)
    guard case .checksumMismatch = try #require(fresh.engine.learnedError) else {
      Issue.record("damaged bytes: \(String(describing: fresh.engine.learnedError))")
      return
    }
    #expect(fresh.engine.wordHistory.wordCount == 0)
    let truncated = KeyboardUser(learned: Array(saved.dropLast(9)))
    #expect(truncated.engine.learnedError == .truncated(count: saved.count - 9, needed: saved.count))
    var newer = saved
    newer[6] = 1
    #expect(KeyboardUser(learned: newer).engine.learnedError == .unsupportedVersion(major: 1, minor: 1))
    #expect(KeyboardUser(learned: Array("nonsense".utf8)).engine.learnedError == .truncated(count: 8, needed: 20))
  }
}
