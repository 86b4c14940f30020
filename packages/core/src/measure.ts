/**
 * Sizes of what a model reads: bytes of the JSON a server publishes and o200k_base tokens of it.
 * Static estimates (from source) and runtime measurements (from `tools/list`) both go through these
 * functions, so the two are always computed the same way.
 */
import { countTokens as countO200kTokens } from '@toolslim/tokens';
import type { PublishedTool, ToolMeasure } from './model.js';
import { getJsonNumber, memoizeByText } from './memo.js';

export { LONG_RUN_CHUNK } from '@toolslim/tokens';

/**
 * o200k_base token count (`@toolslim/tokens`, the one counter the runtime uses too); exact for text
 * without runs of one character class over `LONG_RUN_CHUNK` characters. Kept for texts seen recently:
 * every rule asks about the same descriptions.
 */
export const countTokens: (text: string) => number = memoizeByText(countO200kTokens);

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
  // Kept by the tool with its schemas as numbers (one per distinct JSON): a file linted again publishes
  // the same tools, its schemas the same objects, and writing each tool out again was most of the cost.
  // Every object under those names is replaced, so no object of the tool's own can look like the marker.
  const key = JSON.stringify(tool, (name, value: unknown) =>
    (name === 'inputSchema' || name === 'outputSchema') && typeof value === 'object' && value !== null && !Array.isArray(value) ? { '\u0000': getJsonNumber(value) } : value,
  );
  let measure = measures.get(key);
  if (!measure) {
    measure = measureToolUncached(tool);
    if (measures.size >= 4096) measures.clear();
    measures.set(key, measure);
  }
  return measure;
}

const measures = new Map<string, ToolMeasure>();

function measureToolUncached(tool: PublishedTool): ToolMeasure {
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
