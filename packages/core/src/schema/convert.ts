/**
 * The JSON Schema each framework publishes for a schema value, computed with the function that
 * framework itself calls (read from its installed source; see the comment above each converter).
 */
import { normalizeObjectSchema, objectFromShape } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import * as zod4 from 'zod';
import { toJSONSchema } from 'zod';
import * as zod3 from 'zod/v3';
import { $ZodNever, _never, clone, globalRegistry, type $ZodType } from 'zod/v4/core';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { Framework, JsonObject } from '../model.js';
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

/** Convert an evaluated schema value (zod schema, raw shape or JSON literal) as `framework` does. */
export function convertSchema(value: unknown, framework: Framework, io: SchemaIo): Converted {
  try {
    // `{}` is an empty raw shape only to the MCP SDK; everywhere else it is the JSON literal it looks like.
    const isShape = isRawShape(value) && (framework === 'mcp-sdk' || Object.keys(value).length > 0);
    if (!isZodSchema(value) && !isShape) {
      if (isPlainObject(value)) return { json: toJson(value) };
      return { error: 'the schema is not an object' };
    }
    switch (framework) {
      case 'fastmcp':
        return { json: convertForFastMcp(toSchema(value), io) };
      case 'vercel-ai':
      case 'mastra':
        return { json: convertForAiSdk(toSchema(value)) };
      case 'langchain':
        return { json: convertForLangChain(toSchema(value)) };
      default:
        return convertForMcpSdk(value, io);
    }
  } catch (error) {
    return { error: `the conversion throws: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

/**
 * Outside the MCP SDK a raw shape is not accepted; read it as `z.object(shape)` of the zod its values
 * come from, which is what the author would have had to write.
 */
function toSchema(value: unknown): object {
  if (!isRawShape(value)) return value as object;
  const values = Object.values(value);
  return values.length > 0 && values.every((v) => isZod3Schema(v)) ? zod3.z.object(value as never) : zod4.z.object(value as never);
}

/**
 * `McpServer` (sdk/dist/esm/server/mcp.js): `getZodSchemaObject` at registration, then in `tools/list`
 * `normalizeObjectSchema` and `toJsonSchemaCompat(obj, { strictUnions: true, pipeStrategy })`; a schema
 * that is not an object publishes `EMPTY_OBJECT_JSON_SCHEMA` (input) or no output schema.
 */
function convertForMcpSdk(value: unknown, io: SchemaIo): Converted {
  const registered = isRawShape(value) ? objectFromShape(value as never) : value;
  const object = normalizeObjectSchema(registered as never);
  if (!object) {
    return io === 'input' ? { json: { ...EMPTY_OBJECT_JSON_SCHEMA } } : { error: 'the output schema is not an object schema' };
  }
  return { json: toJson(toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy: io })) };
}

/**
 * fastmcp (`tools/list` in FastMCP.js): `strictJsonSchema(await toJsonSchema(parameters))` from xsschema;
 * output schemas without `strictJsonSchema`. xsschema asks a Standard JSON Schema for draft-07 input
 * (zod 4) and calls zod-to-json-schema with no options otherwise (zod 3).
 */
function convertForFastMcp(schema: object, io: SchemaIo): JsonObject {
  const json = getStandardJsonSchema(schema) ?? (zodToJsonSchema(schema as never) as JsonObject);
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
function convertForAiSdk(schema: object): JsonObject {
  if (isZod4Schema(schema)) {
    const json = toJson(toJSONSchema(schema as never, { target: 'draft-7', io: 'input', reused: 'inline' }));
    return addAdditionalProperties(json);
  }
  return toJson(zodToJsonSchema(schema as never, { $refStrategy: 'none' }));
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
function convertForLangChain(schema: object): JsonObject {
  if (isZod3Schema(schema)) return toJson(zodToJsonSchema(schema as never));
  const input = getTransformInputSchema(schema as $ZodType, new WeakMap());
  const target = getDef(input).type === 'object' ? buildStrictObject(input) : (schema as $ZodType);
  return toJson(toJSONSchema(target as never));
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

function cloneWith(schema: $ZodType, changes: Partial<LooseDef> & Record<string, unknown>): $ZodType {
  const copy = clone(schema, { ...(getDef(schema) as object), ...changes } as never) as $ZodType;
  const meta = globalRegistry.get(schema);
  if (meta) globalRegistry.add(copy, meta);
  return copy;
}

/** LangChain's `interopZodTransformInputSchema(schema, true)` for zod 4. */
function getTransformInputSchema(schema: $ZodType, cache: WeakMap<object, $ZodType>): $ZodType {
  const cached = cache.get(schema);
  if (cached) return cached;
  let out = schema;
  if (getDef(out).type === 'pipe') out = getTransformInputSchema(getDef(out).in!, cache);
  const def = getDef(out);
  const copy = (changes: Partial<LooseDef>) => clone(out, { ...(def as object), ...changes } as never) as $ZodType;
  if (def.type === 'object') {
    const shape: Record<string, $ZodType> = {};
    for (const [key, value] of Object.entries(def.shape!)) shape[key] = getTransformInputSchema(value, cache);
    out = copy({ shape });
  } else if (def.type === 'array') {
    out = copy({ element: getTransformInputSchema(def.element!, cache) });
  } else if (def.type === 'optional' || def.type === 'nullable') {
    out = copy({ innerType: getTransformInputSchema(def.innerType!, cache) });
  }
  const meta = globalRegistry.get(schema);
  if (meta) globalRegistry.add(out, meta);
  cache.set(schema, out);
  return out;
}

/** LangChain's `interopZodObjectStrict(schema, true)` for zod 4 (it rewrites the shape it is given, as here). */
function buildStrictObject(schema: $ZodType): $ZodType {
  const shape = getDef(schema).shape!;
  for (const [key, value] of Object.entries(shape)) {
    const def = getDef(value);
    if (def.type === 'object') shape[key] = buildStrictObject(value);
    else if (def.type === 'array') {
      const element = getDef(def.element!).type === 'object' ? buildStrictObject(def.element!) : def.element!;
      shape[key] = clone(value, { ...(def as object), element } as never) as $ZodType;
    }
    const meta = globalRegistry.get(value);
    if (meta) globalRegistry.add(shape[key], meta);
  }
  return cloneWith(schema, { shape, catchall: _never($ZodNever) });
}

/** Plain JSON (drops `undefined`, symbols and functions) as `JSON.stringify` would send it. */
export function toJson(value: unknown): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}
