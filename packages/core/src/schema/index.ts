/**
 * What a declaration's input (or output) schema publishes: the expression is evaluated statically into
 * real values (zod schemas rebuilt with the real zod, JSON literals, `zodToJsonSchema(X)` results) and
 * converted by the same function the tool's framework uses, so the JSON is byte for byte the server's.
 */
import { FRAMEWORKS } from '../frameworks.js';
import type { Framework, JsonObject, Node, ParamDecl, SchemaValue } from '../model.js';
import type { TextContext } from '../text/index.js';
import { convertSchema, getDefaultSchema, isRawShape, type SchemaIo } from './convert.js';
import { findParams } from './params.js';
import { getStructuralKey } from './structural-key.js';
import { evaluateValue, isPlainObject, Unreadable } from './static-value.js';
import { fillSchemaGaps, getPartlyReadGaps, isGap, readPartly } from './value/partial.js';
import { isZodSchema } from './zod-api.js';

export interface SchemaContext extends TextContext {
  /** Which zod major `'zod'` means in this file (`'zod/v3'` and `'zod/v4'` imports say it themselves). */
  readonly zodVersion: 3 | 4;
}

export interface EvaluatedSchema {
  readonly schema: SchemaValue;
  readonly params: readonly ParamDecl[];
}

export { EMPTY_OBJECT_JSON_SCHEMA, getDefaultSchema } from './convert.js';

/** Schemas that were zod in source (as opposed to JSON literals or the result of `zodToJsonSchema(X)`). */
const fromZod = new WeakSet<SchemaValue>();

/**
 * True when the schema was a zod schema or raw shape in source. A zod schema in a project's own
 * wrapper reaches the client through `McpServer`, which then adds its own fields to the tool.
 */
export function isSchemaFromZod(schema: SchemaValue): boolean {
  return fromZod.has(schema);
}

/**
 * Evaluate what a declaration passes as its input (or output) schema — a raw zod shape, a zod schema,
 * a JSON Schema literal, `zodToJsonSchema(X)`, `z.toJSONSchema(X)`, TypeBox, valibot, or an identifier
 * for any of those — into the JSON Schema the given framework publishes, plus its parameters.
 * Never throws: what cannot be known is `{ kind: 'dynamic', reason }`, with the parameters still listed.
 */
export function evaluateSchema(node: Node, framework: Framework, context: SchemaContext, io: SchemaIo = 'input'): EvaluatedSchema {
  try {
    const schema = getSchemaValue(node, framework, context, io);
    return { schema, params: findParamsSafely(node, schema, context) };
  } catch (error) {
    // An input shape nobody foresaw: say so rather than break the caller's whole file.
    const reason = `toolslim could not read this schema (${error instanceof Error ? error.message : String(error)})`;
    return { schema: { kind: 'dynamic', node, reason }, params: [] };
  }
}

/**
 * Schemas converted before, by structural key (`structural-key.ts`): the editor lints the same schemas
 * on every keystroke, and one zod schema is rebuilt and converted in a few milliseconds.
 */
const converted = new Map<string, { readonly json: SchemaValue & { kind: 'static' }; readonly fromZod: boolean }>();
const MAX_CONVERTED = 5000;

function getSchemaValue(node: Node, framework: Framework, context: SchemaContext, io: SchemaIo): SchemaValue {
  const key = context.filePath === undefined ? undefined : getStructuralKey(node, context.program);
  const memoKey = key === undefined ? undefined : `${framework}\u0002${io}\u0002${context.zodVersion}\u0002${context.filePath}\u0002${key}`;
  const hit = memoKey === undefined ? undefined : converted.get(memoKey);
  if (hit) {
    const schema: SchemaValue = { kind: 'static', json: hit.json.json, node };
    if (hit.fromZod) fromZod.add(schema);
    return schema;
  }
  const schema = readSchemaValue(node, framework, context, io);
  if (memoKey !== undefined && schema.kind === 'static') {
    if (converted.size >= MAX_CONVERTED) converted.clear();
    converted.set(memoKey, { json: schema, fromZod: fromZod.has(schema) });
  }
  return schema;
}

