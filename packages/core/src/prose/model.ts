/**
 * The prose model: a multinomial logistic regression over the features of prose/features.ts, learned from
 * the labelled sets named in test/realworld/sets.json by `node test/realworld/train-prose-model.mjs`,
 * calibrated on the development sets (one temperature), and shipped as data in `data/prose-model.json`
 * (hashed feature weights as integers; no network, the same numbers on every machine). Its probabilities
 * decide what moves: a unit that reads as how-text leaves a description only when the model is sure it is
 * no guardrail or constraint, to the move threshold chosen on the development sets for a stated rate of
 * guardrails and constraints moved (prose/plan.ts).
 */
import { readFileSync } from 'node:fs';
import { findUnitFeatures, hashFeature } from './features.js';
import type { ClassifiedSentence, ProseCategory, Sentence, UnitContext } from './types.js';

/** The categories in the order of the model's weight rows. */
export const MODEL_CATEGORIES: readonly ProseCategory[] = ['what', 'when', 'guardrail', 'constraint', 'how', 'filler'];

export interface ProseModel {
  readonly buckets: number;
  /** Weights are stored as integers: weight = stored / scale. */
  readonly scale: number;
  /** Row-major: `weights[k * buckets + bucket]` for category `MODEL_CATEGORIES[k]`. */
  readonly weights: readonly number[];
  /** Divides the scores before the softmax (fitted on the development sets). */
  readonly temperature: number;
  /** The safety share (getSafeShare: 1 − w·P(guardrail) − P(constraint)) at or above which a unit that reads as how-text moves. */
  readonly moveThreshold: number;
  /**
   * w in the safety share: how many constraints a moved guardrail weighs (default 1). Moving a guardrail is
   * the expensive mistake, so a unit's doubt about being one counts more; chosen with the threshold on the
   * development sets.
   */
  readonly guardrailWeight?: number;
  /**
   * The safety share at or above which a unit that names a harm topic (money, secrets, people, data loss,
   * access) may still move: stricter than `moveThreshold`, chosen with it on the development sets. Absent:
   * such a unit never moves.
   */
  readonly harmThreshold?: number;
  /**
   * P(how) + P(filler) at or above which the model reads a unit the cues call what as how-text (default
   * one half), chosen with the thresholds on the development sets.
   */
  readonly howBar?: number;
  /**
   * The bar at or above which the model overrules the cues' constraint reading (a cue word, a default the
   * schema does not state): when both P(how) + P(filler) and the safety share reach it, the unit moves as
   * how-text. Stricter than `moveThreshold`, chosen with it on the development sets. Absent: the cues'
   * constraint always stays. A guardrail by the cues is never overruled.
   */
  readonly overruleThreshold?: number;
  /** P(guardrail) at or above which a moved unit is listed for review. */
  readonly reviewThreshold: number;
  /** What the model was trained and tuned on, and its figures there (written by the training script). */
  readonly about?: JsonLike;
  /** The cue lists it was trained with, each cue by a hash of its pattern, in order (`getCueFingerprint`). */
  readonly cues?: Readonly<Record<string, readonly string[]>>;
}

type JsonLike = string | number | boolean | null | readonly JsonLike[] | { readonly [key: string]: JsonLike };

export type CategoryProbabilities = Readonly<Record<ProseCategory, number>>;

export const PROSE_MODEL_FILE = new URL('../../data/prose-model.json', import.meta.url);

let shipped: ProseModel | undefined;

/** The model shipped with core, read on first use. */
export function getShippedModel(): ProseModel {
  shipped ??= parseProseModel(readFileSync(PROSE_MODEL_FILE, 'utf8'));
  return shipped;
}

/** Reads a model file's text; a clear error when it is not one. */
export function parseProseModel(text: string): ProseModel {
  const model = JSON.parse(text) as Partial<ProseModel>;
  const { buckets, weights } = model;
  if (typeof buckets !== 'number' || !Array.isArray(weights) || weights.length !== buckets * MODEL_CATEGORIES.length) {
    throw new Error(`The prose model file is malformed: expected ${MODEL_CATEGORIES.length} rows of "buckets" weights.`);
  }
  return model as ProseModel;
}

/** The model's probability of each category for the scores of a feature list. */
export function scoreFeatures(model: ProseModel, features: readonly string[]): CategoryProbabilities {
  const buckets = features.map((feature) => hashFeature(feature, model.buckets));
  const scores = MODEL_CATEGORIES.map((_, k) => buckets.reduce((sum, bucket) => sum + model.weights[k * model.buckets + bucket], 0) / model.scale / model.temperature);
  const max = Math.max(...scores);
  const exp = scores.map((score) => Math.exp(score - max));
  const total = exp.reduce((a, b) => a + b, 0);
  return Object.fromEntries(MODEL_CATEGORIES.map((category, k) => [category, exp[k] / total])) as Record<ProseCategory, number>;
}

/** The probability of each category of one unit in its context, the cues' reading among the evidence. */
export function getCategoryProbabilities(sentence: Sentence, context: UnitContext, cues: ClassifiedSentence, model: ProseModel = getShippedModel()): CategoryProbabilities {
  return scoreFeatures(model, findUnitFeatures(sentence, context, cues));
}

/** 1 − w·P(guardrail) − P(constraint): how sure the model is that the unit is no guardrail or constraint, a guardrail's doubt weighted by the model's `guardrailWeight`. */
export function getSafeShare(model: ProseModel, probabilities: CategoryProbabilities): number {
  return 1 - (model.guardrailWeight ?? 1) * probabilities.guardrail - probabilities.constraint;
}

/** The model is sure enough, to its overrule threshold, that a unit the cues call a constraint is how-text. */
export function isOverruledConstraint(model: ProseModel, probabilities: CategoryProbabilities): boolean {
  const bar = model.overruleThreshold;
  return bar !== undefined && getMoveProbability(probabilities) >= bar && getSafeShare(model, probabilities) >= bar;
}

/** P(how) + P(filler): how sure the model is that the unit can leave the description. */
export function getMoveProbability(probabilities: CategoryProbabilities): number {
  return probabilities.how + probabilities.filler;
}
