/**
 * Where a long tool result may be cut so that what the model sees first is whole: between two values
 * of a JSON array or object (never inside a value), else after a line, else after a sentence.
 */

/** Offsets after which `text` may end, ascending; the whole text's length is always the last one. */
export function findCutPoints(text: string): number[] {
  const json = findJsonCutPoints(text);
  if (json !== undefined) return [...json, text.length];
  const lines: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.push(at + 1);
  if (lines.length > 0) return [...lines, text.length];
  const sentences = [...text.matchAll(/[.!?]["')\]]*\s+/g)].map((match) => match.index + match[0].length);
  return [...sentences, text.length];
}

/**
 * For JSON text, the offsets just after each member of the outermost array or object (after its comma),
 * found in one pass that knows strings and nesting; undefined when the text is not JSON.
 */
function findJsonCutPoints(text: string): number[] | undefined {
  const start = /^\s*/.exec(text)![0].length;
  if (text[start] !== '[' && text[start] !== '{') return undefined;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const points: number[] = [];
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) points.push(at + 1);
  }
  return points;
}

/** The longest prefix ending at a cut point that `fits`; undefined when none does. */
export function findLongestFit(points: readonly number[], fits: (end: number) => boolean): number | undefined {
  let low = 0;
  let high = points.length - 1;
  let best = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fits(points[middle])) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best === -1 ? undefined : points[best];
}

/** Every offset of `text` that does not split a surrogate pair (a hard cut, when no cut point fits). */
export function findCharacterCut(text: string, fits: (end: number) => boolean): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  const code = text.charCodeAt(low - 1);
  return low > 0 && code >= 0xd800 && code <= 0xdbff ? low - 1 : low;
}
