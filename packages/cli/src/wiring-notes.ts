/**
 * What `slim` says about a server it wired, beyond "wired": the one line that turns bounded results on
 * (the wired call with `results: true`), and, for streamable HTTP without sessions, that the first-use
 * gate cannot work there (nor bounded results be offered: a server built per request cannot read back
 * what it held).
 */
import type { Wiring } from '@toolslim/codemod';
import { getClientProfiles } from '@toolslim/core';
import { formatNumber, OUTPUT_WIDTH, wrap, type Style } from './print.js';

/** The lines to print under a wired file: sentences wrapped to the terminal, code lines whole. */
export function buildWiringNotes(wiring: Pick<Wiring, 'lines' | 'statelessHttp' | 'instructionsModule'>, style: Style): string[] {
  const notes: string[] = [];
  // Held results live on the server: one built per request (stateless HTTP, a Worker) could not read them back.
  const withResults = wiring.statelessHttp || wiring.instructionsModule ? undefined : addResultsOption(wiring.lines);
  if (withResults) {
    const limit = getClientProfiles(['claude-code'])[0]?.resultMaxTokens ?? 25_000;
    notes.push(
      ...wrap(`${style.dim('Bounded results are off:')} a tool result past Claude Code's ${formatNumber(limit)}-token cut is refused or truncated. To hold it and give the model a first slice and a way to read the rest, write the call as:`, '  ', '  '),
      ...layOutCall(withResults, '    ').map((line) => style.bold(line)),
    );
  }
  if (wiring.statelessHttp) {
    notes.push(
      ...wrap(
        `${style.yellow('note')} its streamable HTTP transport has no sessions (\`sessionIdGenerator: undefined\`), so the first-use gate cannot stop a tool's first call there; the pointers in the descriptions and the server instructions remain.`,
        '  ',
        '  ',
      ),
    );
  }
  return notes;
}

/** `serveInstructions(server, { dir: … });` → `serveInstructions(server, { dir: …, results: true });`. */
export function addResultsOption(lines: readonly string[]): string | undefined {
  const call = [...lines].reverse().find((line) => /^\s*(?:const \w+ = )?serve\w*\(/.test(line) && line.includes('{ dir: '));
  if (call === undefined || /\bresults\s*:/.test(call)) return undefined;
  const end = call.lastIndexOf(' }');
  return end < 0 ? undefined : `${call.slice(0, end)}, results: true${call.slice(end)}`.trim();
}

/** The call on one line when it fits the width, else one option a line, as a formatter writes it; to copy as printed. */
export function layOutCall(call: string, indent: string): string[] {
  if (indent.length + call.length <= OUTPUT_WIDTH) return [`${indent}${call}`];
  const open = call.indexOf('{ dir: ');
  const close = call.lastIndexOf(' }');
  if (open < 0 || close < open) return [call];
  const options = splitTopLevel(call.slice(open + 2, close));
  return [`${indent}${call.slice(0, open + 1)}`, ...options.map((option) => `${indent}  ${option},`), `${indent}${call.slice(close + 1)}`];
}

/** `a: 1, b: { c: [1, 2] }` → `['a: 1', 'b: { c: [1, 2] }']`: commas outside brackets and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== '');
}
