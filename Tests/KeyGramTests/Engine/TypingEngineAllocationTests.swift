#if canImport(MallocCounter)
@_spi(Testing) import KeyGram
import Testing

#if DEBUG
let isOptimisedBuild = false
#else
let isOptimisedBuild = true
#endif

/// The engine's events allocate nothing inside the engine: letters, spaces that correct, a
/// backspace that reverts, picks from the bar, shift, and the bar read after each event (its
/// slots read scalar by scalar: `text` is the host's allocation, not counted here). As shipped:
/// a debug build boxes some values the optimiser keeps on the stack, so `make test` runs this
/// proof in its release pass.
@Suite("Typing engine: zero allocation", .serialized, .enabled(if: isOptimisedBuild, "a release build's proof"))
struct TypingEngineAllocationTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func centre(_ role: Key.Role) -> TouchPoint {
    let frame = layout[layout.keyIndex(of: role)!].frame
    return TouchPoint(x: frame.midX, y: frame.midY)
  }

  @Test("letters, corrections, reverts, picks, joins and shift, with the bar read after each", arguments: EnglishTable.Source.allCases)
  func events(source: EnglishTable.Source) {
    let engine = TypingEngine(table: source.table, layout: layout)
    let letters = Dictionary(uniqueKeysWithValues: "abcdefghijklmnopqrstuvwxyz".unicodeScalars.map { ($0, centre(.letter($0))) })
    let space = centre(.space), backspace = centre(.backspace), shift = centre(.shift)
    let b = centre(.letter("b"))
    let nearB = TouchPoint(x: space.x + (b.x - space.x) * 0.45, y: space.y + (b.y - space.y) * 0.45)
    func touches(_ text: String) -> [TouchPoint] { text.unicodeScalars.map { $0 == " " ? space : letters[$0]! } }
    let sentence = touches("i saw teh "), recie = touches("recie"), num = touches("the num"), ers = touches("ers ")
    var seen = 0, corrections = 0, picks = 0
    func read(_ edit: TextEdit) {
      seen &+= edit.deleteCount &+ edit.engineInsertedCount
      if edit.correctsWord { corrections += 1 }
      for index in 0..<edit.engineInsertedCount { seen &+= Int(edit.engineScalar(at: index).value) }
      for slot in engine.suggestions {
        seen &+= slot.count
        if slot.count > 0 { seen &+= Int(slot.scalar(at: 0).value) }
      }
    }
    let count = mallocs {
      for _ in 0..<100 {
        for touch in sentence { read(engine.tap(touch)) }
        read(engine.tap(backspace))                      // reverts the
        read(engine.tap(space))
        if !engine.suggestions.isEmpty { read(engine.pick(0)); picks += 1 }   // a next word
        for touch in recie { read(engine.tap(touch)) }
        if engine.suggestions.count > 1 { read(engine.pick(1)); picks += 1 }  // a word for recie
        read(engine.tap(shift))
        for touch in num { read(engine.tap(touch)) }
        read(engine.tap(nearB))
        for touch in ers { read(engine.tap(touch)) }     // numbers
        read(engine.tap(backspace))                      // reverts the join
        read(engine.tap(space))
        read(engine.deleteBackward())
        read(engine.tap(space))
      }
    }
    #expect(count == 0)
    #expect(corrections > 0)
    #expect(picks > 0)
    #expect(seen > 0)
    engine._checkInvariants()
  }
}
#endif
