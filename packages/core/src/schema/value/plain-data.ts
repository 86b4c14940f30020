/**
 * JavaScript's own data the evaluator computes with: plain objects, the `Object.*` functions and the array
 * and string methods it runs on static values (their callbacks are project functions, never user code run as is).
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  // `__proto__: x` in a literal sets the prototype; as data it must stay an ordinary key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const STATIC_OBJECT_FUNCTIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  keys: (value) => (isPlainObject(value) ? Object.keys(value) : []),
  values: (value) => (isPlainObject(value) ? Object.values(value) : []),
  entries: (value) => (isPlainObject(value) ? Object.entries(value) : []),
  freeze: (value) => value,
  assign: (...values) => Object.assign({}, ...values.filter(isPlainObject)),
};

/** Methods of arrays and strings that compute a value from their arguments (callbacks are project functions). */
export const ARRAY_METHODS = new Set(['join', 'concat', 'slice', 'map', 'filter', 'flatMap', 'flat', 'includes', 'indexOf', 'find', 'some', 'every', 'at', 'reduce']);
export const STRING_METHODS = new Set([
  'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'slice', 'substring', 'concat', 'replace', 'replaceAll', 'split',
  'repeat', 'padStart', 'padEnd', 'startsWith', 'endsWith', 'includes', 'indexOf', 'at', 'charAt',
]);
