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
export { classifySentences, classifySentence, readUnits, isHow, isProtected, getCueFingerprint, type UnitReading } from './classify.js';
export { maskLiterals } from './mask.js';
export { PROSE_CATEGORIES, HOW_KINDS, type ProseCategoryInfo, type HowKindInfo } from './categories.js';
export { readAgainstSchema, pickSchemaFacts, getSchemaFacts } from './schema-reading.js';
export { findHarmTopics, type HarmTopic } from './harm.js';
export { findRedundantParts, type RedundancyFacts } from './redundancy.js';
export { getMeaningKey, normalizeWording } from './wording.js';
export { splitIdentifier } from './words.js';
export { findUnitFeatures, hashFeature } from './features.js';
export {
  MODEL_CATEGORIES,
  getShippedModel,
  parseProseModel,
  scoreFeatures,
  getCategoryProbabilities,
  getMoveProbability,
  getSafeShare,
  type ProseModel,
  type CategoryProbabilities,
} from './model.js';
export { findConstrainedParam } from './parameter-match.js';
export {
  planDescription,
  findPastLimit,
  getParamTargets,
  type ParamTarget,
  type DescriptionPlan,
  type PlannedUnit,
  type PlanOptions,
  type UnitPlace,
  type MoveReason,
  type UnitDecision,
  type UnitAnchor,
  type KeepReason,
  type Selection,
  type ParamMove,
  type Range,
} from './plan.js';
export { DEFAULT_INSTRUCTIONS_TOOL, DEFAULT_POINTER, buildPointer, findPointer, type PointerContext } from './pointer.js';
export {
  MIN_SAVED_BYTES,
  applyToValue,
  buildConstraintInsertion,
  buildPointerInsertion,
  countToolSaving,
  getPublishedLength,
  isWorthSlimming,
  type PlannedText,
  type TextInsertion,
} from './saving.js';
export { buildUnitQuote } from './quote.js';
export {
  buildFamilySummary,
  buildReadInstructionsTool,
  buildServerInstructionsText,
  countServingCost,
  FAMILY_SUMMARY_PREFIX,
  INSTRUCTIONS_INDEX_HEADER,
  READ_INSTRUCTIONS_DESCRIPTION,
  SERVES_INSTRUCTIONS,
} from './serving.js';
