/** Prose analysis of descriptions: sentences and markup blocks, what / when / how, redundancy, wording. */
export type {
  SentenceKind,
  HowCategory,
  MarkupKind,
  Sentence,
  ClassifiedSentence,
  RedundancyReason,
  RedundantPart,
  ParamFacts,
} from './types.js';
export { splitSentences } from './sentences.js';
export { classifySentences, classifySentence, isHow, maskLiterals } from './classify.js';
export { HOW_CATEGORIES, type HowCategoryInfo } from './categories.js';
export { findRedundantParts, type RedundancyFacts } from './redundancy.js';
export { getMeaningKey, normalizeWording } from './wording.js';
export { splitIdentifier } from './words.js';
