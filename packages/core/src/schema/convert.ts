/**
 * The JSON Schema each framework publishes for a schema value, computed with the function that
 * framework itself calls (read from its installed source; see the comment above each converter).
 * zod, zod-to-json-schema and the MCP SDK are the ones installed for the file being read
 * (installed-libraries.ts), so the JSON is what that server publishes.
 */
import type { $ZodType } from 'zod/v4/core';
import { getProjectLibraries, type ProjectLibraries } from '../installed-libraries.js';
import { FRAMEWORKS } from '../frameworks.js';
import type { Framework, JsonObject } from '../model.js';
import { createMcpSdkCompat } from './mcp-sdk-compat.js';
import { isPlainObject } from './static-value.js';
import { isZod3Schema, isZod4Schema, isZodSchema } from './zod-api.js';

export type SchemaIo = 'input' | 'output';

/** A converted schema, or why the framework would not publish one. */
export type Converted = { readonly json: JsonObject } | { readonly error: string };

/** What `McpServer` publishes when a tool has no (object) input schema. */
export const EMPTY_OBJECT_JSON_SCHEMA: JsonObject = { type: 'object', properties: {} };

/** The schema a framework publishes when the declaration gives none; undefined when it publishes none. */
export function getDefaultSchema(framework: Framework, io: SchemaIo): JsonObject | undefined {
  if (io === 'output') return undefined;
  switch (framework) {
    case 'mcp-sdk':
      return { ...EMPTY_OBJECT_JSON_SCHEMA };
    case 'fastmcp':
      return { additionalProperties: false, properties: {}, type: 'object' };
    case 'vercel-ai':
    case 'mastra':
      return { type: 'object', properties: {}, additionalProperties: false };
    default:
      return undefined;
  }
}

/**
 * A raw zod shape as the MCP SDK recognises one (`isZodRawShapeCompat`): not a schema itself, and
 * empty or with at least one value that parses.
 */
export function isRawShape(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value) || isZodSchema(value)) return false;
  const values = Object.values(value);
  return values.length === 0 || values.some((v) => isZodSchema(v));
}

