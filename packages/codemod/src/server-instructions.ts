/**
 * What the runtime adds to the server's `instructions` once slim wires `serveInstructions`: the index
 * file the run writes, verbatim, and one sentence on how to read a family (runtime's
 * `loadInstructionsIndex`). The codemod does not import the runtime (it runs at build time, the runtime
 * in the server), so this is the one copy of that sentence; test/net-numbers.test.ts checks it against
 * the runtime's own text.
 */
import { countTokens } from '@toolslim/core';
import type { SizeTotals } from './slim-types.js';

const URI_SCHEME = 'instructions';

export function buildServerInstructionsText(index: string, toolName: string): string {
  if (index.includes(toolName)) return index;
  const separator = index.endsWith('\n') ? '\n' : '\n\n';
  return `${index}${separator}Before the first call to a tool of one of these families, read that family's instructions with the \`${toolName}\` tool (\`family\` = the family's name) or the \`${URI_SCHEME}://<family>\` resource.\n`;
}

export function measureServerInstructions(index: string, toolName: string): SizeTotals {
  const text = buildServerInstructionsText(index, toolName);
  return { bytes: Buffer.byteLength(text), tokens: countTokens(text) };
}
