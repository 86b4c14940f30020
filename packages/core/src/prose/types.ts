import type { JsonObject } from '../model.js';

/**
 * What a unit of a description is for (docs/how-categories.md): what the tool does, when to pick it,
 * what keeps the agent from doing harm, what a call must satisfy that the schema does not say, how to use
 * it in detail, or padding.
 */
export type ProseCategory = 'what' | 'when' | 'guardrail' | 'constraint' | 'how' | 'filler';
/** The kinds of how-text, a finer reading of the `how` category. */
export type HowKind = 'rule' | 'default' | 'example' | 'edge-case' | 'format' | 'warning' | 'markup' | 'detail';
/**
 * Where the deciding cue came from: words in the unit, its position, the list header it sits under, its
 * markup, the parameter's schema (a rule the schema already states, a limit it does not), or the prose model
 * where its decision overrode the cues (prose/plan.ts).
 */
export type CueSource = 'words' | 'position' | 'list-header' | 'markup' | 'fallback' | 'schema' | 'model';

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
  readonly category: ProseCategory;
  /** For `how` units, which kind of how-text. */
  readonly howKind: HowKind | undefined;
  /** The cue that decided the category: the words matched, "first unit", or the list header. */
  readonly cue: string;
  readonly cueSource: CueSource;
}

/** What a unit's category may depend on besides its own text. */
export interface UnitContext {
  /** Position in the description; the first unit says what the tool does unless a stronger cue says otherwise. */
  readonly index: number;
  /** The first unit of the description (a later unit that only restates it is padding). */
  readonly first?: string;
  /** The lead-in a list item sits under ("When to use this tool:", "SECURITY:"), already classified. */
  readonly header?: { readonly text: string; readonly category: ProseCategory };
  /** The unit after this one (a lead-in ending with `:` belongs to the markup that follows). */
  readonly next?: Sentence;
  /** True for a parameter's description: a value list there is the parameter's valid values. */
  readonly parameter?: boolean;
  /** For a parameter's description, its schema: a rule the schema already states is how-text (prose/schema-reading.ts). */
  readonly schema?: SchemaFacts;
}

/** What the classifier may know of a parameter's schema. */
export interface SchemaFacts {
  /** The parameter's JSON Schema. */
  readonly schema: JsonObject | undefined;
  /** True when the object holding the parameter lists it in `required`. */
  readonly required?: boolean;
  /** The parameter's own name: naming it is no reference to another input. */
  readonly name?: string;
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
