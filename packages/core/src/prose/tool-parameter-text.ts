/**
 * A tool description's sentences that are the text of one of its parameters (docs/how-categories.md, "What a
 * parameter keeps"). A parameter keeps what a model needs to pass it right: what omitting it means, and its
 * meaning where it has no description of its own. When the tool description is where that is written, the
 * sentence is a constraint on that parameter (the planner sends it to the parameter's description, or keeps it
 * where the parameter has none): it is not how-text to move to markdown.
 *
 * - **What omitting it does**: "If `limit` is omitted, every row is returned.", "Without a `shelf`, …", "If no
 *   `shelf` is given, …", when the parameter is optional and its schema states no default (a `null` default
 *   says nothing about what leaving the value out does).
 * - **Its meaning**: a sentence whose subject is the parameter ("The `recipe` holds the glaze's oxides…",
 *   "`firing` selects …"), when the parameter has no text of its own to carry it and its schema can be read
 *   (a parameter whose schema toolslim cannot read may well have a description it cannot read either).
 * - **How to pass it**: any other how or what sentence that names such a parameter as code ("Pass record ids via
 *   `ids`.", "Use an empty `owner` to unassign.", "Set page_size for …"), unless it is an example, a default or a
 *   result's shape.
 */
import type { JsonObject } from '../model.js';
import { findConstrainedParam, getNamePattern, isNamedInCode } from './parameter-match.js';
import { statesDefault } from './schema-reading.js';
import type { ClassifiedSentence, SchemaFacts } from './types.js';

export interface ToolParameterOptions {
  /** Keys of the parameters whose description can take a constraint. */
  readonly params?: readonly string[];
  /** Every parameter key of the tool. */
  readonly allParams?: readonly string[];
  /** Each parameter's schema facts. */
  readonly paramSchemas?: ReadonlyMap<string, SchemaFacts>;
}

/** How a sentence says a value is left out: "is omitted", "are not given", "is left empty". */
const LEFT_OUT = String.raw`(?:not\s+(?:specified|provided|set|given|passed|supplied|included)|omitted|absent|unset|unspecified|missing|left\s+out|left\s+empty)`;

/**
 * The unit read as the text of the one parameter it names, or the unit unchanged. Only how and what prose
 * (and list items) are read: a guardrail, a constraint or a hand-off already stays.
 */
export function readToolParameterText<T extends ClassifiedSentence>(unit: T, options: ToolParameterOptions): T {
  if ((unit.category !== 'how' && unit.category !== 'what') || (unit.markup && unit.markupKind !== 'list-item')) return unit;
  const all = options.allParams ?? [];
  if (all.length === 0) return unit;
  const param = findConstrainedParam(unit.text, all, all);
  if (param === undefined) {
    // "… when `nodes`/`edges` are omitted": what omitting several at once does stays in the tool, which holds them all.
    const group = findGroupOmission(unit.text, all, options.paramSchemas);
    return group ? { ...unit, category: 'constraint', howKind: undefined, cue: group, cueSource: 'schema' } : unit;
  }
  const facts = options.paramSchemas?.get(param);
  const name = facts?.name ?? param.split('.').pop() ?? param;
  const omission = facts?.required === true ? undefined : findToolOmission(unit.text, name, facts?.schema);
  if (omission) return { ...unit, category: 'constraint', howKind: undefined, cue: omission, cueSource: 'schema' };
  const meaning = facts?.schema !== undefined && !(options.params ?? []).includes(param) ? findSubject(unit.text, name) : undefined;
  if (meaning) return { ...unit, category: 'constraint', howKind: undefined, cue: meaning, cueSource: 'schema' };
  // Any other sentence that names it is how to pass it, for a parameter with no text of its own ("Pass record ids
  // via `ids`."); an example, a result shape or a default (what omitting a required value, or one whose schema
  // states its default, does: the call never needs it) is not.
  const passing =
    facts?.schema !== undefined &&
    !(options.params ?? []).includes(param) &&
    !['example', 'format', 'default'].includes(unit.howKind ?? '') &&
    findToolOmission(unit.text, name, undefined) === undefined &&
    namesAsCode(unit.text, name);
  if (passing) return { ...unit, category: 'constraint', howKind: undefined, cue: `how to pass ${name}, which has no description of its own`, cueSource: 'schema' };
  return unit;
}