function readSchemaValue(node: Node, framework: Framework, context: SchemaContext, io: SchemaIo): SchemaValue {
  const value = evaluateValue(node, context);
  if (value instanceof Unreadable) {
    const lowerBound = readLowerBound(node, framework, context, io);
    return { kind: 'dynamic', node: value.node, reason: value.reason, ...(lowerBound ? { lowerBound } : {}) };
  }
  // `undefined`, or a value known to be undefined (`definition.outputSchema` of a definition that has none): no schema given.
  if (value === undefined) {
    const fallback = getDefaultSchema(framework, io);
    return fallback ? { kind: 'static', json: fallback, node } : { kind: 'none' };
  }
  // `{ bed: z.string().describe(\`… ${config.bed}\`) }` read partly (a loop's definition): a part that cannot be known
  // makes the schema unknown, never a JSON value of its own.
  const unknown = findPart(value, (part) => (part instanceof Unreadable ? part : undefined));
  if (unknown) return { kind: 'dynamic', node: unknown.node ?? node, reason: unknown.reason };
  const converted = convertSchema(value, framework, io, context.filePath);
  if (!('error' in converted)) {
    // A part read partly where the loop's definition was read: the schema is a lower bound, marked with its first gap.
    const gap = findPart(value, getPartlyReadGaps)?.[0];
    if (gap) return { kind: 'dynamic', node: gap.node ?? node, reason: gap.reason, lowerBound: converted.json };
  }
  const schema: SchemaValue = 'error' in converted ? { kind: 'dynamic', node, reason: converted.error } : { kind: 'static', json: converted.json, node };
  if (isZodValue(value, framework)) fromZod.add(schema);
  return schema;
}

/**
 * The first answer `pick` gives for a value or a part of it, walking plain objects and arrays (what a partial reading
 * leaves in place: an `Unreadable`, or a part read partly where a loop's definition was read).
 */
function findPart<T>(value: unknown, pick: (part: unknown) => T | undefined, depth = 0): T | undefined {
  const picked = pick(value);
  if (picked !== undefined) return picked;
  if (depth > 8 || typeof value !== 'object' || value === null) return undefined;
  const parts = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [];
  for (const part of parts) {
    const found = findPart(part, pick, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A schema that cannot be read whole, read again partly (`value/partial.ts`): what it publishes with
 * stand-ins for the parts that cannot be known. Undefined when not even its outline can be read.
 */
function readLowerBound(node: Node, framework: Framework, context: SchemaContext, io: SchemaIo): JsonObject | undefined {
  const read = (branch: 0 | 1) =>
    readPartly(() => {
      const value = evaluateValue(node, context);
      if (value instanceof Unreadable || isGap(value) || value === undefined) return undefined;
      const converted = convertSchema(fillSchemaGaps(value, context.filePath), framework, io, context.filePath);
      return 'error' in converted ? undefined : converted.json;
    }, branch);
  const first = read(0);
  if (!first.metConditional) return first.value;
  // A conditional known only at run time: both branches are read, and the smaller schema is the lower bound.
  const second = read(1).value;
  if (!first.value || !second) return first.value ?? second;
  return JSON.stringify(second).length < JSON.stringify(first.value).length ? second : first.value;
}

function findParamsSafely(node: Node, schema: SchemaValue, context: SchemaContext): ParamDecl[] {
  try {
    return findParams(node, schema.kind === 'static' ? schema.json : undefined, context);
  } catch {
    return [];
  }
}

function isZodValue(value: unknown, framework: Framework): boolean {
  return isZodSchema(value) || (isRawShape(value) && (FRAMEWORKS[framework].rawShapeSchema || Object.keys(value).length > 0));
}
