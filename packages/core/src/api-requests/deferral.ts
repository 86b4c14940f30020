/**
 * When tool search pays: the tokens a request's tool definitions cost with and without deferral, and
 * which tools keep the most out of each request. Anthropic's tool search is the deferral this reads
 * (`defer_loading`); its thresholds and the search tool's own cost come from `API_REQUEST_LIMITS`.
 */
import { API_REQUEST_LIMITS } from '../clients.js';
import { countTokens } from '../measure.js';
import type { ApiToolArray } from './find-requests.js';

const SEARCH = API_REQUEST_LIMITS.anthropicToolSearch;

export interface ToolTokens {
  readonly name: string;
  readonly tokens: number;
  readonly deferred: boolean;
}

/** What a request's tools cost per request, as written and if every tool but the search tool were deferred. */
export interface DeferralEstimate {
  readonly tools: readonly ToolTokens[];
  /** Tokens of every definition that is loaded as the array is written. */
  readonly loadedTokens: number;
  /** Tokens of every definition, deferred or not. */
  readonly allTokens: number;
  /** Tokens loaded when every tool is deferred behind the tool search tool (which costs `searchToolTokens`). */
  readonly withDeferralTokens: number;
  readonly deferredCount: number;
  /** True when the array is past the point where tool search pays (tool count or tokens). */
  readonly pays: boolean;
}

/** What every element of a request's tool array costs, as the request sends it, and what of that is loaded. */
export interface ApiToolArrayTokens {
  /** Tokens of each element of `array.entries`, in order. */
  readonly perEntry: readonly number[];
  /** Tokens of the elements loaded as written (deferred ones left out). */
  readonly loadedTokens: number;
  readonly allTokens: number;
}

export function measureApiToolArray(array: ApiToolArray): ApiToolArrayTokens {
  const perEntry = array.entries.map((entry) => countTokens(JSON.stringify(entry.value)));
  return {
    perEntry,
    loadedTokens: sum(perEntry.filter((_, index) => array.entries[index].value.defer_loading !== true)),
    allTokens: sum(perEntry),
  };
}

/** Only for readable Anthropic arrays: elsewhere there is no `defer_loading` to advise on. */
export function estimateDeferral(array: ApiToolArray, measured = measureApiToolArray(array)): DeferralEstimate | undefined {
  if (array.vendor !== 'anthropic' || array.unreadable !== undefined) return undefined;
  const tools: ToolTokens[] = [];
  for (const [index, entry] of array.entries.entries()) {
    const { name } = entry.value;
    // Server tools (the tool search tool, web search, code execution) have no input schema of ours to defer.
    if (typeof name !== 'string' || !('input_schema' in entry.value)) continue;
    tools.push({ name, tokens: measured.perEntry[index], deferred: entry.value.defer_loading === true });
  }
  if (tools.length === 0) return undefined;
  const allTokens = sum(tools.map((tool) => tool.tokens));
  const loadedTokens = sum(tools.filter((tool) => !tool.deferred).map((tool) => tool.tokens));
  return {
    tools,
    loadedTokens,
    allTokens,
    withDeferralTokens: SEARCH.searchToolTokens,
    deferredCount: tools.filter((tool) => tool.deferred).length,
    pays: tools.length >= SEARCH.paysFromTools || allTokens >= SEARCH.paysFromTokens,
  };
}

/** The loaded tools whose deferral keeps the most tokens out of each request, largest first. */
export function findLargestLoadedTools(estimate: DeferralEstimate, count = 3): ToolTokens[] {
  return estimate.tools
    .filter((tool) => !tool.deferred)
    .toSorted((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name))
    .slice(0, count);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
