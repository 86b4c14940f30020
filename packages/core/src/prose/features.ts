/**
 * What the prose model reads of a unit (docs/how-categories.md, "The prose model"): the words of its masked
 * text and their pairs, the cues' reading of it (category, where the cue came from, the kind of how-text,
 * the cue's words, and every cue and principle that matches, whichever decided) and the harm topics it
 * names, as evidence, and the context the classifier reads (position, tool or parameter, the list
 * lead-in, markup, the parameter's schema). One function, used at run time and by the training script
 * (`node test/realworld/train-prose-model.mjs`), so the model is read the way it was trained.
 */
import type { JsonObject, JsonValue } from '../model.js';
import { findCueHits } from './classify.js';
import { findHarmTopics } from './harm.js';
import { LIST_MARKER } from './markup.js';
import { maskLiterals } from './mask.js';
import type { ClassifiedSentence, Sentence, UnitContext } from './types.js';

const STOP_WORDS = new Set('a an the of to in on for and or is are be it this that with by as at from can will'.split(' '));

/** A word folded to a rough stem, so "deletes", "deleted" and "deleting" count as "delet". */
function stem(word: string): string {
  return word.replace(/(?:'s|ies|es|s|ed|ing)$/, (end) => (end === 'ies' ? 'y' : ''));
}

function findWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).map(stem);
}

/** The features of one unit in its context, given the cues' reading of it. */
export function findUnitFeatures(sentence: Sentence, context: UnitContext, cues: ClassifiedSentence): string[] {
  const parameter = context.parameter === true;
  const side = parameter ? 'p' : 't';
  // Only first or later: a unit keeps its reading when slim removes units before it (a second run changes nothing).
  const features = new Set<string>([side, `${side}pos:${context.index === 0 ? 'first' : 'later'}`]);
  // For the same reason, a unit no cue decided is read the same wherever it stands: the cues call it what in
  // a tool's first three units and detail past them, and slim's moves change which.
  const fallback = cues.cueSource === 'fallback';
  const category = fallback ? 'none' : cues.category;
  features.add(`cue:${category}`);
  features.add(`src:${cues.cueSource}`);
  features.add(`${side}cue:${category}:${cues.cueSource}`);
  // The cues' reading in its context: where the unit stands, under what lead-in, on what kind of value.
  features.add(`${side}pos:${context.index === 0 ? 'first' : 'later'}:${category}`);
  if (context.header) features.add(`hdr:${context.header.category}:${category}`);
  if (parameter && context.schema?.schema) features.add(`stype:${typeof context.schema.schema.type === 'string' ? context.schema.schema.type : 'other'}:${category}`);
  if (cues.howKind && !fallback) features.add(`kind:${cues.howKind}`);
  for (const hit of findCueHits(sentence, parameter)) features.add(`hit:${hit}`);
  for (const topic of findHarmTopics(sentence.text)) {
    features.add(`topic:${topic}`);
    features.add(`${side}topic:${topic}:${category}`);
  }
  if (!fallback) for (const word of findWords(maskLiterals(cues.cue))) if (!STOP_WORDS.has(word)) features.add(`cw:${word}`);
  if (context.header) {
    features.add(`hdr:${context.header.category}`);
    for (const word of findWords(maskLiterals(context.header.text))) if (!STOP_WORDS.has(word)) features.add(`hw:${word}`);
  }
  if (sentence.markup) features.add(`markup:${sentence.markupKind ?? 'block'}`);
  const length = sentence.text.length;
  features.add(`len:${length < 40 ? 's' : length < 120 ? 'm' : length < 300 ? 'l' : 'xl'}`);
  if (sentence.text.includes('`')) features.add('code');
  if (/\d/.test(sentence.text)) features.add('digit');
  if (/:\s*$/.test(sentence.text)) features.add('lead-in');
  if (/!/.test(sentence.text)) features.add('bang');
  if (/\(/.test(sentence.text)) features.add('paren');
  addSchemaFeatures(features, context.schema?.schema, context.schema?.required);
  const body = sentence.markupKind === 'list-item' ? sentence.text.replace(LIST_MARKER, '') : sentence.text;
  const masked = maskLiterals(body);
  if (/\b[A-Z]{3,}\b/.test(masked)) features.add('caps');
  const words = findWords(masked);
  if (words[0]) {
    features.add(`first:${words[0]}`);
    features.add(`${side}first:${words[0]}`);
  }
  if (words[1]) features.add(`first2:${words[0]}_${words[1]}`);
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    features.add(`w:${word}`);
    features.add(`${side}w:${word}`);
  }
  for (let i = 0; i + 1 < words.length; i++) features.add(`b:${words[i]}_${words[i + 1]}`);
  return [...features];
}

function addSchemaFeatures(features: Set<string>, schema: JsonObject | undefined, required: boolean | undefined): void {
  if (!schema) return;
  const type = typeof schema.type === 'string' ? schema.type : 'other';
  features.add(`schema:${type}`);
  if (hasKey(schema, 'enum') || hasKey(schema, 'const')) features.add('schema:enum');
  if (schema.default !== undefined) features.add('schema:default');
  if (['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'].some((key) => hasKey(schema, key))) features.add('schema:bounds');
  if (schema.format !== undefined || schema.pattern !== undefined) features.add('schema:format');
  if (required) features.add('schema:required');
}

/** True when the schema, its items or one of its branches has `key`. */
function hasKey(schema: JsonValue | undefined, key: string): boolean {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return false;
  if (schema[key] !== undefined) return true;
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return hasKey(schema.items, key) || branches.some((branch) => hasKey(branch, key));
}

/** 32-bit FNV-1a: the bucket of a feature in the model's weights (the same on every machine). */
export function hashFeature(feature: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}
