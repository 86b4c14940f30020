/**
 * Parts of a parameter description that only restate what the schema already publishes: the name,
 * the type, the enum values, the default, the optionality. The model reads the schema too, so these
 * parts cost tokens and say nothing. A part is reported only when the schema says the same thing
 * ("Defaults to 10." with `default: 10`, never with `default: 5` or no default).
 *
 * Only whole units are reported — a sentence, a parenthesised or bracketed part, an "Optional:" label —
 * with the whitespace that separates them, so removing every reported range leaves well-formed text
 * (possibly empty, in which case the whole description can go).
 */
import { memoizeByText } from '../memo.js';
import type { JsonObject, JsonValue } from '../model.js';
import { splitSentences } from './sentences.js';
import type { ParamFacts, RedundancyReason, RedundantPart, Sentence } from './types.js';

/** What redundancy is judged against: the parameter, and the name of the tool it belongs to when known. */
export interface RedundancyFacts extends ParamFacts {
  /** "Search query string" for `query` of `search_docs` echoes the tool and parameter names and the type. */
  readonly toolName?: string;
}
import { foldWord, getWords, splitIdentifier } from './words.js';

/** Words that carry no meaning when a phrase restates a name or a type. */
const FILLER = new Set(
  ['a', 'an', 'the', 'this', 'that', 'parameter', 'argument', 'field', 'property', 'value', 'input', 'given', 'specified',
    'provided', 'of', 'for', 'to', 'use', 'used', 'which', 'is', 'be', 'it', 'its', 'type', 'typed', 'flag', 'must', 'should',
    'option', 'or'].map(foldWord),
);

const TYPE_WORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['string', 'text'],
  number: ['number', 'numeric', 'float', 'decimal', 'double'],
  integer: ['integer', 'int', 'number', 'whole'],
  boolean: ['boolean', 'bool', 'true', 'false'],
  array: ['array', 'list'],
  object: ['object', 'map', 'dictionary', 'dict', 'record'],
  null: ['null', 'nullable'],
};

/** TYPE_WORDS in the form words are compared in. */
const FOLDED_TYPE_WORDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(TYPE_WORDS).map(([type, words]) => [type, words.map(foldWord)]),
);

const FOLDED_TRUE = foldWord('true');
const FOLDED_FALSE = foldWord('false');

/**
 * The folded words of a phrase without filler, and of a name. Each phrase is asked about by several
 * checks and the same phrases and names recur across parameters and tools, so both are kept by text.
 */
const getPhraseWords: (phrase: string) => readonly string[] = memoizeByText((phrase) => getWords(phrase).filter((word) => !FILLER.has(word)));
const getNameWords: (name: string) => ReadonlySet<string> = memoizeByText((name) => new Set(splitIdentifier(name).map(foldWord)));

/** Name words after which "number of" is implied (`max_results` = "Maximum number of results"). */
const COUNTING_WORDS = new Set(['maximum', 'minimum', 'count', 'limit', 'total'].map(foldWord));

const ENUM_INTRO =
  /^(?:(?:must|can|should|may)\s+be(?:\s+one\s+of(?:\s+the\s+following)?)?|(?:is\s+)?one\s+of(?:\s+the\s+following)?|(?:is\s+)?either|enum(?:\s+values)?|(?:possible|allowed|valid|accepted|supported|available)\s+(?:values|options|choices)(?:\s+(?:are|is|include))?|values?|options?|choices?|accepts?)\s*[:\-–—]?\s*/i;

/** Where a unit hands over to a restated value list: "Effort: low, medium or high." / "Effort, one of low or high." */
const TAIL_LIST_START = /(?::\s+|\s+[-–—]\s+|,\s+(?=(?:one\s+of|either|must\s+be|can\s+be)\b))/g;

/** Words a parameter name implies: a `query` is a search query. */
const IMPLIED_WORDS: Readonly<Record<string, readonly string[]>> = { query: ['search'], q: ['search', 'query'] };

const OPTIONALITY =
  /^(?:(?:this|the)\s+(?:parameter|field|argument|value|param|input)\s+is\s+|it\s+is\s+|is\s+)?(optional|required|mandatory|not\s+required)(?:\s+(?:parameter|field|argument|value|param|input))?$/i;

const OPTIONALITY_LABEL = /^(optional|required)\s*[:\-–—]\s+/i;

