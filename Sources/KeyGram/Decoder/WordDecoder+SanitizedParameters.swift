extension WordDecoder.Parameters {
  /// The parameters with every out-of-range value replaced as each property's documentation says.
  public var sanitized: Self {
    let defaults = Self()
    var result = self
    func positive(_ value: Float, _ fallback: Float) -> Float { value.isFinite && value > 0 ? value : fallback }
    func nonNegative(_ value: Float, _ fallback: Float) -> Float { value.isNaN || value < 0 ? fallback : value }
    func clamped<Value: Comparable>(_ value: Value, to range: ClosedRange<Value>) -> Value { Swift.min(Swift.max(value, range.lowerBound), range.upperBound) }
    result.sigmaX = clamped(positive(sigmaX, defaults.sigmaX), to: Self.spreadRange)
    result.sigmaY = clamped(positive(sigmaY, defaults.sigmaY), to: Self.spreadRange)
    result.offsetX = offsetX.isFinite ? clamped(offsetX, to: Self.offsetRange) : 0
    result.offsetY = offsetY.isFinite ? clamped(offsetY, to: Self.offsetRange) : 0
    result.languageWeight = languageWeight.isFinite ? Swift.min(Swift.max(languageWeight, 0), 100) : defaults.languageWeight
    result.margin = margin.isNaN ? defaults.margin : Swift.max(margin, 0)
    result.omissionCost = nonNegative(omissionCost, defaults.omissionCost)
    result.extraTouchCost = nonNegative(extraTouchCost, defaults.extraTouchCost)
    result.spellingMargin = nonNegative(spellingMargin, defaults.spellingMargin)
    result.omissionSpellingMargin = nonNegative(omissionSpellingMargin, defaults.omissionSpellingMargin)
    result.commonWordSpellingMargin = nonNegative(commonWordSpellingMargin, defaults.commonWordSpellingMargin)
    result.commonWordLogProbability = commonWordLogProbability.isNaN ? defaults.commonWordLogProbability : commonWordLogProbability
    result.omissionSpellingMarginLimit = nonNegative(omissionSpellingMarginLimit, defaults.omissionSpellingMarginLimit)
    result.spellingMarginLimit = nonNegative(spellingMarginLimit, defaults.spellingMarginLimit)
    // Finite: an infinite step times a zero length difference would be NaN.
    result.spellingMarginPerLetter = spellingMarginPerLetter.isFinite ? nonNegative(spellingMarginPerLetter, defaults.spellingMarginPerLetter) : defaults.spellingMarginPerLetter
    result.spellingMarginFloor = spellingMarginFloor.isFinite ? spellingMarginFloor : defaults.spellingMarginFloor
    result.spellingMarginLength = spellingMarginLength.isFinite ? nonNegative(spellingMarginLength, defaults.spellingMarginLength) : defaults.spellingMarginLength
    result.doubledLetterCost = nonNegative(doubledLetterCost, defaults.doubledLetterCost)
    result.transpositionCost = nonNegative(transpositionCost, defaults.transpositionCost)
    result.wordEdgeEditCost = nonNegative(wordEdgeEditCost, defaults.wordEdgeEditCost)
    result.letterSubstitutionCost = nonNegative(letterSubstitutionCost, defaults.letterSubstitutionCost)
    result.vowelSubstitutionCost = nonNegative(vowelSubstitutionCost, defaults.vowelSubstitutionCost)
    result.secondEditCost = nonNegative(secondEditCost, defaults.secondEditCost)
    result.consonantSubstitutionCost = nonNegative(consonantSubstitutionCost, defaults.consonantSubstitutionCost)
    result.markedLetterCost = nonNegative(markedLetterCost, defaults.markedLetterCost)
    result.keyTapLetterCost = nonNegative(keyTapLetterCost, defaults.keyTapLetterCost)
    result.spaceOmissionCost = nonNegative(spaceOmissionCost, defaults.spaceOmissionCost)
    result.spaceSubstitutionCost = nonNegative(spaceSubstitutionCost, defaults.spaceSubstitutionCost)
    result.splitMargin = nonNegative(splitMargin, defaults.splitMargin)
    result.joinMargin = nonNegative(joinMargin, defaults.joinMargin)
    result.joinTapCutoff = nonNegative(joinTapCutoff, defaults.joinTapCutoff)
    result.omittedSpaceMargin = nonNegative(omittedSpaceMargin, defaults.omittedSpaceMargin)
    result.unpairedSplitMargin = nonNegative(unpairedSplitMargin, defaults.unpairedSplitMargin)
    result.splitCommonWordLogProbability = splitCommonWordLogProbability.isNaN ? defaults.splitCommonWordLogProbability : splitCommonWordLogProbability
    result.splitWordLogProbabilityFloor = splitWordLogProbabilityFloor.isNaN ? defaults.splitWordLogProbabilityFloor : splitWordLogProbabilityFloor
    result.contextWeight = contextWeight.isFinite && contextWeight >= 0 ? Swift.min(contextWeight, 10) : defaults.contextWeight
    result.historyConcentration = positive(historyConcentration, defaults.historyConcentration)
    result.historyPairConcentration = positive(historyPairConcentration, defaults.historyPairConcentration)
    result.lexiconBalance = lexiconBalance.isFinite && lexiconBalance >= 0 ? lexiconBalance : defaults.lexiconBalance
    result.historyTargetCount = historyTargetCount.isNaN || historyTargetCount <= 0 ? defaults.historyTargetCount : historyTargetCount
    result.protectedHistoryCount = protectedHistoryCount.isNaN || protectedHistoryCount <= 0 ? defaults.protectedHistoryCount : protectedHistoryCount
    result.protectedLexiconWordCount = protectedLexiconWordCount.isNaN || protectedLexiconWordCount <= 0 ? defaults.protectedLexiconWordCount : protectedLexiconWordCount
    result.spreadPriorTouches = clamped(positive(spreadPriorTouches, defaults.spreadPriorTouches), to: Self.countRange)
    result.spreadMemory = clamped(positive(spreadMemory, defaults.spreadMemory), to: Self.countRange)
    result.beamWidth = clamped(beamWidth, to: Self.beamWidthRange)
    result.omissionBeamWidth = clamped(omissionBeamWidth, to: Self.omissionBeamWidthRange)
    result.spatialCutoff = positive(spatialCutoff, defaults.spatialCutoff)
    result.motion = motion.sanitized
    return result
  }
}
