/**
 * A parameter's description read against its JSON Schema (docs/how-categories.md, "Read against the
 * schema"). Whether a rule in prose is a constraint depends on the schema, not on its words: "Valid values
 * are 'open' and 'closed'." restates an `enum` the model already reads (how-text), while "Number of results
 * (1-20)." on a plain `integer` is the only place the call learns its limit (a constraint). The labelled
 * sets were judged that way; the cues alone cannot see it.
 *
 * Three readings, each stated with the schema fact that decided it:
 *
 * 1. A constraint the schema already states is how-text (what-text as the first unit): its values are the schema's `enum` (or the
 *    `enum` of its items), its limit is one of the schema's bounds, or it says "required" of a required
 *    parameter. A unit that also gives a format, names a harm, another input or a condition stays a
 *    constraint. (What `true` or `false` does stays a constraint: "Set to false to include library frames"
 *    was judged a constraint moved by mistake in the corpus run.)
 * 2. A limit in prose that the schema does not state ("Maximum: 100", "(1-20)", "between -90 and 90", "up
 *    to 50 items") is a constraint, also in the parameter's first unit.
 * 3. A boolean whose text names a destructive action ("Force push (overwrites remote history).", "Remove
 *    ignored files as well.") is a switch that turns the action on: a guardrail, also in the first unit.
 * 4. What omitting the parameter does ("If not specified, reads from the beginning.", "Omit to search every
 *    project.", "Defaults to 10.") is a constraint when the schema states no default: the description is
 *    then the only place the call learns what leaving the value out means. Slim cannot write the default
 *    into the schema (a zod `.default()` changes what the handler receives), so the sentence stays; where
 *    the schema states a default, the sentence restates it and may move.
 */
import type { JsonObject, JsonValue } from '../model.js';
import { DESTRUCTIVE_VERB } from './harm.js';
import { maskLiterals } from './mask.js';
import type { ClassifiedSentence, SchemaFacts } from './types.js';
import { escapeRegExp } from '../regexp.js';

/** The keys of a JSON Schema that the reading looks at; anything else is dropped (labelled sets store only these). */
const FACT_KEYS = ['type', 'enum', 'const', 'format', 'pattern', 'default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** A parameter's schema facts as the reading takes them, from the core model's parameter or a published one. */
export function getSchemaFacts(param: { readonly schema: JsonObject | undefined; readonly required: boolean; readonly path: readonly string[] }): SchemaFacts {
  return { schema: param.schema, required: param.required, name: param.path[param.path.length - 1] };
}

/** The parts of a JSON Schema the reading uses (and of its `items`, and of each `anyOf`/`oneOf` branch). */
export function pickSchemaFacts(schema: JsonValue | undefined): JsonObject | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const picked: JsonObject = {};
  for (const key of FACT_KEYS) if (schema[key] !== undefined) picked[key] = schema[key];
  const items = pickSchemaFacts(schema.items);
  if (items) picked.items = items;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) picked[key] = branches.map((branch) => pickSchemaFacts(branch) ?? {});
  }
  return picked;
}

/**
 * Reads one classified unit of a parameter's description against the parameter's schema; `index` is the
 * unit's position (a restatement in the first unit says what the value is).
 */
export function readAgainstSchema(unit: ClassifiedSentence, facts: SchemaFacts | undefined, index: number): ClassifiedSentence {
  const schema = facts?.schema;
  if (unit.markup && unit.markupKind !== 'list-item') return unit;
  if (!schema) {
    // A parameter whose schema cannot be read: nothing says the schema states a default, so what omitting
    // the value does stays with it, as it does where the schema is read and states none.
    if (facts === undefined || index === 0 || facts.required === true || unit.markup || (unit.category !== 'how' && unit.category !== 'what')) return unit;
    const omission = findOmissionBehaviour(unit.text, {});
    return omission ? { ...unit, category: 'constraint', howKind: undefined, cue: omission.replace('which the schema states no default for', 'and the schema could not be read'), cueSource: 'schema' } : unit;
  }
  // A boolean whose text names a destructive action switches it on: "Discard local commits…", "Remove ignored files as well."
  const verb = unit.category === 'guardrail' || schema.type !== 'boolean' ? null : DESTRUCTIVE_VERB.exec(maskLiterals(unit.text));
  if (verb) return { ...unit, category: 'guardrail', howKind: undefined, cue: `a boolean switch that turns on "${verb[0]}"`, cueSource: 'schema' };
  if (unit.category === 'constraint') {
    const restated = findRestatement(unit.text, schema, facts?.required === true, facts?.name);
    if (!restated) return unit;
    return index === 0 ? { ...unit, category: 'what', howKind: undefined, cue: restated, cueSource: 'schema' } : { ...unit, category: 'how', howKind: 'rule', cue: restated, cueSource: 'schema' };
  }
  const opensAsWhat = unit.category === 'what' && (unit.cueSource === 'position' || unit.cueSource === 'fallback');
  if (unit.category === 'how' || opensAsWhat) {
    const limit = findUnstatedLimit(unit.text, schema);
    if (limit) return { ...unit, category: 'constraint', howKind: undefined, cue: limit, cueSource: 'schema' };
  }
  // A required parameter is never omitted: what omitting it would do says nothing the call needs.
  if (index > 0 && facts?.required !== true && (unit.category === 'how' || unit.category === 'what') && !unit.markup) {
    const omission = findOmissionBehaviour(unit.text, schema);
    if (omission) return { ...unit, category: 'constraint', howKind: undefined, cue: omission, cueSource: 'schema' };
  }
  return unit;
}

