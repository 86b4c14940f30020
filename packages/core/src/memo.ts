/**
 * Results of pure text functions, kept for texts seen recently. Every rule asks about the same
 * descriptions (sentences, classes, token counts), often in the same lint; the cache holds no state that
 * could differ between files, so it is safe under ESLint's `--concurrency` and `--cache`.
 */
export function memoizeByText<T>(compute: (text: string) => T, maxEntries = 4096): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined || cache.has(text)) return hit as T;
    const value = compute(text);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, value);
    return value;
  };
}

const jsonNumbers = new WeakMap<object, number>();
const numbersByJson = new Map<string, number>();
let nextJsonNumber = 0;

/**
 * A number for a value's JSON, the same for every object with that JSON: a short cache key for a
 * schema. A file's schemas are the same objects from one lint to the next (kept by structure), so each
 * is written out once rather than on every lookup. Numbers only grow, so one never comes to stand for
 * other JSON; the objects are read as they are first seen, and must not change after.
 */
export function getJsonNumber(value: object): number {
  let number = jsonNumbers.get(value);
  if (number === undefined) {
    const json = JSON.stringify(value);
    number = numbersByJson.get(json);
    if (number === undefined) {
      if (numbersByJson.size >= 65_536) numbersByJson.clear();
      number = nextJsonNumber++;
      numbersByJson.set(json, number);
    }
    jsonNumbers.set(value, number);
  }
  return number;
}
