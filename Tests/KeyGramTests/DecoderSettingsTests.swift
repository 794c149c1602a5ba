@_spi(Testing) import KeyGram
import Testing

/// Format 2.5 `TUNE`: the decoder settings a table carries for its language, read at open and
/// taken by `WordDecoder.Parameters(table:)`. The section tests pack hand-made entries into the
/// fixture's sections (`FormTable`); the last, the shipped English table's.
@Suite("Decoder settings: the TUNE section")
struct DecoderSettingsTests {
  /// A `TUNE` section of `entries` (id, value bits), padded to 16 bytes.
  static func section(_ entries: [(id: UInt32, bits: UInt32)]) -> FormTable.Section {
    var bytes: [UInt8] = []
    for value in [entries.count, 0, 0, 0] { FormTable.append32(value, to: &bytes) }
    for entry in entries {
      FormTable.append32(Int(entry.id), to: &bytes)
      FormTable.append32(Int(entry.bits), to: &bytes)
    }
    bytes += [UInt8](repeating: 0, count: (16 - bytes.count % 16) % 16)
    return FormTable.Section(tag: TableFormat.Section.decoderSettings, bytes: bytes, elementCount: entries.count)
  }

  /// margin 2, an id no version knows yet (999), spelling margin ∞.
  static let entries: [(id: UInt32, bits: UInt32)] = [(1, Float(2).bitPattern), (4, Float.infinity.bitPattern), (999, Float(7).bitPattern)]

  /// The hand-made `FORM` table with `TUNE` after its `FORM`, at minor version `minor`.
  static func image(minor: UInt8 = 5, edit: (inout FormTable.Section) -> Void = { _ in }) -> [UInt8] {
    var settings = section(entries)
    edit(&settings)
    return FormTable.image(inserting: settings, after: TableFormat.Section.writtenForms, minor: minor)
  }

  func settingsError(_ image: [UInt8]) -> String? { FormTable.sectionError("TUNE", in: image) }

  @Test("the hand-made table opens at 2.5; its settings replace the defaults, an unknown id is ignored")
  func opens() throws {
    let table = try KeyGramTable(copying: Self.image())
    #expect(table.formatVersion == (2, 5))
    #expect(table.decoderSettings.map(\.setting) == [.margin, .spellingMargin])
    #expect(table.decoderSettings.map(\.value) == [2, .infinity])
    let parameters = WordDecoder.Parameters(table: table)
    var expected = WordDecoder.Parameters()
    (expected.margin, expected.spellingMargin) = (2, .infinity)
    #expect(parameters == expected)
    // A decoder given no parameters takes the table's; given some, those.
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    #expect(WordDecoder(table: table, layout: layout).parameters == expected.sanitized)
    #expect(WordDecoder(table: table, layout: layout, parameters: WordDecoder.Parameters()).parameters == WordDecoder.Parameters().sanitized)
    // A table without TUNE gives the defaults.
    #expect(FormTable.table.decoderSettings.isEmpty)
    #expect(WordDecoder.Parameters(table: FormTable.table) == WordDecoder.Parameters())
  }

  @Test("each setting reads and writes the parameter of its name")
  func settingsNameTheirParameters() {
    var parameters = WordDecoder.Parameters()
    // The level is a number only in the file: its strength.
    let numbers = DecoderSetting.allCases.filter { $0 != .autocorrection }
    for (index, setting) in numbers.enumerated() {
      #expect(DecoderSetting(name: setting.name) == setting)
      parameters[setting] = Float(-100 - index)
    }
    #expect(parameters.margin == -100 && parameters.markedLetterCost == -123)
    #expect(parameters.consonantSubstitutionCost == -122)
    #expect(parameters.lexiconBalance == -119 && parameters.spellingMarginFloor == -120 && parameters.secondEditCost == -121)
    #expect(parameters.spellingMarginPerLetter == -109 && parameters.vowelSubstitutionCost == -113)
    #expect(Set(numbers.map { parameters[$0] }).count == numbers.count)
    for (strength, level) in Autocorrection.allLevels.enumerated() {
      parameters[.autocorrection] = Float(strength)
      #expect(parameters.autocorrection == level && parameters[.autocorrection] == Float(strength))
    }
    parameters[.autocorrection] = 7
    #expect(parameters.autocorrection == .aggressive, "a number past the levels is the nearest")
    #expect(DecoderSetting(name: "beamWidth") == nil)
  }

  @Test("each bad TUNE is refused at open with its reason")
  func badInputs() {
    #expect(settingsError(Self.image { $0.bytes = [UInt8]($0.bytes.prefix(8)) })?.contains("shorter than its 16-byte head") == true)
    #expect(settingsError(Self.image { $0.bytes[9] = 1 })?.contains("reserved bytes 4 ..< 16") == true)
    #expect(settingsError(Self.image { $0.elementCount += 1 })?.contains("the directory counts 4 entries, the section 3") == true)
    #expect(settingsError(Self.image { $0.bytes += [UInt8](repeating: 0, count: 16) })?.contains("length 64, expected 48 for 3 entries") == true)
    #expect(settingsError(Self.image { FormTable.store32(4, in: &$0.bytes, at: 16) })?.contains("setting id 4 at byte 24 does not follow 4") == true)
    #expect(settingsError(Self.image { FormTable.store32(0, in: &$0.bytes, at: 16) })?.contains("setting id 0 at byte 16 does not follow 0") == true)
    #expect(settingsError(Self.image { FormTable.store32(Int(Float.nan.bitPattern), in: &$0.bytes, at: 28) })?.contains("setting 4's value at byte 28 is NaN") == true)
    #expect(settingsError(Self.image { $0.bytes[44] = 1 })?.contains("padding byte 44 is not zero") == true)
    // A 2.4 table cannot hold TUNE.
    do {
      _ = try KeyGramTable(copying: Self.image(minor: 4))
      Issue.record("a 2.4 table with TUNE opened")
    } catch {
      #expect("\(error)".contains("section TUNE needs 2.5"), "\(error)")
    }
  }

  @Test("the English table carries the spelling margins that follow the word's length")
  func englishCarriesLengthScaledMargins() {
    var expected = WordDecoder.Parameters.lengthScaledSpellingMargins
    expected.autocorrection = .standard  // chosen on the English tuning texts
    #expect(WordDecoder.Parameters(table: EnglishTable.mapped) == expected)
  }
}
