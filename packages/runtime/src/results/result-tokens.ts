/**
 * How bounded results count: in o200k_base tokens with `@toolslim/tokens`, loaded on the first result
 * that needs it; with the author's own function; or, where the rank table cannot be read (a runtime
 * without `node:fs`, a bundle that left the table out), in UTF-8 bytes. A token is at least one byte, so
 * bytes never undercount: the first slice stays within the limit for any tokenizer, only shorter.
 */
import { findCharacterCut, findLongestFit } from './result-slices.js';

export interface ResultCounter {
  count(text: string): number;
  /** Whether `text` has at most `limit` tokens. */
  isWithin(text: string, limit: number): boolean;
  /** The longest prefix within `budget` ending at one of `points` (or at any character); undefined when none fits. */
  fit(text: string, budget: number, points?: readonly number[]): number | undefined;
  /** The count as the note words it ("214,002 tokens (o200k_base)"). */
  describe(count: number): string;
}

const formatNumber = (value: number) => value.toLocaleString('en-US');

/** A counter from one function: the prefixes are found by halving, each one counted whole. */
export function createFunctionCounter(count: (text: string) => number, describe = (tokens: number) => `${formatNumber(tokens)} tokens`): ResultCounter {
  return {
    count,
    isWithin: (text, limit) => count(text) <= limit,
    fit(text, budget, points) {
      const fits = (end: number) => count(text.slice(0, end)) <= budget;
      if (points) return findLongestFit(points, fits);
      const end = findCharacterCut(text, fits);
      return end === 0 && !fits(0) ? undefined : end;
    },
    describe,
  };
}

export const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

type TokensModule = typeof import('@toolslim/tokens');

let o200k: Promise<ResultCounter> | undefined;

/**
 * The o200k_base counter, read once per process on first need; the byte counter, with the reason, when
 * the package or its table cannot be loaded here. `load` replaces the import (tests).
 */
export function loadO200kCounter(load?: () => Promise<TokensModule>): Promise<ResultCounter> {
  if (load) return createO200kCounter(load);
  o200k ??= createO200kCounter(() => import('@toolslim/tokens'));
  return o200k;
}

async function createO200kCounter(load: () => Promise<TokensModule>): Promise<ResultCounter> {
  try {
    const tokens = await load();
    tokens.loadO200kRanks();
    return { count: tokens.countTokens, isWithin: tokens.isWithinTokenLimit, fit: tokens.findTokenFit, describe: (count) => `${formatNumber(count)} tokens (o200k_base)` };
  } catch {
    // The model needs the bound, not the reason: the note says only how it was counted.
    return createFunctionCounter(byteLength, (bytes) => `at most ${formatNumber(bytes)} tokens (counted as UTF-8 bytes: the o200k_base table could not be loaded here)`);
  }
}
