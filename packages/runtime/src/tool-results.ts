import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isReferenceInputError, type ReceivedDigest } from './reference-input-error.js';
import { buildReceivedSentence } from './received-digest.js';
import { resolveReferenceInput, type ResolveReferenceInputOptions, type ResolvedReferenceInput } from './resolve-reference-input.js';

/**
 * An error the model can read: a tool result with `isError: true`. A thrown JSON-RPC error is shown
 * to the user by most clients but not to the model, which then cannot correct its call.
 */
export function buildToolErrorResult(error: unknown): CallToolResult {
  const text = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: 'text', text }] };
}

export interface WithReceivedOptions {
  /** Also add `received` to `structuredContent` when the result has one. Default true; turn off when the output schema forbids extra keys. */
  structured?: boolean;
}

/**
 * Adds what arrived (`{ bytes, lines, sha256 }`) to a normal result: a text block the model reads,
 * and `structuredContent.received` when the result is structured. Additive, so existing clients keep working.
 */
export function withReceived(result: CallToolResult, received: ReceivedDigest, options: WithReceivedOptions = {}): CallToolResult {
  const content = [...(result.content ?? []), { type: 'text' as const, text: `Received ${buildReceivedSentence(received)}.` }];
  const structured = options.structured ?? true;
  if (!structured || result.structuredContent === undefined) return { ...result, content };
  return { ...result, content, structuredContent: { ...result.structuredContent, received: { ...received } } };
}

/**
 * Resolves the reference input, runs `process` on it, and adds what arrived to its result. A refused
 * input (`ReferenceInputError`) becomes an `isError` result and `process` never runs; other errors propagate.
 */
export async function runWithReferenceInput(
  args: Readonly<Record<string, unknown>>,
  options: ResolveReferenceInputOptions,
  process: (input: ResolvedReferenceInput) => CallToolResult | Promise<CallToolResult>,
): Promise<CallToolResult> {
  let input: ResolvedReferenceInput;
  try {
    input = await resolveReferenceInput(args, { ...options, decode: 'utf8' });
  } catch (error) {
    if (isReferenceInputError(error)) return buildToolErrorResult(error);
    throw error;
  }
  return withReceived(await process(input), input.received);
}
