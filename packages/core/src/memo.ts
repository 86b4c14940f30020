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