/**
 * "If omitted, …", "If not specified, …", "Omit to …", "Autodetected if omitted", "Defaults to 10.",
 * "(default: 'dev')", "By default, …", "Falls back to the configured default": what leaving the value out does.
 */
const OMISSION =
  /\bfalls?\s+back\s+(?:to|on)\b|\b(?:if|when)\s+(?:(?:it\s+is|this\s+is|left)\s+)?(?:not\s+(?:specified|provided|set|given|passed|supplied|included)|omitted|absent|unset|unspecified|empty|blank|out)\b|\bomit(?:ted)?\s+(?:it\s+|this\s+)?(?:to|for)\b|\bwithout\s+(?:it|this\s+(?:parameter|field|value|option))\b|\bdefaults?\s*(?:to\b|is\b|are\b|value\b|[:=])|\bby\s+default\b|\(default\b|\bis\s+the\s+default\b/i;

/**
 * The schema reading found what omitting the parameter does where its schema states no default (4 above):
 * what the parameter keeps, whatever the model reads.
 */
export function isUnstatedOmission(unit: Pick<ClassifiedSentence, 'category' | 'cue' | 'cueSource' | 'text'>): boolean {
  return unit.category === 'constraint' && unit.cueSource === 'schema' && unit.cue !== undefined && unit.cue.startsWith('what omitting it does') && !isValueDefault(unit.text);
}

/**
 * "Defaults to 10.", "Default: false", "(default `json`)": the value a call gets when it leaves this one out,
 * which the model may pass itself. What the tool does without the value ("Defaults to the user library
 * when omitted.", "If omitted, searches every project.") is a behaviour only the description states.
 */
const VALUE_DEFAULT =
  /^\(?\s*(?:(?:if|when)\s+(?:not\s+(?:specified|provided|set|given|passed|supplied)|omitted|unset|unspecified)\s*,?\s*)?(?:it\s+)?(?:defaults?(?:\s+value)?(?:\s+(?:is|to))?\s*[:=]?|by\s+default(?:\s+(?:it\s+)?is)?\s*,?|is\s+the\s+default)\s*(?:`[^`]*`|"[^"]*"|'[^']*'|-?\d[\d.,_]*(?:\s*[a-z%]{1,8})?|true|false|null|none|[\w-]+)\s*(?:(?:if|when)\s+(?:not\s+(?:specified|provided|set|given)|omitted))?\s*\)?\s*[.;]?\s*$/i;

function isValueDefault(text: string): boolean {
  return VALUE_DEFAULT.test(text.trim());
}

function findOmissionBehaviour(text: string, schema: JsonObject): string | undefined {
  const match = OMISSION.exec(maskLiterals(text));
  if (!match || statesDefault(schema)) return undefined;
  return `what omitting it does ("${match[0].trim()}"), which the schema states no default for`;
}

/**
 * True when the schema states what omitting the value gives: a default other than `null` (zod's
 * `.nullable().default(null)` says nothing about what the tool does without the value).
 */
export function statesDefault(schema: JsonObject | undefined): boolean {
  return collectFromSchema(schema, (node) => (node.default === undefined || node.default === null ? [] : [node.default])).length > 0;
}

/** Words that make a rule more than a restatement: a format, a harm, a condition on other inputs. */
const MORE_THAN_SCHEMA =
  /\bbesides\b|\bother\s+than\b|\bexcept\b|\bexactly\s+one\b|\bat\s+least\s+one\s+(?:field|of|other|more|parameter|argument|option)\b|<[\w-]+>|\bYYYY\b|\bformat\b|\bpattern\b|\bregex|\bdelet|\bremov|\boverwrit|\bdestroy|\berase|\bpermanent|\birreversib|\bforce\b|\bbypass|\bwhen\b(?!\s+(?:true|false|enabled|disabled|set)\b)|\bif\b(?!\s+(?:true|false|enabled|disabled|set)\b)|\bunless\b|\bonly\b|\bwith\b\s+`|\binstead\b|\bboth\b|\beither\b/i;

function findRestatement(text: string, schema: JsonObject, required: boolean, name: string | undefined): string | undefined {
  if (MORE_THAN_SCHEMA.test(text)) return undefined;
  const values = getEnumValues(schema);
  // A name that is no value of this parameter is another input or tool: "timeseries_groups accepts PERCENTAGE".
  const names = text.match(/`[^`]+`|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g) ?? [];
  if (names.some((found) => found.replace(/`/g, '') !== name && !values.includes(found.replace(/`/g, '')))) return undefined;
  if (values.length >= 2) {
    const named = values.filter((value) => new RegExp(String.raw`(?<![\w-])${escapeRegExp(value)}(?![\w-])`).test(text));
    if (named.length >= Math.min(2, values.length)) return `the schema's enum lists these values (${named.length} of ${values.length} named)`;
  }
  if (required && /\b(?:is\s+)?(?:required|mandatory)\b|\bmust\s+(?:always\s+)?(?:be\s+)?(?:provided|specified|set|given|passed|included)\b/i.test(text)) {
    return 'the schema lists the parameter as required';
  }
  const limit = LIMIT.exec(text);
  if (!limit || !getBounds(schema).some((bound) => getNumbers(limit[0]).includes(bound))) return undefined;
  // Only a unit that says nothing but the limit: "Must not be empty; at most 200 characters." keeps its other rule.
  const rest = text.slice(0, limit.index) + text.slice(limit.index + limit[0].length);
  return OTHER_RULE.test(rest) ? undefined : `the schema states the limit (${limit[0].trim()})`;
}

/** Words of a rule beside a limit: what the limit alone does not say. */
const OTHER_RULE = /\b(?:must|never|not|only|required|should|cannot|can't|empty|unique)\b/i;

/** A numeric limit in prose: "Maximum: 100", "max 10", "at most 30", "up to 50", "(1-20)", "between -90 and 90". */
const LIMIT =
  /\b(?:max(?:imum)?|min(?:imum)?|at most|at least|up to|no more than|no fewer than|no less than|not more than|must not exceed|cannot exceed|can't exceed|limit(?:ed)? (?:of|to)|limit is)\s*(?:value\s*)?(?:of\s*)?[:=]?\s*`?-?\d[\d,]*(?:\.\d+)?`?|\(\s*-?\d+(?:\.\d+)?\s*(?:-|–|to)\s*-?\d+(?:\.\d+)?\s*(?:[,)]|\w+\))|\bbetween\s+-?\d[\d,]*(?:\.\d+)?\s+and\s+-?\d[\d,]*(?:\.\d+)?|\brange\s*:?\s*-?\d+(?:\.\d+)?\s*(?:-|–|to)\s*-?\d+/i;

function findUnstatedLimit(text: string, schema: JsonObject): string | undefined {
  const limit = LIMIT.exec(text);
  if (!limit || /\bdefault/i.test(text.slice(Math.max(0, limit.index - 12), limit.index))) return undefined;
  // Stated means the same number as one of the schema's bounds (zod's `.int()` bounds, ±2^53, state nothing here).
  const numbers = getNumbers(limit[0]);
  if (getBounds(schema).some((bound) => numbers.includes(bound))) return undefined;
  return `a limit the schema does not state ("${limit[0].trim()}")`;
}

const BOUND_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** The bounds a schema states, for its own value and its items. */
function getBounds(schema: JsonObject): number[] {
  return collectFromSchema(schema, (node) => BOUND_KEYS.map((key) => node[key]).filter((value): value is number => typeof value === 'number'));
}

function getNumbers(text: string): number[] {
  return [...text.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)].map((match) => Number(match[0].replace(/,/g, '')));
}

/** The values of the schema's `enum` (or its items' `enum`, or `const` branches), as text. */
function getEnumValues(schema: JsonObject): string[] {
  const values = collectFromSchema(schema, (node) => [
    ...(Array.isArray(node.enum) ? node.enum.filter((value) => typeof value === 'string' || typeof value === 'number').map(String) : []),
    ...(typeof node.const === 'string' ? [node.const] : []),
  ]);
  return [...new Set(values)].filter((value) => value !== '');
}

/** What `pick` finds in a schema, its array items and each `anyOf`/`oneOf` branch, depth first. */
function collectFromSchema<T>(schema: JsonValue | undefined, pick: (node: JsonObject) => T[]): T[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [...pick(schema), ...collectFromSchema(schema.items, pick), ...branches.flatMap((branch) => collectFromSchema(branch, pick))];
}