/**
 * The name written as code: in a code span, or as an identifier no English word is (`record_ids`, `pageSize`).
 * "Days start at midnight" names no `days` parameter.
 */
function namesAsCode(text: string, name: string): boolean {
  if (isNamedInCode(text, name)) return true;
  return /[_\d]|[a-z][A-Z]/.test(name) && new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);
}

/** What omitting the named parameter does, in a tool description's words, where its schema states no default. */
function findToolOmission(text: string, name: string, schema: JsonObject | undefined): string | undefined {
  const named = getNamePattern(name);
  const article = String.raw`(?:(?:the|a|an|any)\s+)?`;
  const noun = String.raw`(?:\s+(?:parameter|argument|field|option|value))?`;
  const pattern = new RegExp(
    String.raw`\b(?:if|when|unless)\s+${article}${named}${noun}\s+(?:is|are)\s+${LEFT_OUT}\b` +
      String.raw`|\b(?:if|when)\s+no\s+${named}${noun}\s+(?:is\s+|are\s+)?(?:specified|provided|set|given|passed|supplied)\b` +
      String.raw`|\b(?:omit(?:ting)?|without)\s+${article}${named}(?![\w-])` +
      String.raw`|${named}${noun}\s+(?:defaults\s+to|falls\s+back\s+to)\b` +
      // "Picks the series data format and supplies placeholder data when none is given."
      String.raw`|${named}[^.;]*?\b(?:when|if)\s+none\s+(?:is|are)\s+(?:specified|provided|set|given|passed|supplied)\b`,
    'i',
  );
  const match = pattern.exec(text);
  if (!match) return undefined;
  // The schema states what leaving the value out gives: the sentence restates it.
  if (statesDefault(schema)) return undefined;
  return `what omitting ${name} does ("${match[0].trim()}"), which its schema states no default for`;
}

/**
 * What omitting two or more named parameters together does ("when nodes/edges are omitted", "if `from` and `to` are
 * not given"), each optional with no default in its schema.
 */
function findGroupOmission(text: string, params: readonly string[], schemas: ReadonlyMap<string, SchemaFacts> | undefined): string | undefined {
  const names = params.map((param) => ({ param, facts: schemas?.get(param) })).filter(({ facts }) => facts?.required !== true && !statesDefault(facts?.schema));
  if (names.length < 2) return undefined;
  const one = `(?:${names.map(({ param, facts }) => getNamePattern(facts?.name ?? param.split('.').pop() ?? param)).join('|')})`;
  const pattern = new RegExp(String.raw`\b(?:if|when|unless)\s+(?:the\s+)?${one}(?:\s*(?:\/|,|\band\b|\bor\b)\s*${one})+\s+(?:are|is)\s+${LEFT_OUT}\b`, 'i');
  const match = pattern.exec(text);
  return match ? `what omitting several parameters does ("${match[0].trim()}"), which their schemas state no default for` : undefined;
}

/** A sentence whose subject is the parameter: "The `recipe` holds …", "`firing` selects …". */
function findSubject(text: string, name: string): string | undefined {
  const pattern = new RegExp(
    String.raw`^(?:[-*•]\s+)?(?:the\s+)?${getNamePattern(name)}(?:\s+(?:parameter|argument|field|object|option|input))?\s+(?:is|are|can|may|holds?|contains?|takes?|accepts?|selects?|sets?|names?|lists?|describes?|gives?|changes?|updates?)\b`,
    'i',
  );
  const match = pattern.exec(text);
  return match ? `the meaning of ${name} ("${match[0].trim()}"), which has no description of its own` : undefined;
}
