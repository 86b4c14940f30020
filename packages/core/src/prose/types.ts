import type { JsonObject } from '../model.js';

export type SentenceKind = 'what' | 'when' | 'how';
/** The kinds of "how" text (documented in docs/how-categories.md and docs/rules/no-how-in-description.md). */
export type HowCategory = 'rule' | 'default' | 'example' | 'edge-case' | 'format' | 'warning' | 'markup';

/** Which markdown-like block a markup unit is. */
export type MarkupKind = 'list-item' | 'heading' | 'code-fence' | 'xml-block' | 'table' | 'thematic-break';

/** A unit of prose: a sentence, or a whole markup block (list item, heading, code fence, XML-like block). */
export interface Sentence {
  readonly text: string;
  /** Offsets in the analysed text, `[start, end)`, without surrounding whitespace. */
  readonly start: number;
  readonly end: number;
  /** True for a markup block rather than a prose sentence. */
  readonly markup: boolean;
  /** Which block, for markup units. */
  readonly markupKind?: MarkupKind;
}

export interface ClassifiedSentence extends Sentence {
  readonly kind: SentenceKind;
  readonly category: HowCategory | undefined;
  /** The cue that decided the class (a word, a pattern), for messages and debugging. */
  readonly cue: string | undefined;
}

export type RedundancyReason = 'name' | 'type' | 'enum' | 'default' | 'optionality';

export interface RedundantPart {
  /** Offsets in the description, `[start, end)`; removing them leaves well-formed text. */
  readonly start: number;
  readonly end: number;
  readonly reason: RedundancyReason;
}

export interface ParamFacts {
  readonly name: string;
  /** The parameter's JSON Schema (type, enum, default…), when static. */
  readonly schema: JsonObject | undefined;
  readonly required: boolean;
}