const DEFAULT_PHRASE =
  /^(?:(?:if|when)\s+(?:omitted|unset|not\s+(?:specified|provided|given|set|supplied))\s*,?\s*)?(?:it\s+)?(?:defaults?(?:\s+value)?(?:\s+(?:is|to))?\s*[:=]?|by\s+default(?:\s+(?:it\s+is|is|it's))?\s*,?)\s*(.+)$/i;

/** Redundant parts of `description`, in order and without overlaps. */
export function findRedundantParts(description: string, param: RedundancyFacts): RedundantPart[] {
  const units = splitSentences(description);
  const reasons = units.map((unit) => (unit.markup ? undefined : getUnitReason(unit.text, param)));
  const parts: RedundantPart[] = [];
  units.forEach((unit, index) => {
    const reason = reasons[index];
    if (reason !== undefined) {
      parts.push({ ...getUnitRemovalRange(units, reasons, index, description), reason });
      return;
    }
    if (!unit.markup) parts.push(...findRedundantInnerParts(description, unit, param));
  });
  return parts.sort((a, b) => a.start - b.start);
}

/**
 * The range that removes unit `index` with one side of its whitespace: the following whitespace when a
 * kept unit comes later, else the preceding whitespace (so "A. B." loses "B." as " B."). Ranges of
 * neighbouring redundant units touch but never overlap.
 */
function getUnitRemovalRange(
  units: readonly Sentence[],
  reasons: readonly (RedundancyReason | undefined)[],
  index: number,
  description: string,
): { start: number; end: number } {
  const unit = units[index];
  const hasKeptUnitAfter = reasons.slice(index + 1).some((reason) => reason === undefined);
  if (hasKeptUnitAfter) return { start: unit.start, end: units[index + 1].start };
  const hasKeptUnitBefore = reasons.slice(0, index).some((reason) => reason === undefined);
  if (hasKeptUnitBefore) return { start: units[index - 1].end, end: unit.end };
  // Everything is redundant: the units tile the description; the last one takes the trailing whitespace.
  const isLast = index === units.length - 1;
  return { start: index === 0 ? 0 : unit.start, end: isLast ? description.length : units[index + 1].start };
}

/** Parenthesised / bracketed parts and "Optional:" labels inside a unit that is kept. */
function findRedundantInnerParts(description: string, unit: Sentence, param: RedundancyFacts): RedundantPart[] {
  const parts: RedundantPart[] = [];
  const label = OPTIONALITY_LABEL.exec(unit.text);
  if (label && isOptionalityRestated(label[1], param)) {
    parts.push({ start: unit.start, end: unit.start + label[0].length, reason: 'optionality' });
  }
  for (const group of unit.text.matchAll(/\(([^()]*)\)|\[([^[\]]*)\]/g)) {
    const inner = group[1] ?? group[2];
    const start = unit.start + group.index;
    const reason = getPhraseReason(inner, param);
    if (reason !== undefined) {
      parts.push({ ...widenOverWhitespace(description, start, start + group[0].length), reason });
      continue;
    }
    // "(boolean, optional, default false)" with no published default: only "boolean, " and "optional, " go.
    parts.push(...findRedundantPieces(inner, start + 1, param));
  }
  const tail = findRestatedTailList(unit, param);
  if (tail && !parts.some((part) => part.end > tail.start)) parts.push(tail);
  return parts;
}

/** Comma-separated pieces of a parenthesis that are redundant when others are not, each with its separator. */
function findRedundantPieces(inner: string, offset: number, param: RedundancyFacts): RedundantPart[] {
  const pieces = [...inner.matchAll(/[^,;]+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
  if (pieces.length < 2) return [];
  const reasons = pieces.map((piece) => getSinglePhraseReason(stripSentencePunctuation(piece.text), param));
  if (reasons.every((reason) => reason === undefined) || reasons.every((reason) => reason !== undefined)) return [];
  const parts: RedundantPart[] = [];
  pieces.forEach((piece, index) => {
    const reason = reasons[index];
    if (reason === undefined) return;
    const lead = piece.text.length - piece.text.trimStart().length;
    // Take the separator after the piece, or before it for the last piece.
    const range = index < pieces.length - 1 ? { start: piece.start + lead, end: pieces[index + 1].start + (pieces[index + 1].text.length - pieces[index + 1].text.trimStart().length) } : { start: pieces[index - 1].end, end: piece.end };
    parts.push({ start: offset + range.start, end: offset + range.end, reason });
  });
  return parts;
}

/** "Effort: minimal, low, medium or high." — the restated list after a colon or dash, up to the final period. */
function findRestatedTailList(unit: Sentence, param: RedundancyFacts): RedundantPart | undefined {
  for (const separator of unit.text.matchAll(TAIL_LIST_START)) {
    const head = unit.text.slice(0, separator.index);
    if (!/[\p{L}\p{N}]/u.test(head)) continue;
    const rest = unit.text.slice(separator.index + separator[0].length);
    const list = rest.replace(/[.!;]+\s*$/, '');
    if (!isEnumRestated(list, param.schema, true)) continue;
    return { start: unit.start + separator.index, end: unit.start + separator.index + separator[0].length + list.length, reason: 'enum' };
  }
  return undefined;
}

/** Takes the whitespace before a part (or, at the start of a line, after it) along with it. */
function widenOverWhitespace(text: string, start: number, end: number): { start: number; end: number } {
  let before = start;
  while (before > 0 && /[ \t]/.test(text[before - 1])) before -= 1;
  if (before < start && before > 0 && text[before - 1] !== '\n') return { start: before, end };
  let after = end;
  while (after < text.length && /[ \t]/.test(text[after])) after += 1;
  return { start, end: after };
}

/** Why a whole unit is redundant, or undefined when it says something the schema does not. */
function getUnitReason(text: string, param: RedundancyFacts): RedundancyReason | undefined {
  let innerReason: RedundancyReason | undefined;
  const withoutRedundantGroups = text.replace(/\s*(?:\(([^()]*)\)|\[([^[\]]*)\])/g, (group, paren?: string, bracket?: string) => {
    const reason = getPhraseReason(paren ?? bracket ?? '', param);
    if (reason === undefined) return group;
    innerReason ??= reason;
    return '';
  });
  const core = stripSentencePunctuation(withoutRedundantGroups);
  if (core === '') return innerReason;
  const label = OPTIONALITY_LABEL.exec(core);
  if (label && isOptionalityRestated(label[1], param)) {
    return getPhraseReason(core.slice(label[0].length), param) !== undefined ? 'optionality' : undefined;
  }
  return getPhraseReason(core, param);
}

function stripSentencePunctuation(text: string): string {
  return text.trim().replace(/^[*_]+|[*_]+$/g, '').replace(/[.!;:,]+$/, '').trim();
}

/** Why a phrase (a sentence without its period, or the inside of parentheses) is redundant. */
function getPhraseReason(rawPhrase: string, param: RedundancyFacts): RedundancyReason | undefined {
  const phrase = stripSentencePunctuation(rawPhrase);
  if (phrase === '') return undefined;
  const whole = getSinglePhraseReason(phrase, param);
  if (whole !== undefined) return whole;
  // "optional, defaults to 10": every comma-separated part must be redundant on its own.
  const pieces = phrase.split(/\s*[,;]\s*/).filter((piece) => piece !== '');
  if (pieces.length < 2) return undefined;
  const reasons = pieces.map((piece) => getSinglePhraseReason(piece, param));
  return reasons.every((reason) => reason !== undefined) ? reasons[0] : undefined;
}

function getSinglePhraseReason(phrase: string, param: RedundancyFacts): RedundancyReason | undefined {
  if (isOptionalityRestated(phrase, param)) return 'optionality';
  if (isDefaultRestated(phrase, param.schema)) return 'default';
  if (isEnumRestated(phrase, param.schema)) return 'enum';
  if (isTypeRestated(phrase, param.schema)) return 'type';
  if (isNameRestated(phrase, param.name)) return 'name';
  if (isNameAndTypeRestated(phrase, param)) return 'name';
  return undefined;
}

function isOptionalityRestated(phrase: string, param: ParamFacts): boolean {
  const match = OPTIONALITY.exec(phrase.trim());
  if (!match) return false;
  const saysOptional = /^(?:optional|not\s+required)$/i.test(match[1]);
  return saysOptional !== param.required;
}

function isDefaultRestated(phrase: string, schema: JsonObject | undefined): boolean {
  if (schema === undefined || !('default' in schema)) return false;
  const match = DEFAULT_PHRASE.exec(phrase) ?? /^(.+?)\s+by\s+default$/i.exec(phrase);
  return match !== null && isSameValue(match[1], schema.default);
}

/** Compares a value written in prose (`10`, `"asc"`, `` `true` ``, `[]`) with a JSON value. */
function isSameValue(written: string, value: JsonValue): boolean {
  const raw = written.trim().replace(/[.!;]+$/, '');
  const text = unquote(raw);
  if (value === '') return /^(?:""|''|``|(?:an\s+)?empty(?:\s+string)?)$/i.test(raw);
  if (value === null) return /^(?:null|none|nil)$/i.test(text);
  if (typeof value === 'number') return text !== '' && Number(text.replace(/,/g, '')) === value;
  if (typeof value === 'boolean') return text.toLowerCase() === String(value);
  if (typeof value === 'string') return text.toLowerCase() === value.toLowerCase() && text !== '';
  return text.replace(/\s+/g, '') === JSON.stringify(value);
}

function unquote(text: string): string {
  const quoted = /^([`"'“‘])(.*)([`"'”’])$/s.exec(text);
  return quoted ? quoted[2] : text;
}

function isEnumRestated(phrase: string, schema: JsonObject | undefined, isAfterLabel = false): boolean {
  const values = schema?.enum;
  if (!Array.isArray(values) || values.length === 0) return false;
  if (!values.every((value) => typeof value === 'string' || typeof value === 'number')) return false;
  const intro = ENUM_INTRO.exec(phrase);
  const list = intro ? phrase.slice(intro[0].length) : phrase;
  const written = list
    .split(/\s*(?:,|\bor\b|\band\b|\||\/)\s*/i)
    .map((item) => unquote(item.trim()).toLowerCase())
    .filter((item) => item !== '');
  // Without an intro ("One of:"), only a bare list of two or more values counts ("asc or desc").
  if (!intro && written.length < 2) return false;
  // After a label ("Effort: …") the list must still name every value, and at least two.
  if (isAfterLabel && written.length < 2) return false;
  const expected = new Set(values.map((value) => String(value).toLowerCase()));
  return written.length === expected.size && written.every((item) => expected.has(item));
}

function getSchemaTypes(schema: JsonObject | undefined): string[] {
  if (schema === undefined) return [];
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}

function isTypeRestated(phrase: string, schema: JsonObject | undefined): boolean {
  const types = getSchemaTypes(schema);
  if (types.length === 0) return false;
  const words = getPhraseWords(phrase);
  if (words.length === 0) return false;
  // "Create as draft (true) or launch (false)": one boolean value names what that value means.
  if (words.length === 1 && (words[0] === FOLDED_TRUE || words[0] === FOLDED_FALSE)) return false;
  const items = schema?.items;
  const itemTypes = types.includes('array') && items && typeof items === 'object' && !Array.isArray(items) ? getSchemaTypes(items) : [];
  const allowed = getTypeWords(types, itemTypes);
  return words.every((word) => allowed.has(word));
}

/** The folded words that name the types (and array item types); a handful of combinations, kept once each. */
const typeWordSets = new Map<string, ReadonlySet<string>>();
function getTypeWords(types: readonly string[], itemTypes: readonly string[]): ReadonlySet<string> {
  const key = JSON.stringify([types, itemTypes]);
  let allowed = typeWordSets.get(key);
  if (allowed === undefined) {
    allowed = new Set([...types, ...itemTypes].flatMap((type) => FOLDED_TYPE_WORDS[type] ?? []));
    if (typeWordSets.size >= 256) typeWordSets.clear();
    typeWordSets.set(key, allowed);
  }
  return allowed;
}

function isNameRestated(phrase: string, name: string): boolean {
  const nameWords = getNameWords(name);
  if (nameWords.size === 0) return false;
  const isCounting = [...nameWords].some((word) => COUNTING_WORDS.has(word));
  const words = isCounting ? getPhraseWords(phrase).filter((word) => word !== 'number') : getPhraseWords(phrase);
  return words.length > 0 && new Set(words).size === nameWords.size && words.every((word) => nameWords.has(word));
}

/**
 * "Search query string" for `query` of `search_docs`: every name word is there, and the rest only
 * echoes the type, the tool's name or what the name implies.
 */
function isNameAndTypeRestated(phrase: string, param: RedundancyFacts): boolean {
  const nameWords = getNameWords(param.name);
  if (nameWords.size === 0) return false;
  const words = getPhraseWords(phrase);
  // The type itself must be named ("string", "number"): "Text encoding of the file" is not an echo.
  const typeNames = new Set(getSchemaTypes(param.schema).map(foldWord));
  if (!words.some((word) => typeNames.has(word)) || ![...nameWords].every((word) => words.includes(word))) return false;
  const echoes = new Set<string>();
  for (const type of getSchemaTypes(param.schema)) for (const word of FOLDED_TYPE_WORDS[type] ?? []) echoes.add(word);
  for (const word of param.toolName ? getNameWords(param.toolName) : []) echoes.add(word);
  for (const word of nameWords) for (const implied of IMPLIED_WORDS[word] ?? []) echoes.add(foldWord(implied));
  return words.every((word) => nameWords.has(word) || echoes.has(word));
}
