@_spi(Testing) import KeyGram
import Testing

/// Each autocorrect level's decision on letters typed at the keys' centres on the shipped
/// English table, through the typing engine: a misspelling, a jargon word, a space left out;
/// and what a revert teaches at the strongest level.
@Suite("Autocorrect levels")
struct AutocorrectionLevelTests {
  /// The field after `text` is typed at `level`, sentence starts left as typed.
  func typed(_ text: String, at level: Autocorrection) -> String {
    var user = KeyboardUser(settings: TypingSettings(autocorrection: level, capitalizesSentences: false))
    user.type(text)
    return user.field.before
  }

  @Test("every level is named, and found by its name")
  func names() {
    #expect(Autocorrection.allLevels.map(\.description) == ["off", "modest", "standard", "aggressive"])
    for level in Autocorrection.allLevels { #expect(Autocorrection(name: level.description) == level) }
    #expect(Autocorrection(name: "strong") == nil)
    // A keyboard starts at its language's level: English's tuning chose standard.
    #expect(TypingSettings().autocorrection == nil && WordDecoder.Parameters().autocorrection == .modest)
    #expect(WordDecoder.Parameters(table: EnglishTable.mapped).autocorrection == .standard)
  }

  @Test("thier stays at off and modest and is their from standard up; teh is the from modest up")
  func misspelling() {
    #expect(typed("we saw thier ", at: .off) == "we saw thier ")
    #expect(typed("we saw thier ", at: .modest) == "we saw thier ")
    #expect(typed("we saw thier ", at: .standard) == "we saw their ")
    #expect(typed("we saw thier ", at: .aggressive) == "we saw their ")
    #expect(typed("we saw teh ", at: .off) == "we saw teh ")
    #expect(typed("we saw teh ", at: .modest) == "we saw the ")
  }

  @Test("seperate and definately are corrected only at aggressive")
  func strongerCorrections() {
    for level in [Autocorrection.modest, .standard] {
      #expect(typed("we seperate ", at: level) == "we seperate ")
    }
    #expect(typed("we seperate ", at: .aggressive) == "we separate ")
    #expect(typed("it definately ", at: .standard) == "it definately ")
    #expect(typed("it definately ", at: .aggressive) == "it definitely ")
  }

  @Test("the jargon word luser stands up to standard; aggressive replaces it, and after a revert it stands")
  func jargonAndRevert() {
    #expect(typed("a luser ", at: .standard) == "a luser ")
    var user = KeyboardUser(settings: TypingSettings(autocorrection: .aggressive, capitalizesSentences: false))
    user.type("a luser ")
    #expect(user.field.before == "a laser ")
    user.backspace()
    #expect(user.field.before == "a luser")
    user.type(" and a luser ")
    #expect(user.field.before == "a luser and a luser ")
  }

  @Test("a space left out: the split replaces at a nearer level than it is offered; a reverted split stands next time")
  func omittedSpace() throws {
    // The generic decoder: the table's known words (web text's "isthe") would stand otherwise.
    var generic = TypingEngine.Parameters()
    generic.decoder = WordDecoder.Parameters()
    func typed(_ text: String, at level: Autocorrection) -> KeyboardUser {
      var user = KeyboardUser(settings: TypingSettings(autocorrection: level, capitalizesSentences: false), parameters: generic)
      user.type(text)
      return user
    }
    #expect(typed("it isthe ", at: .modest).field.before == "it isthe ")
    #expect(typed("it isthe ", at: .off).field.before == "it isthe ")
    var user = typed("it isthe ", at: .aggressive)
    #expect(user.field.before == "it is the ")
    user.backspace()
    #expect(user.field.before == "it isthe")
    user.type(" so isthe ")
    #expect(user.field.before == "it isthe so isthe ")
  }

  @Test("a reverted join stands next time: num, a space tap towards b, ers")
  func revertedJoin() {
    var user = KeyboardUser(settings: TypingSettings(autocorrection: .aggressive))
    func typeNumErs() {
      user.type("num")
      user.tap(user.spaceBar(toward: "b", fraction: 0.45))
      user.type("ers ")
    }
    user.type("the ")
    typeNumErs()
    #expect(user.field.before == "The numbers ")
    user.backspace()
    #expect(user.field.before == "The num ers")
    user.type(" and ")
    typeNumErs()
    // The table writes the word ers as a name: the letters stood, unjoined.
    #expect(user.field.before.lowercased() == "the num ers and num ers ")
  }

  @Test("the level set between two words decides the next word")
  func changedBetweenWords() {
    var user = KeyboardUser(settings: TypingSettings(autocorrection: .off, capitalizesSentences: false))
    user.type("we saw teh ")
    user.engine.settings.autocorrection = .standard
    user.type("thier ")
    #expect(user.field.before == "we saw teh their ")
  }
}
