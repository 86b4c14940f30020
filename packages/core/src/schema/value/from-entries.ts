/**
 * `Object.fromEntries(pairs)` on a value the evaluator has computed: an array of `[key, value]` pairs, as
 * `Object.entries(…).map(…)`, `.filter(…)`, `.flatMap(…)` or an array literal build it. The callbacks that
 * build the pairs are project functions the evaluator already runs; this only assembles the object.
 */
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { isGap } from './partial.js';
import { defineValue } from './plain-data.js';

/**
 * The object `pairs` make, in their order (a later key wins, as at run time). In a partial reading a pair
 * that is a stand-in is left out (the object is then a lower bound; its reason is already recorded).
 */
export function fromEntries(pairs: unknown, node: Node, partly: boolean): unknown {
  if (isGap(pairs)) return pairs;
  if (!Array.isArray(pairs)) return new Unreadable('`Object.fromEntries()` of something that is not a static array', node);
  const out: Record<string, unknown> = {};
  for (const pair of pairs as unknown[]) {
    if (partly && isGap(pair)) continue;
    if (!Array.isArray(pair) || pair.length === 0) return new Unreadable('`Object.fromEntries()` of an element that is not a `[key, value]` pair', node);
    const [key, value] = pair as unknown[];
    if (typeof key !== 'string' && typeof key !== 'number') {
      if (partly && isGap(key)) continue;
      return new Unreadable('`Object.fromEntries()` of a pair whose key is not static', node);
    }
    defineValue(out, String(key), value);
  }
  return out;
}
