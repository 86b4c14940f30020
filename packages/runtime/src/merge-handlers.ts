/**
 * The server's instructions, extended without taking anything away (the handlers are wrapped in
 * wrapping/handler-map.ts).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/**
 * Add text to the server's `instructions` (what clients read at session start), keeping what the
 * server already says. The SDK takes instructions only in its constructor and keeps them in
 * `_instructions`; text that is already there is not added twice.
 */
export function extendServerInstructions(server: Server, text: string): void {
  const holder = server as unknown as { _instructions?: unknown };
  holder._instructions = joinInstructions(holder._instructions, text);
}

/** The server's own instructions followed by ours; ours are not added twice. */
export function joinInstructions(existing: unknown, text: string): string {
  const own = typeof existing === 'string' ? existing : '';
  if (own.includes(text.trim())) return own;
  return own.trim() === '' ? text : `${own.replace(/\s+$/, '')}\n\n${text}`;
}
