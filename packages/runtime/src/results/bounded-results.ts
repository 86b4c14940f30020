/**
 * Bounded results as a layer over the same wrapping: a tool result whose text passes the limit is held
 * by the server, and the model gets the first slice that fits (cut between JSON values, lines or
 * sentences), what was held back (bytes, lines, tokens, sha256) and how to read the rest: a `read_result`
 * tool and a `results://<id>` resource. At or under the limit, the result passes as it is.
 */
import { createHash } from 'node:crypto';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { buildToolErrorResult } from '../tool-results.js';
import type { SessionState, ToolLayer } from '../wrapping/layers.js';
import { findCutPoints } from './result-slices.js';
import { byteLength, createFunctionCounter, loadO200kCounter, type ResultCounter } from './result-tokens.js';

/**
 * Claude Code cuts an MCP tool result at 25,000 tokens by default and reads `MAX_MCP_OUTPUT_TOKENS`
 * (https://code.claude.com/docs/en/mcp). The same numbers as core's client table (`resultMaxTokens`),
 * repeated here because the runtime does not depend on core.
 */
export const DEFAULT_RESULT_MAX_TOKENS = 25_000;
export const RESULT_LIMIT_ENV = 'MAX_MCP_OUTPUT_TOKENS';

export interface BoundedResultsOption {
  /** The limit; default `MAX_MCP_OUTPUT_TOKENS` when the environment sets it, else 25,000. */
  readonly maxTokens?: number;
  /**
   * How tokens are counted. Default: o200k_base, exactly (`@toolslim/tokens`, read on the first result
   * past the limit in bytes; a result of at most that many bytes passes without a count). Where its table
   * cannot be read, UTF-8 bytes, which never undercount. Pass a counter for another tokenizer.
   */
  readonly countTokens?: (text: string) => number;
  /** Results held per session (oldest first out). Default 20. */
  readonly maxHeld?: number;
  /** Bytes held per session (oldest first out). Default 32 MiB. */
  readonly maxHeldBytes?: number;
  /** How long a held result can be read. Default 15 minutes. */
  readonly ttlMs?: number;
  /** Default `read_result`. */
  readonly toolName?: string;
  /** Default `results` (`results://<id>`). */
  readonly uriScheme?: string;
  /** Where to read `MAX_MCP_OUTPUT_TOKENS`; default `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** The clock, in milliseconds (tests). */
  readonly now?: () => number;
}

interface Held {
  readonly text: string;
  readonly bytes: number;
  readonly expires: number;
}

const STATE = Symbol('bounded results');
const DESCRIPTION = 'Read more of a tool result that was too long to show at once.';

export function readResultLimit(option: BoundedResultsOption): number {
  if (option.maxTokens !== undefined) return option.maxTokens;
  const fromEnv = Number((option.environment ?? (typeof process === 'object' ? process.env : {}))[RESULT_LIMIT_ENV]);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_RESULT_MAX_TOKENS;
}

