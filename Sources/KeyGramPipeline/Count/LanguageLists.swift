/// The lists in a language's corpus folder that make its lexicon: the word lists its manifest
/// says feed words and, with them, the lists of written forms, accepted words and misspellings.
/// A build of one's own files reads them beside the files; counted once (`count --language-lists`)
/// they let count files of one's own shards build the same table.
package enum LanguageLists {
  /// The feeds a list gives the lexicon.
  static let lexiconFeeds: SourceRule.Feeds = SourceRule.Feeds.lists.union(.words)

  /// Of `files` (the language's corpus folder), its lists: the word lists that feed words and,
  /// when there is one, the lists that feed forms, accepted words or misspellings.
  package static func files(among files: [String], language: Language) -> [String] {
    let wordLists = files.filter { CorpusCounter.isFrequencyList($0) && language.source(for: $0).feeds.contains(.words) }
    guard !wordLists.isEmpty else { return [] }
    let evidence = files.filter { !language.source(for: $0).feeds.intersection(SourceRule.Feeds.lists).isEmpty }
    return wordLists + evidence.filter { !wordLists.contains($0) }
  }

  /// The lexicon feeds the inputs named `names` give `language`.
  static func feeds(of names: [String], language: Language) -> SourceRule.Feeds {
    names.reduce(into: SourceRule.Feeds()) { feeds, name in
      // A word list feeds words only as a list; a text that feeds words counts too.
      feeds.formUnion(language.source(for: name).feeds.intersection(lexiconFeeds))
    }
  }

  /// Refuses count files whose inputs lack a lexicon feed that the language's lists give
  /// (`required`, from its corpus folder's lists): a table built from them would lose its
  /// lexicon, or leave its misspellings in, without a word said.
  static func check(inputs names: [String], countFiles: [String], language: Language, lists: [String]) throws(MissingFeedsError) {
    let required = feeds(of: lists, language: language), held = feeds(of: names, language: language)
    let missing = required.subtracting(held)
    guard !missing.isEmpty else { return }
    let missingLists = lists.filter { !language.source(for: $0).feeds.intersection(missing).isEmpty }
    throw MissingFeedsError(countFiles: countFiles, language: language.code,
                            lists: missingLists.map { String($0.split(separator: "/").last ?? "") })
  }
}

/// Count files that lack the language's lists, given to a build that makes a lexicon.
public struct MissingFeedsError: Error, Equatable, CustomStringConvertible {
  public var countFiles: [String]
  public var language: String
  /// The lists of the language's corpus folder whose feeds no count file holds.
  public var lists: [String]

  public var description: String {
    "\(countFiles.joined(separator: ", ")): no count file holds \(lists.joined(separator: ", ")), which the \(language) lexicon is made from "
      + "(its word list, and the lists of written forms, accepted words and misspellings): the table would lose its lexicon or keep "
      + "misspellings. Count them once, `keygram count \(language) --language-lists -o lists.kgcounts`, and build with that file too "
      + "(or merge it in once); --lexicon-words 0 builds a table without a lexicon"
  }
}
