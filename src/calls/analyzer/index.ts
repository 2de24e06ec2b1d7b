// Call analysis: result types, the built-in analyzer and the result validator.
export * from './types.ts';
export { BuiltinAnalyzer, analyzeTranscript } from './coach/index.ts';
export { detectLanguage, detectFormOfAddress, countFormsOfAddress, languageScores } from './coach/parse/language.ts';
export { validateAnalysis, type ValidationContext } from './validate.ts';
