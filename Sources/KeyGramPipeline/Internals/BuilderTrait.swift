// The builder's dependencies (swift-crypto, swift-argument-parser) are resolved only with the
// package trait Builder, so that a keyboard depending on the runtime fetches none of them.
#if !Builder
#error("KeyGramPipeline is the table builder: build this package with `--traits Builder` (the Makefile does), e.g. `swift build --traits Builder`")
#endif
