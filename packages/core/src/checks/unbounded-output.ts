/**
 * Output schemas that let a tool return text of any size: a string with no `maxLength`, or an array with
 * no `maxItems`, as the whole result or under its properties. A result past a client's cut (Claude Code:
 * 25,000 tokens) is refused or cut; `measure --check` lists these tools as advice, pointing at the
 * runtime's bounded results. Advice only: a schema cannot say how large real results get.
 */
import { getClientProfiles } from '../clients.js';
import type { JsonObject, JsonValue, PublishedTool } from '../model.js';
import { formatCount, formatMessage, joinNames } from './format.js';

export interface UnboundedOutput {
  readonly tool: string;
  /** Where the schema is unbounded: `''` for the whole result, else a property path (`items`, `pages[].body`). */
  readonly paths: readonly string[];
  /** One sentence, for people. */
  readonly message: string;
}

/** String formats whose values have a bounded length. */
const BOUNDED_FORMATS: ReadonlySet<string> = new Set(['date', 'time', 'date-time', 'duration', 'uuid', 'ipv4', 'ipv6']);

/** Deep enough for `{ pages: [{ body }] }`; deeper structures are rare in output schemas. */
const MAX_DEPTH = 4;

const MESSAGE = 'The output schema of "{{tool}}" lets it return unbounded text: {{where}}.';
const ADVICE =
  'A result past {{client}}\'s cut ({{limit}} tokens) is refused or truncated; @toolslim/runtime can return a first slice and a reference instead: ' +
  '`results: true` in serveInstructions(server, { dir, results: true }), or serveBoundedResults(server) on a server with no instruction files.';

/** The tools whose published output schema allows unbounded text, in list order. */
export function findUnboundedOutputs(tools: readonly PublishedTool[]): UnboundedOutput[] {
  const found: UnboundedOutput[] = [];
  for (const tool of tools) {
    if (!isObject(tool.outputSchema)) continue;
    const places = findUnboundedPlaces(tool.outputSchema, '', 0).filter((place, i, all) => all.findIndex((other) => other.path === place.path) === i);
    if (places.length === 0) continue;
    found.push({ tool: tool.name, paths: places.map((place) => place.path), message: formatMessage(MESSAGE, { tool: tool.name, where: describePlaces(places) }) });
  }
  return found;
}

/** The sentence that follows the list: the cut of the strictest client that has one, and the runtime option. */
export function buildUnboundedOutputAdvice(clientIds?: readonly string[]): string {
  const client = getClientProfiles(clientIds)
    .filter((profile) => profile.resultMaxTokens !== undefined)
    .sort((a, b) => a.resultMaxTokens! - b.resultMaxTokens!)[0] ?? getClientProfiles(['claude-code'])[0]!;
  return formatMessage(ADVICE, { client: client.name, limit: formatCount(client.resultMaxTokens!) });
}

interface Place {
  readonly path: string;
  readonly kind: 'string' | 'array';
}

function findUnboundedPlaces(schema: JsonObject, path: string, depth: number): Place[] {
  const branches = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list.filter(isObject) : []));
  const out = branches.flatMap((branch) => findUnboundedPlaces(branch, path, depth));
  if (schema.enum !== undefined || schema.const !== undefined) return out;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.includes('string') && typeof schema.maxLength !== 'number' && !(typeof schema.format === 'string' && BOUNDED_FORMATS.has(schema.format))) out.push({ path, kind: 'string' });
  if (types.includes('array')) {
    if (typeof schema.maxItems !== 'number') out.push({ path, kind: 'array' });
    else if (isObject(schema.items) && depth < MAX_DEPTH) out.push(...findUnboundedPlaces(schema.items, `${path}[]`, depth + 1));
  }
  if (isObject(schema.properties) && depth < MAX_DEPTH) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isObject(property)) out.push(...findUnboundedPlaces(property, path === '' ? name : `${path}.${name}`, depth + 1));
    }
  }
  return out;
}

/** `"body" (a string with no maxLength) and "items" (an array with no maxItems)`; the whole result is named so. */
function describePlaces(places: readonly Place[]): string {
  const shown = places.slice(0, 3).map(({ path, kind }) => `${path === '' ? 'the whole result' : `"${path}"`} (${kind === 'string' ? 'a string with no maxLength' : 'an array with no maxItems'})`);
  const more = places.length > shown.length ? [`${formatCount(places.length - shown.length)} more`] : [];
  return joinNames([...shown, ...more]);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
