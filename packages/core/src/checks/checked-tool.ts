import type { JsonObject } from '../model.js';

/**
 * What a check reads of a tool: the fields `tools/list` publishes. A `PublishedTool` built from source and
 * a tool read from a running server both fit, so `toolslim measure --check` and the rules judge alike.
 */
export interface CheckedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: JsonObject;
  readonly annotations?: JsonObject;
}
