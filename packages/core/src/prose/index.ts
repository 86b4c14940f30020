// PLACEHOLDER (helper core-prose replaces this file): signatures only.
import type { JsonObject } from '../model.js';

export type SentenceKind = 'what' | 'when' | 'how';
/** The kinds of "how" text (documented in docs/rules/no-how-in-description.md). */
export type HowCategory = 'rule' | 'default' | 'example' | 'edge-case' | 'format' | 'warning' | 'markup';

/** A unit of prose: a sentence, or a whole markup block (list item, heading, code fence, XML-like block). */
export interface Sentence {
  readonly text: string;
  /** Offsets in the analysed text, `[start, end)`, without surrounding whitespace. */
  readonly start: number;
  readonly end: number;
  /** True for a markup block rather than a prose sentence. */
  readonly markup: boolean;
}

export interface ClassifiedSentence extends Sentence {
  readonly kind: SentenceKind;
  readonly category: HowCategory | undefined;
  /** The cue that decided the class (a word, a pattern), for messages and debugging. */
  readonly cue: string | undefined;
}

export interface RedundantPart {
  /** Offsets in the description, `[start, end)`; removing them leaves well-formed text. */
  readonly start: number;
  readonly end: number;
  readonly reason: 'name' | 'type' | 'enum' | 'default' | 'optionality';
}

export interface ParamFacts {
  readonly name: string;
  /** The parameter's JSON Schema (type, enum, default…), when static. */
  readonly schema: JsonObject | undefined;
  readonly required: boolean;
}

export function splitSentences(text: string): Sentence[] {
  void text;
  throw new Error('splitSentences: not implemented yet');
}

/** Deterministic what / when / how classification of each sentence. */
export function classifySentences(text: string): ClassifiedSentence[] {
  void text;
  throw new Error('classifySentences: not implemented yet');
}

/** Parts of a parameter description that restate what the schema already says. */
export function findRedundantParts(description: string, param: ParamFacts): RedundantPart[] {
  void description;
  void param;
  throw new Error('findRedundantParts: not implemented yet');
}

/** A comparison key for wording: case, punctuation and filler words folded. */
export function normalizeWording(text: string): string {
  void text;
  throw new Error('normalizeWording: not implemented yet');
}
