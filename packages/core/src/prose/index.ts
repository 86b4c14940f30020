/** Prose analysis of descriptions: sentences and markup blocks, their categories, redundancy, wording. */
export type {
  ProseCategory,
  HowKind,
  CueSource,
  UnitContext,
  MarkupKind,
  Sentence,
  ClassifiedSentence,
  RedundancyReason,
  RedundantPart,
  ParamFacts,
  SchemaFacts,
} from './types.js';
export { splitSentences } from './sentences.js';
export { classifySentences, classifySentence, findHowUnits, isHow, isProtected } from './classify.js';
export { maskLiterals } from './mask.js';
export { PROSE_CATEGORIES, HOW_KINDS, type ProseCategoryInfo, type HowKindInfo } from './categories.js';
export { readAgainstSchema, pickSchemaFacts, getSchemaFacts } from './schema-reading.js';
export { findHarmTopics, type HarmTopic } from './harm.js';
export { findRedundantParts, type RedundancyFacts } from './redundancy.js';
export { getMeaningKey, normalizeWording } from './wording.js';
export { splitIdentifier } from './words.js';
