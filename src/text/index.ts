/**
 * The text layer: below the analyzers and the engine. Segmentation, tokens, stop words,
 * language identification, the cue lexicons (data, one file per language), and the constraint
 * and promise grammars built on them.
 */
export { sentences, clauses } from './sentences.js';
export { tokenize, contentTokens } from './tokenize.js';
export { stopwords, stopwordsOf } from './stopwords.js';
export { detectLanguage, identifyLanguage, sameLanguage, languageName, type LanguageGuess } from './language.js';
export * from './constraints.js';
export * from './presence.js';
export { measureStyle, styleSummary, type StyleMeasure } from './style.js';
export { stripCode } from './code.js';
export { findSavePromise, isSavePromise, type SavePromise } from './promises.js';
export { remindsAlways } from './reminder.js';
