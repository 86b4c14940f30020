/**
 * Sizes of what a model reads: bytes of the JSON a server publishes and o200k_base tokens of it.
 * Static estimates (from source) and runtime measurements (from `tools/list`) both go through these
 * functions, so the two are always computed the same way.
 */
import { countO200kTokens } from './o200k.js';
import type { PublishedTool, ToolMeasure } from './model.js';
import { memoizeByText } from './memo.js';

/**
 * BPE merging is quadratic in the length of one pre-tokenised piece: 200 KB of one piece takes about a
 * minute. o200k_base's pre-tokeniser makes long pieces only from runs of letters, of punctuation or of
 * whitespace (digits come in groups of three, and a change of class starts a new piece), so only such
 * runs longer than this are counted in chunks of this size. Prose and compact JSON (long runs without
 * whitespace, but of mixed classes) never have them, so their count is exact.
 */
export const LONG_RUN_CHUNK = 1000;

const LONG_RUN = new RegExp(
  `[\\p{L}\\p{M}]{${LONG_RUN_CHUNK + 1},}|[^\\s\\p{L}\\p{M}\\p{N}]{${LONG_RUN_CHUNK + 1},}|\\s{${LONG_RUN_CHUNK + 1},}`,
  'gu',
);

/** o200k_base token count; exact for text without runs over {@link LONG_RUN_CHUNK} characters. */
export function countTokens(text: string): number {
  return countTokensCached(text);
}

const countTokensCached = memoizeByText(countTokensUncached);

function countTokensUncached(text: string): number {
  const longRuns = [...text.matchAll(LONG_RUN)];
  if (longRuns.length === 0) return countO200kTokens(text);
  let total = 0;
  let countedUpTo = 0;
  for (const run of longRuns) {
    if (run.index > countedUpTo) total += countO200kTokens(text.slice(countedUpTo, run.index));
    for (const chunk of findChunks(run[0])) total += countO200kTokens(chunk);
    countedUpTo = run.index + run[0].length;
  }
  if (countedUpTo < text.length) total += countO200kTokens(text.slice(countedUpTo));
  return total;
}

/** Cuts a long run into chunks, never between the two halves of a surrogate pair. */
function findChunks(run: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < run.length) {
    let end = Math.min(start + LONG_RUN_CHUNK, run.length);
    if (end < run.length && isLowSurrogate(run.charCodeAt(end))) end += 1;
    chunks.push(run.slice(start, end));
    start = end;
  }
  return chunks;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function getUtf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Bytes of a value's JSON; 0 when absent (a runtime list may omit a field the model requires). */
function getJsonBytes(value: unknown): number {
  return value === undefined ? 0 : getUtf8Bytes(JSON.stringify(value));
}

/**
 * Size of one published tool. `bytes` and `tokens` are of `JSON.stringify(tool)`, exactly what a
 * server puts in `tools/list`; the split counts the raw UTF-8 bytes of the name and the description
 * and the JSON of the input schema (plus the output schema when there is one).
 */
export function measureTool(tool: PublishedTool): ToolMeasure {
  const json = JSON.stringify(tool);
  return {
    bytes: getUtf8Bytes(json),
    tokens: countTokens(json),
    nameBytes: getUtf8Bytes(tool.name ?? ''),
    descriptionBytes: getUtf8Bytes(tool.description ?? ''),
    schemaBytes: getJsonBytes(tool.inputSchema),
    ...(tool.outputSchema === undefined ? {} : { outputSchemaBytes: getJsonBytes(tool.outputSchema) }),
  };
}

export interface TextMeasure {
  /**
   * UTF-16 code units (`text.length`): the unit JavaScript clients cut at (`slice(0, 4096)`), so a
   * limit in a client profile compares against this number.
   */
  readonly chars: number;
  readonly bytes: number;
  readonly tokens: number;
}

/** Size of a piece of text, for messages ("5,210 characters (~1,300 tokens)"). */
export function measureText(text: string): TextMeasure {
  return { chars: text.length, bytes: getUtf8Bytes(text), tokens: countTokens(text) };
}
