/**
 * What the runtime adds to the server's `instructions` once slim wires `serveInstructions`: the index
 * file the run writes, verbatim, and one sentence on how to read a family. The text is core's (the lint
 * rule reads it too); test/net-numbers.test.ts checks it against the runtime's own.
 */
import { buildServerInstructionsText, countTokens } from '@toolslim/core';
import type { SizeTotals } from './slim-types.js';

export function measureServerInstructions(index: string, toolName: string): SizeTotals {
  const text = buildServerInstructionsText(index, toolName);
  return { bytes: Buffer.byteLength(text), tokens: countTokens(text) };
}
