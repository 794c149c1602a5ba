@_spi(Testing) @testable import KeyGram
import Testing

/// The typed letters read as two words: a space left out ("thisis") or typed on a letter
/// ("hevis"); touches placed by hand on the shipped English table and the iPhone portrait keyboard.
@Suite("Word decoder: two words where one was typed")
struct WordSplitTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY
  var words: WordDecoderTests { WordDecoderTests() }

  /// The context after `text` was typed, as a host's `TypingContext` keeps it.
  func context(after text: String) -> WordContext {
    var context = TypingContext(table: table)
    context.record(contentsOf: text)
    return context.wordContext
  }

  @Test("thisis at the keys' centres: this is, the space left out, is offered; nearer margins put it in")
  func omittedSpace() throws {
    let decoder = words.decoder()
    words.type("thisis", into: decoder)
    let decision = decoder.decide()
    let split = try #require(decision.split)
    #expect(split.text == "this is")
    #expect(split.first.text == "this" && split.second.text == "is")
    #expect(split.spaceTouch == nil)
    #expect(split.pairLift > 0, "the table keeps the pair (this, is)")
    #expect(split.margin > 0)
    #expect(!split.replaces, "a space left out is offered by default")
    var near = WordDecoder.Parameters()
    near.omittedSpaceMargin = 0
    let eager = words.decoder(near)
    words.type("thisis", into: eager)
    #expect(eager.decide().split?.replaces == true)
    // With both hypotheses off there is no split.
    var off = WordDecoder.Parameters()
    (off.spaceOmissionCost, off.spaceSubstitutionCost) = (.infinity, .infinity)
    let plain = words.decoder(off)
    words.type("thisis", into: plain)
    #expect(plain.decide().split == nil)
  }

  @Test("suggestions asked to read two words offer those the word's end would read, and none for a word")
  func suggestionsOfferTheSplit() throws {
    let decoder = words.decoder()
    words.type("thisis", into: decoder)
    #expect(decoder.suggestions(limit: 3).split == nil, "read only when asked")
    let suggestions = decoder.suggestions(limit: 3, readingTwoWords: true)
    let split = try #require(suggestions.split)
    #expect(split.text == "this is" && !split.replaces && split.spaceTouch == nil)
    #expect(!suggestions.contains { $0.text == "this is" }, "the single-word slots stay single words")
    let margin = split.margin
    let decision = decoder.decide()
    #expect(decision.split?.text == "this is" && decision.split?.margin == margin)
    let word = words.decoder()
    words.type("into", into: word)
    #expect(word.suggestions(limit: 3, readingTwoWords: true).split == nil)
    // Once the word is finished there is nothing to suggest.
    decoder.finishWord(decision)
    #expect(decoder.suggestions(limit: 3, readingTwoWords: true).split == nil)
  }

  @Test("hevis whose v touch is 5 pt above the space bar: he is, the v taken for the space")
  func spaceTypedOnALetter() throws {
    let decoder = words.decoder()
    words.type("he", into: decoder)
    let space = layout[layout.keyIndex(of: .space)!].frame
    let v = layout.index("v")
    decoder.add(TouchPoint(x: layout[v].frame.midX, y: space.minY - 5), key: v, letter: words.letter("v"))
    words.type("is", into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "hevis")
    let split = try #require(decision.split)
    #expect(split.text == "he is")
    #expect(split.spaceTouch == 2)
    #expect(split.replaces)
    // The same letters at the keys' centres: a v typed on purpose is no space.
    let centred = words.decoder()
    words.type("hevis", into: centred)
    #expect(centred.decide().split?.replaces != true)
  }

  @Test("avtrst, the v 5 pt above the space bar and the e of test typed as r: a test, the second word mended too")
  func spaceTypedOnALetterBeforeATouchMiss() throws {
    let space = layout[layout.keyIndex(of: .space)!].frame
    let v = layout.index("v"), e = words.centre("e"), r = words.centre("r")
    // "a", the v on the bar's edge, then "test" whose e landed on r, 60% of the way from e's centre.
    func typeSlips(into decoder: WordDecoder) {
      words.type("a", into: decoder)
      decoder.add(TouchPoint(x: layout[v].frame.midX, y: space.minY - 5), key: v, letter: words.letter("v"))
      words.type("t", into: decoder)
      decoder.add(TouchPoint(x: e.x + (r.x - e.x) * 0.6, y: e.y), key: layout.index("r"), letter: words.letter("r"))
      words.type("st", into: decoder)
    }
    let decoder = words.decoder()
    typeSlips(into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "avtrst")
    let split = try #require(decision.split)
    #expect(split.text == "a test" && split.spaceTouch == 1 && split.replaces)
    // Without a joiner (joins off) the second word must be typed exactly: no such split.
    var noJoins = WordDecoder.Parameters()
    noJoins.joinMargin = .infinity
    let exact = words.decoder(noJoins)
    typeSlips(into: exact)
    #expect(exact.decide().split?.text != "a test")
  }

  @Test("ofthe after one is of the (at a near margin); restored by undo, it stands the next time")
  func undoRestoresBothWords() throws {
    let history = WordHistory()
    var near = WordDecoder.Parameters()
    near.omittedSpaceMargin = 0
    let decoder = words.decoder(near, history: history)
    let after = context(after: "one ")
    words.type("ofthe", into: decoder)
    let decision = decoder.decide(after: after)
    let split = try #require(decision.split)
    #expect(split.replaces && split.text == "of the")
    decoder.finishWord(decision)
    // What the host's typing context teaches at the two boundaries.
    words.learn("of", into: history)
    words.learn("the", into: history)
    let restoration = try #require(decoder.undoReplacement())
    #expect(restoration.restored.text == "ofthe")
    #expect(restoration.replaced.text == "of")
    #expect(restoration.replacedSecond?.text == "the")
    #expect(history.count(ofWord: "of".unicodeScalars.map { words.letter($0) }) == 0)
    #expect(history.count(ofWord: "the".unicodeScalars.map { words.letter($0) }) == 0)
    #expect(history.count(ofWord: "ofthe".unicodeScalars.map { words.letter($0) }) >= 1)
    // The restored letters are the current word again, and stand.
    let kept = decoder.decide(after: after)
    #expect(!kept.replaces && kept.split == nil && kept.typed.text == "ofthe")
    decoder.finishWord(kept)
    words.type("ofthe", into: decoder)
    #expect(decoder.decide(after: after).split == nil)
  }

  @Test("a lexicon word typed exactly is never split, nor a word the history holds")
  func wordsStandUnsplit() {
    let decoder = words.decoder()
    words.type("into", into: decoder)
    #expect(decoder.decide().split == nil)
    let history = WordHistory()
    words.learn("userland", into: history, times: 2)
    let keeps = words.decoder(history: history)
    words.type("userland", into: keeps)
    let decision = keeps.decide()
    #expect(decision.split == nil)
    #expect(!decision.replaces)
  }

  @Test("a compound of rare words the table keeps no pair of is offered, never put in")
  func compoundsAreOffered() throws {
    let decoder = words.decoder()
    words.type("techspeak", into: decoder)
    let decision = decoder.decide()
    let split = try #require(decision.split)
    #expect(split.text == "tech speak")
    #expect(split.margin > 0)
    #expect(!split.replaces)
    #expect(!decision.replaces)
  }

  @Test("margins and floors decide, as documented")
  func splitRules() {
    // The margins as set: the modest level's.
    var english = WordDecoder.Parameters()
    english.autocorrection = .modest
    (english.omittedSpaceMargin, english.unpairedSplitMargin) = (12, 12)
    let decoder = words.decoder(english)
    // At the modest level a space left out is offered, never put in.
    var modest = WordDecoder.Parameters()
    modest.autocorrection = .modest
    let byDefault = words.decoder(modest)
    let pairedByFar = WordDecoder.SplitCandidate(pairLift: 1, firstLogProbability: -4, secondLogProbability: -4)
    #expect(!byDefault.splitReplaces(pairedByFar, margin: 100))
    #expect(byDefault.splitReplaces(WordDecoder.SplitCandidate(spaceTouch: 1), margin: 3.5))
    let onSpace = WordDecoder.SplitCandidate(spaceTouch: 2, firstLogProbability: -20, secondLogProbability: -20, shorterLength: 1)
    #expect(decoder.splitReplaces(onSpace, margin: 3.5))
    #expect(!decoder.splitReplaces(onSpace, margin: 2.5))
    let paired = WordDecoder.SplitCandidate(pairLift: 1, firstLogProbability: -20, secondLogProbability: -20)
    #expect(decoder.splitReplaces(paired, margin: 12.5))
    #expect(!decoder.splitReplaces(paired, margin: 11.5))
    let common = WordDecoder.SplitCandidate(firstLogProbability: -4, secondLogProbability: -11)
    #expect(decoder.splitReplaces(common, margin: 12.5))
    #expect(!decoder.splitReplaces(common, margin: 11.5))
    let rare = WordDecoder.SplitCandidate(firstLogProbability: -4, secondLogProbability: -13)
    #expect(!decoder.splitReplaces(rare, margin: 30))
    let neitherCommon = WordDecoder.SplitCandidate(firstLogProbability: -7, secondLogProbability: -7)
    #expect(!decoder.splitReplaces(neitherCommon, margin: 30))
    let oneLetter = WordDecoder.SplitCandidate(firstLogProbability: -9, secondLogProbability: -5, shorterLength: 1)
    #expect(!decoder.splitReplaces(oneLetter, margin: 30))
    let pairedLetter = WordDecoder.SplitCandidate(pairLift: 1, firstLogProbability: -9, secondLogProbability: -5, shorterLength: 1)
    #expect(decoder.splitReplaces(pairedLetter, margin: 13))
  }
}