/** The layer, and the tool it adds (for shapes that register tools themselves). */
export function createBoundedResults(
  option: BoundedResultsOption,
  ownTools: readonly string[],
  loadCounter: () => Promise<ResultCounter> = loadO200kCounter,
): { layer: ToolLayer; tool: Tool } {
  const limit = readResultLimit(option);
  const own = option.countTokens ? createFunctionCounter(option.countTokens) : undefined;
  const getCounter = async () => own ?? (await loadCounter());
  const toolName = option.toolName ?? 'read_result';
  const scheme = option.uriScheme ?? 'results';
  const now = option.now ?? Date.now;
  const maxHeld = option.maxHeld ?? 20;
  const maxHeldBytes = option.maxHeldBytes ?? 32 * 1024 * 1024;
  const ttl = option.ttlMs ?? 15 * 60 * 1000;
  // Without a session (stateless HTTP) results are held on the server, bounded the same way.
  const shared = new Map<string, Held>();
  let next = 0;
  const storeOf = (session: SessionState | undefined) => (session ? session.get(STATE, () => new Map<string, Held>()) : shared);
  const hold = (store: Map<string, Held>, text: string): string => {
    const id = `r${++next}`;
    const bytes = Buffer.byteLength(text, 'utf8');
    store.set(id, { text, bytes, expires: now() + ttl });
    let total = [...store.values()].reduce((sum, held) => sum + held.bytes, 0);
    for (const [key, held] of store) {
      if (store.size <= maxHeld && total <= maxHeldBytes) break;
      if (key === id) continue;
      store.delete(key);
      total -= held.bytes;
    }
    return id;
  };
  const find = (store: Map<string, Held>, id: unknown): Held | string => {
    const held = typeof id === 'string' ? store.get(id) : undefined;
    if (!held) return `No held result ${JSON.stringify(id)}: it was never held, was read in another session, or was dropped to keep at most ${maxHeld} results.`;
    if (held.expires <= now()) {
      store.delete(id as string);
      return `Result ${JSON.stringify(id)} expired: results are held for ${Math.round(ttl / 60_000)} minutes. Call the tool again.`;
    }
    return held;
  };
  const slice = (counter: ResultCounter, text: string, offset: number, budget: number): number => {
    const rest = text.slice(offset);
    if (byteLength(rest) <= budget || counter.isWithin(rest, budget)) return offset + rest.length;
    const cut = counter.fit(rest, budget, findCutPoints(rest)) ?? counter.fit(rest, budget) ?? 0;
    return offset + Math.max(cut, 1);
  };
  const tool: Tool = {
    name: toolName,
    description: DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The id the shortened result gave.' },
        offset: { type: 'integer', minimum: 0, description: 'Character to start at.' },
      },
      required: ['id', 'offset'],
    },
    annotations: { readOnlyHint: true },
  };
  const layer: ToolLayer = {
    provides: { tools: true, resources: true },
    listTools: (page) => (page.nextCursor ? page : { ...page, tools: [...page.tools.filter((listed) => listed.name !== toolName), tool] }),
    async callTool(call, next) {
      const store = storeOf(call.session);
      if (call.name === toolName) {
        const held = find(store, call.arguments?.id);
        if (typeof held === 'string') return buildToolErrorResult(held);
        const offset = Math.max(0, Math.min(Number(call.arguments?.offset ?? 0) || 0, held.text.length));
        const end = slice(await getCounter(), held.text, offset, Math.max(1, limit - 200));
        const more = end < held.text.length ? `next: \`offset\` = ${end}.` : 'that is the end.';
        return { content: [{ type: 'text', text: held.text.slice(offset, end) }, { type: 'text', text: `Characters ${offset}–${end} of ${held.text.length}; ${more}` }] };
      }
      const result = await next();
      if (ownTools.includes(call.name) || isSmall(result)) return result;
      return bound(result, store, getCounter);
    },
    async readResource(read, next) {
      const prefix = `${scheme}://`;
      if (!read.uri.startsWith(prefix)) return next();
      const held = find(storeOf(read.session), decodeURIComponent(read.uri.slice(prefix.length)));
      if (typeof held === 'string') throw new Error(held);
      return { contents: [{ uri: read.uri, mimeType: 'text/plain', text: held.text }] };
    },
  };
  /** A result of at most `limit` bytes (a token is at least one byte) passes as it is, uncounted and unjoined. */
  const isSmall = (result: CallToolResult): boolean => {
    const parts = result.content ?? [];
    if (parts.some((part) => part.type !== 'text')) return true;
    // The parts as `bound` joins them (a newline between two), and the structured content beside them.
    let bytes = Math.max(parts.length - 1, 0) + (result.structuredContent === undefined ? 0 : byteLength(JSON.stringify(result.structuredContent)));
    for (const part of parts) {
      bytes += byteLength((part as { text: string }).text);
      if (bytes > limit) return false;
    }
    return bytes <= limit;
  };
  const bound = async (result: CallToolResult, store: Map<string, Held>, counter: () => Promise<ResultCounter>): Promise<CallToolResult> => {
    const parts = result.content ?? [];
    if (!parts.every((part) => part.type === 'text')) return result;
    const text = parts.map((part) => (part as { text: string }).text).join('\n');
    const structured = result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
    const counted = structured === text ? '' : structured;
    if (byteLength(text) + byteLength(counted) <= limit) return result;
    const count = await counter();
    const within = count.isWithin(text, limit);
    if (within && (counted === '' || count.count(text) + count.count(counted) <= limit)) return result;
    const id = hold(store, text);
    const structuredId = counted !== '' ? hold(store, structured) : undefined;
    const bytes = byteLength(text);
    const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    const tokens = count.describe(count.count(text));
    const note = (shown: number) =>
      [
        `This result was too long to show at once (${bytes.toLocaleString('en-US')} bytes, ${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'}, ${tokens}; sha256 ${sha256}).`,
        `Shown: characters 0–${shown} of ${text.length}. Read the rest with \`${toolName}\` (\`id\` = "${id}", \`offset\` = ${shown}) or the resource \`${scheme}://${id}\`.`,
        ...(result.structuredContent === undefined ? [] : [structuredId ? `Its structuredContent is held back too: \`id\` = "${structuredId}".` : 'Its structuredContent is held back too: it is the same JSON as the text.']),
      ].join(' ');
    const end = slice(count, text, 0, Math.max(1, limit - count.count(note(text.length)) - 10));
    const { structuredContent: _held, ...rest } = result;
    return { ...rest, content: [{ type: 'text', text: text.slice(0, end) }, { type: 'text', text: note(end) }] };
  };
  return { layer, tool };
}
