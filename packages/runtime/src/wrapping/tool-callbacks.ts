/**
 * The wrapping on servers that take tool callbacks and keep the handlers to themselves (fastmcp's
 * `addTool`, a wrapper's registration context): each tool's callback runs inside the same layers as on
 * the SDK's servers, and a tool that is not on is never registered (so it is neither listed nor callable).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runCall, SessionState, type ToolLayer } from './layers.js';

/**
 * Sessions told apart by an id (streamable HTTP's session id). Forgotten when the server says the
 * session closed; where it never says so, the oldest go once there are more than `max`.
 */
export class SessionsById {
  private readonly states = new Map<string, SessionState>();

  constructor(private readonly max = 10_000) {}

  get(id: string): SessionState {
    let state = this.states.get(id);
    if (state) {
      // Most recently used last, so that the oldest is the first to go.
      this.states.delete(id);
    } else {
      state = new SessionState();
      if (this.states.size >= this.max) this.states.delete(this.states.keys().next().value!);
    }
    this.states.set(id, state);
    return state;
  }

  forget(id: unknown): void {
    if (typeof id === 'string') this.states.delete(id);
  }

  get size(): number {
    return this.states.size;
  }
}

/** `callback` with the layers around it; what it returns passes through as it is unless a layer answers instead. */
export function wrapToolCallback<A extends unknown[]>(
  layers: readonly ToolLayer[],
  name: string,
  callback: (...args: A) => unknown,
  read: (...args: A) => { arguments: Record<string, unknown> | undefined; session: SessionState | undefined },
): (...args: A) => Promise<unknown> {
  return function (this: unknown, ...args: A) {
    const { arguments: callArguments, session } = read(...args);
    return runCall(layers, { name, arguments: callArguments, session }, async () => (await callback.apply(this, args)) as CallToolResult);
  };
}