/** Convert an evaluated schema value (zod schema, raw shape or JSON literal) as `framework` does, with the libraries installed for `filePath`. */
export function convertSchema(value: unknown, framework: Framework, io: SchemaIo, filePath?: string): Converted {
  try {
    const libraries = getProjectLibraries(filePath);
    // `{}` is an empty raw shape only to the MCP SDK; everywhere else it is the JSON literal it looks like.
    const isShape = isRawShape(value) && (FRAMEWORKS[framework].rawShapeSchema || Object.keys(value).length > 0);
    if (!isZodSchema(value) && !isShape) {
      if (isPlainObject(value)) return { json: toJson(value) };
      return { error: 'the schema is not an object' };
    }
    switch (framework) {
      case 'fastmcp':
        return { json: convertForFastMcp(toSchema(value, libraries), io, libraries) };
      case 'vercel-ai':
      case 'mastra':
        return { json: convertForAiSdk(toSchema(value, libraries), libraries) };
      case 'langchain':
        return { json: convertForLangChain(toSchema(value, libraries), libraries) };
      default:
        return libraries.getMcpSdk()?.major === 2 ? convertForMcpSdkV2(value, io, libraries) : convertForMcpSdk(value, io, libraries);
    }
  } catch (error) {
    return { error: `the conversion throws: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

/**
 * Outside the MCP SDK a raw shape is not accepted; read it as `z.object(shape)` of the zod its values
 * come from, which is what the author would have had to write.
 */
function toSchema(value: unknown, libraries: ProjectLibraries): object {
  if (!isRawShape(value)) return value as object;
  const values = Object.values(value);
  const zod = libraries.getZod(values.length > 0 && values.every((v) => isZod3Schema(v)) ? 3 : 4) as { object(shape: unknown): object };
  return zod.object(value);
}

/** The SDK's own conversion when the project has it; otherwise core's copy of SDK 1.32's. */
const fallbackCompat = new WeakMap<ProjectLibraries, ReturnType<typeof createMcpSdkCompat>>();
function getMcpSdkCompat(libraries: ProjectLibraries) {
  const installed = libraries.getMcpSdkCompat();
  if (installed) return installed;
  let compat = fallbackCompat.get(libraries);
  if (!compat) {
    compat = createMcpSdkCompat(libraries);
    fallbackCompat.set(libraries, compat);
  }
  return compat;
}

/**
 * `McpServer` (sdk/dist/esm/server/mcp.js): `getZodSchemaObject` at registration, then in `tools/list`
 * `normalizeObjectSchema` and `toJsonSchemaCompat(obj, { strictUnions: true, pipeStrategy })`; a schema
 * that is not an object publishes `EMPTY_OBJECT_JSON_SCHEMA` (input) or no output schema.
 */
function convertForMcpSdk(value: unknown, io: SchemaIo, libraries: ProjectLibraries): Converted {
  const { objectFromShape, normalizeObjectSchema, toJsonSchemaCompat } = getMcpSdkCompat(libraries);
  const registered = isRawShape(value) ? objectFromShape(value) : value;
  const object = normalizeObjectSchema(registered);
  if (!object) {
    return io === 'input' ? { json: { ...EMPTY_OBJECT_JSON_SCHEMA } } : { error: 'the output schema is not an object schema' };
  }
  return { json: toJson(toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy: io })) };
}

/** SDK v2 converts to this draft (`JSON_SCHEMA_CONVERSION_TARGET` in its core). */
const MCP_SDK_V2_TARGET = 'draft-2020-12';

/**
 * SDK v2's `McpServer` (`@modelcontextprotocol/server` 2.x): a raw shape becomes `z.object(shape)` with the
 * SDK's own zod (`normalizeRawShapeSchema`, zod 4 only); `tools/list` calls `standardSchemaToJsonSchema`:
 * the schema's `~standard.jsonSchema[io]({ target: 'draft-2020-12' })`, or `z.toJSONSchema` with the same
 * target for zod 4 before 4.2; an input schema becomes `{ type: 'object', ...json }` (so `type` comes
 * first); an output schema without a root `type` gets one only when it is provably an object.
 */
function convertForMcpSdkV2(value: unknown, io: SchemaIo, libraries: ProjectLibraries): Converted {
  const sdkZod = libraries.getMcpSdk()?.getZod();
  const zod = (sdkZod?.z ?? sdkZod ?? libraries.getZod(4)) as { object(shape: unknown): object; toJSONSchema(schema: unknown, options: unknown): unknown };
  let schema: object;
  if (isRawShape(value)) {
    if (Object.values(value).some((v) => isZod3Schema(v))) return { error: 'SDK v2 takes raw shapes of zod 4 schemas only' };
    schema = zod.object(value);
  } else {
    schema = value as object;
  }
  if (isZod3Schema(schema)) return { error: 'SDK v2 cannot convert a zod 3 schema' };
  const standard = (schema as { '~standard'?: { jsonSchema?: Record<SchemaIo, (options: { target: string }) => unknown> } })['~standard'];
  const result = toJson(standard?.jsonSchema ? standard.jsonSchema[io]({ target: MCP_SDK_V2_TARGET }) : zod.toJSONSchema(schema, { target: MCP_SDK_V2_TARGET, io }));
  if (io === 'output') {
    if (result.type !== undefined) return { json: result };
    return { json: isProvablyObject(result) ? { type: 'object', ...result } : result };
  }
  if (result.type !== undefined && result.type !== 'object') return { error: `SDK v2 refuses an input schema of type ${JSON.stringify(result.type)}` };
  return { json: { type: 'object', ...result } };
}

/** SDK v2's `isProvablyObjectShapedRoot`: object keywords at the root, or a composition of object members. */
function isProvablyObject(schema: JsonObject): boolean {
  if ('properties' in schema || 'patternProperties' in schema || 'additionalProperties' in schema || 'required' in schema) return true;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members) && members.length > 0) {
      return members.every((m) => isPlainObject(m) && ((m as JsonObject).type === 'object' || isProvablyObject(m as JsonObject)));
    }
  }
  return false;
}

/**
 * fastmcp (`tools/list` in FastMCP.js): `strictJsonSchema(await toJsonSchema(parameters))` from xsschema;
 * output schemas without `strictJsonSchema`. xsschema asks a Standard JSON Schema for draft-07 input
 * (zod 4) and calls zod-to-json-schema with no options otherwise (zod 3).
 */
function convertForFastMcp(schema: object, io: SchemaIo, libraries: ProjectLibraries): JsonObject {
  const installed = libraries.getFastMcp();
  if (installed) {
    const json = toJson(installed.toJsonSchema(schema));
    return io === 'input' || installed.strictOutput ? buildStrictJsonSchema(json) : json;
  }
  const json = getStandardJsonSchema(schema) ?? (libraries.getZodToJsonSchema()(schema) as JsonObject);
  return io === 'input' ? buildStrictJsonSchema(toJson(json)) : toJson(json);
}

function getStandardJsonSchema(schema: object): JsonObject | undefined {
  const standard = (schema as { '~standard'?: { jsonSchema?: { input(o: { target: string }): JsonObject } } })['~standard'];
  return standard?.jsonSchema ? standard.jsonSchema.input({ target: 'draft-07' }) : undefined;
}

/** xsschema's `strictJsonSchema`: `additionalProperties: false` on the root and on nested object properties. */
function buildStrictJsonSchema(schema: JsonObject): JsonObject {
  const properties = schema.properties;
  return {
    ...schema,
    additionalProperties: false,
    properties: (isPlainObject(properties)
      ? Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [
            key,
            isPlainObject(value) && 'type' in value && value.type === 'object' ? buildStrictJsonSchema(value as JsonObject) : value,
          ]),
        )
      : properties) as JsonObject,
  };
}

/**
 * The AI SDK (`asSchema(x).jsonSchema`, @ai-sdk/provider-utils): zod 4 through
 * `z.toJSONSchema(s, { target: 'draft-7', io: 'input', reused: 'inline' })` then
 * `addAdditionalPropertiesToJsonSchema`; zod 3 through its copy of zod-to-json-schema with
 * `$refStrategy: 'none'`.
 */
function convertForAiSdk(schema: object, libraries: ProjectLibraries): JsonObject {
  if (isZod4Schema(schema)) {
    const json = toJson(getToJsonSchema(libraries)(schema, { target: 'draft-7', io: 'input', reused: 'inline' }));
    return addAdditionalProperties(json);
  }
  return toJson(libraries.getZodToJsonSchema()(schema, { $refStrategy: 'none' }));
}

function getToJsonSchema(libraries: ProjectLibraries): (schema: unknown, options?: unknown) => unknown {
  return (libraries.getZod(4) as { toJSONSchema(schema: unknown, options?: unknown): unknown }).toJSONSchema;
}

/** The parts of `zod/v4/core` LangChain's conversion uses, from the same zod as the schema. */
interface ZodCore {
  $ZodNever: unknown;
  _never(Class: unknown): $ZodType;
  clone(schema: $ZodType, def: unknown): $ZodType;
  globalRegistry: { get(schema: $ZodType): unknown; add(schema: $ZodType, meta: unknown): void };
}

/** The AI SDK's `addAdditionalPropertiesToJsonSchema`: objects without `additionalProperties` get `false`. */
function addAdditionalProperties(schema: JsonObject): JsonObject {
  const visit = (value: JsonValueLike): JsonValueLike => (typeof value === 'boolean' ? value : addAdditionalProperties(value as JsonObject));
  if (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))) {
    const additional = schema.additionalProperties;
    schema.additionalProperties = additional != null && typeof additional !== 'boolean' ? visit(additional as JsonObject) : false;
    const properties = schema.properties;
    if (isPlainObject(properties)) for (const key of Object.keys(properties)) properties[key] = visit(properties[key] as JsonObject);
  }
  if (schema.items != null) schema.items = Array.isArray(schema.items) ? schema.items.map((i) => visit(i as JsonObject)) : visit(schema.items as JsonObject);
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) schema[key] = list.map((i) => visit(i as JsonObject));
  }
  const definitions = schema.definitions;
  if (isPlainObject(definitions)) for (const key of Object.keys(definitions)) definitions[key] = visit(definitions[key] as JsonObject);
  return schema;
}

type JsonValueLike = JsonObject | boolean;

/**
 * LangChain (`toJsonSchema` in @langchain/core/utils/json_schema): zod 4 objects are made strict
 * recursively after their transforms are replaced by their input side, then `toJSONSchema` with its
 * defaults; zod 3 through zod-to-json-schema with no options.
 */
function convertForLangChain(schema: object, libraries: ProjectLibraries): JsonObject {
  if (isZod3Schema(schema)) return toJson(libraries.getZodToJsonSchema()(schema));
  const core = libraries.getZodCore() as unknown as ZodCore;
  const input = getTransformInputSchema(schema as $ZodType, new WeakMap(), core);
  const target = getDef(input).type === 'object' ? buildStrictObject(input, core) : (schema as $ZodType);
  return toJson(getToJsonSchema(libraries)(target));
}

interface LooseDef {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
}

function getDef(schema: $ZodType): LooseDef {
  return (schema as unknown as { _zod: { def: LooseDef } })._zod.def;
}

function cloneWith(schema: $ZodType, changes: Partial<LooseDef> & Record<string, unknown>, { clone, globalRegistry }: ZodCore): $ZodType {
  const copy = clone(schema, { ...(getDef(schema) as object), ...changes });
  const meta = globalRegistry.get(schema);
  if (meta) globalRegistry.add(copy, meta);
  return copy;
}

/** LangChain's `interopZodTransformInputSchema(schema, true)` for zod 4. */
function getTransformInputSchema(schema: $ZodType, cache: WeakMap<object, $ZodType>, core: ZodCore): $ZodType {
  const { clone, globalRegistry } = core;
  const cached = cache.get(schema);
  if (cached) return cached;
  let out = schema;
  if (getDef(out).type === 'pipe') out = getTransformInputSchema(getDef(out).in!, cache, core);
  const def = getDef(out);
  const copy = (changes: Partial<LooseDef>) => clone(out, { ...(def as object), ...changes } as never) as $ZodType;
  if (def.type === 'object') {
    const shape: Record<string, $ZodType> = {};
    for (const [key, value] of Object.entries(def.shape!)) shape[key] = getTransformInputSchema(value, cache, core);
    out = copy({ shape });
  } else if (def.type === 'array') {
    out = copy({ element: getTransformInputSchema(def.element!, cache, core) });
  } else if (def.type === 'optional' || def.type === 'nullable') {
    out = copy({ innerType: getTransformInputSchema(def.innerType!, cache, core) });
  }
  const meta = globalRegistry.get(schema);
  if (meta) globalRegistry.add(out, meta);
  cache.set(schema, out);
  return out;
}

/** LangChain's `interopZodObjectStrict(schema, true)` for zod 4 (it rewrites the shape it is given, as here). */
function buildStrictObject(schema: $ZodType, core: ZodCore): $ZodType {
  const { clone, globalRegistry } = core;
  const shape = getDef(schema).shape!;
  for (const [key, value] of Object.entries(shape)) {
    const def = getDef(value);
    if (def.type === 'object') shape[key] = buildStrictObject(value, core);
    else if (def.type === 'array') {
      const element = getDef(def.element!).type === 'object' ? buildStrictObject(def.element!, core) : def.element!;
      shape[key] = clone(value, { ...(def as object), element } as never) as $ZodType;
    }
    const meta = globalRegistry.get(value);
    if (meta) globalRegistry.add(shape[key], meta);
  }
  return cloneWith(schema, { shape, catchall: core._never(core.$ZodNever) }, core);
}

/** Plain JSON (drops `undefined`, symbols and functions) as `JSON.stringify` would send it. */
export function toJson(value: unknown): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}
