/**
 * The tool object a server puts in `tools/list` for a declaration, with the fields each framework adds
 * and in the key order it writes them (both change `JSON.stringify`, hence the bytes we report).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap } from './ast.js';
import { FRAMEWORKS } from './frameworks.js';
import type { Framework, JsonObject, JsonValue, PublishedTool, SchemaValue, TextValue, ToolDecl } from './model.js';
import { getDefaultSchema, isSchemaFromZod } from './schema/index.js';
import { isPlainObject } from './schema/static-value.js';
import { convertSchema } from './schema/convert.js';

export interface PublishedToolResult {
  /** The tool as its server publishes it; undefined when the name or the schema cannot be read. */
  readonly tool: PublishedTool | undefined;
  /** True when some text or schema is dynamic: `tool` then holds only the readable parts. */
  readonly dynamic: boolean;
  readonly reasons: readonly string[];
  /** Each field that could not be read (or only partly), and why; empty when the tool is fully readable. */
  readonly unreadable: readonly UnreadableField[];
  /**
   * The readable parts when `tool` is undefined because the input schema is unknown: the name, the
   * static text, and `{}` for the schema. Measuring it gives a lower bound of what the server publishes.
   */
  readonly lowerBound?: PublishedTool;
}

/** A field of a published tool that is unknown or only partly known statically. */
export interface UnreadableField {
  readonly field: 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations' | '_meta';
  readonly reason: string;
}

type Field = 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations' | '_meta';

/**
 * What McpServer adds to every tool (sdk/dist/esm/server/mcp.js, `tools/list`): `execution` is
 * `{ taskSupport: 'forbidden' }` for tools registered with `tool()` and `registerTool()`.
 */
const MCP_SDK_EXECUTION: JsonObject = { taskSupport: 'forbidden' };

/** Source keys that hold each field, for the literal styles whose key order is the author's. */
const FIELD_KEYS: Readonly<Record<Field, readonly string[]>> = {
  name: ['name', 'id'],
  title: ['title'],
  description: ['description'],
  inputSchema: ['inputSchema', 'input_schema', 'parameters', 'schema', 'argsShape'],
  outputSchema: ['outputSchema', 'output_schema'],
  annotations: ['annotations'],
  _meta: ['_meta'],
};

export interface PublishedToolOptions {
  /** Whether McpServer adds `execution` (SDK 1.24+; default true, as the SDK toolslim is built with does). */
  readonly mcpSdkExecution?: boolean;
  /**
   * The MCP SDK major the file's server runs (installed-libraries.ts `getMcpSdk`): 2 publishes through
   * the `mcp-sdk-v2` entry. Default 1. Schemas were already converted for it when the file was read.
   */
  readonly mcpSdkMajor?: 1 | 2;
  /**
   * The declaring file, when it uses zod: a project's definition (`shape`/`factory`) whose schema is a
   * literal `{}` is then an empty zod shape registered with McpServer (as its zod siblings are), not an
   * empty JSON Schema, and is converted as McpServer converts an empty shape.
   */
  readonly zodFilePath?: string;
  /**
   * The file builds its server with `@mastra/mcp`'s `MCPServer`: the definitions it is given are published
   * by that class (name, description, inputSchema, outputSchema; no annotations, no `execution`).
   */
  readonly mastraMcpServer?: boolean;
  /**
   * The file replaces zod's Standard Schema conversion with its own (`Object.defineProperty(schema['~standard'],
   * 'jsonSchema', …)`), which an SDK 2 server publishes instead of zod's: schemas converted from zod are then
   * not what the server lists, and are marked (see `hasOwnStandardSchemaConversion`).
   */
  readonly ownStandardSchemaConversion?: boolean;
}

/**
 * True when code assigns the `jsonSchema` member of a `~standard` object (the Standard Schema JSON Schema
 * interface that MCP SDK 2 converts through): the project converts schemas its own way, in code toolslim does not run.
 */
export function hasOwnStandardSchemaConversion(code: string): boolean {
  return /\[\s*(['"])~standard\1\s*\]\s*(?:,\s*(['"])jsonSchema\2|\.jsonSchema\s*=[^=])/.test(code);
}

/** Several rules (and report) ask for the same declaration's published tool; build it once per declaration and options. */
const built = new WeakMap<ToolDecl, Map<string, PublishedToolResult>>();

export function buildPublishedTool(decl: ToolDecl, options: PublishedToolOptions = {}): PublishedToolResult {
  const key = `${options.mcpSdkExecution !== false}/${options.mcpSdkMajor ?? 1}/${options.zodFilePath ?? ''}/${options.mastraMcpServer === true}/${options.ownStandardSchemaConversion === true}`;
  let byOptions = built.get(decl);
  if (!byOptions) {
    byOptions = new Map();
    built.set(decl, byOptions);
  }
  let result = byOptions.get(key);
  if (!result) {
    result = buildPublishedToolUncached(decl, options);
    byOptions.set(key, result);
  }
  return result;
}

/**
 * Which `PUBLISHERS` entry publishes the declaration: its framework, the MCP SDK for project wrappers
 * that end in McpServer, and `mcp-sdk-v2` when that server runs SDK v2.
 */
export function getPublisherName(decl: ToolDecl, options: PublishedToolOptions = {}): PublisherName {
  const framework = getPublisher(decl);
  if (framework === 'mcp-sdk' && options.mastraMcpServer && decl.framework !== 'mcp-sdk') return 'mastra-mcp';
  return framework === 'mcp-sdk' && options.mcpSdkMajor === 2 ? 'mcp-sdk-v2' : framework;
}

function buildPublishedToolUncached(original: ToolDecl, options: PublishedToolOptions): PublishedToolResult {
  const decl = readEmptyShape(original, options);
  const unreadable: UnreadableField[] = [];
  const done = (tool: PublishedTool | undefined, lowerBound?: PublishedTool): PublishedToolResult => ({
    tool,
    dynamic: unreadable.length > 0 || tool === undefined,
    reasons: unreadable.map((u) => `the ${FIELD_WORDS[u.field]} is dynamic: ${u.reason}`),
    unreadable,
    ...(lowerBound ? { lowerBound } : {}),
  });
  const name = readText(decl.name, 'name', unreadable);
  if (name === undefined || name === '') {
    if (!decl.name) unreadable.push({ field: 'name', reason: 'the tool has no name that can be read' });
    return done(undefined);
  }
  const inputSchema = readSchema(decl.inputSchema, getPublisher(decl), 'inputSchema', unreadable);
  const outputSchema = readSchema(decl.outputSchema, getPublisher(decl), 'outputSchema', unreadable, 'output');
  if (options.ownStandardSchemaConversion) {
    for (const field of ['inputSchema', 'outputSchema'] as const) {
      if (isSchemaFromZod(decl[field])) unreadable.push({ field, reason: "converted by the project's own `~standard.jsonSchema`, which toolslim does not run (read as zod converts it)" });
    }
  }
  if (hasUnreadableAnnotations(decl) && !ADAPTER_PUBLISHERS.has(getPublisherName(decl, options))) {
    unreadable.push({ field: 'annotations', reason: 'the annotations are not a static object (a value known only at run time, or built by statements toolslim does not run)' });
  }
  const fields: Partial<Record<Field, JsonValue>> = {
    name,
    title: readText(decl.title, 'title', unreadable),
    description: readText(decl.description, 'description', unreadable),
    inputSchema,
    outputSchema: outputSchema ?? undefined,
    annotations: getStaticAnnotations(decl),
    _meta: decl.meta?.kind === 'static' ? decl.meta.json : undefined,
  };
  if (decl.meta?.kind === 'unreadable') unreadable.push({ field: '_meta', reason: decl.meta.reason });
  if (inputSchema === null) {
    // An unreadable input schema leaves no tool to publish, but the name and the texts still measure: what could be
    // read of the schema (`schema/value/partial.ts`), or `{}`, stands for it.
    const lowerBound = decl.inputSchema.kind === 'dynamic' ? decl.inputSchema.lowerBound : undefined;
    return done(undefined, buildForFramework(decl, { ...fields, inputSchema: lowerBound ?? UNKNOWN_SCHEMA }, options));
  }
  return done(buildForFramework(decl, fields, options));
}

const UNKNOWN_SCHEMA: JsonObject = {};

/**
 * `{ name, description, params: {} }` among zod definitions: McpServer receives `z.object({})` or the
 * empty raw shape, and publishes what it publishes for an empty object schema, not the literal `{}`.
 */
function readEmptyShape(decl: ToolDecl, options: PublishedToolOptions): ToolDecl {
  if (options.zodFilePath === undefined || !FRAMEWORKS[decl.framework].projectWrapper) return decl;
  const schema = decl.inputSchema;
  if (schema.kind !== 'static' || schema.node === undefined || Object.keys(schema.json).length > 0) return decl;
  const written = unwrap(schema.node);
  if (written.type !== 'ObjectExpression' || written.properties.length > 0) return decl;
  const converted = convertSchema({}, 'mcp-sdk', 'input', options.zodFilePath);
  if ('error' in converted) return decl;
  return { ...decl, framework: 'mcp-sdk', inputSchema: { kind: 'static', json: converted.json, node: schema.node } };
}

/** Publishers that never send annotations: what the source writes there does not change the size. */
const ADAPTER_PUBLISHERS = new Set<PublisherName>(['vercel-ai', 'langchain', 'mastra', 'mastra-mcp']);

/** The annotations when they are a plain JSON object (an evaluator's "unreadable" value is not one). */
function getStaticAnnotations(decl: ToolDecl): JsonObject | undefined {
  return isPlainObject(decl.annotations) ? decl.annotations : undefined;
}

/** Annotations are written, but not as anything static (a helper that builds them with statements, a variable set at run time). */
function hasUnreadableAnnotations(decl: ToolDecl): boolean {
  if (getStaticAnnotations(decl) !== undefined || decl.annotationsNode === undefined) return false;
  const node = unwrap(decl.annotationsNode);
  return !(node.type === 'Identifier' && node.name === 'undefined');
}

const FIELD_WORDS: Readonly<Record<UnreadableField['field'], string>> = {
  name: 'name',
  title: 'title',
  description: 'description',
  inputSchema: 'input schema',
  outputSchema: 'output schema',
  annotations: 'annotations object',
  _meta: '`_meta` object',
};

/** Static text as is; dynamic text contributes its readable part and a reason. */
function readText(text: TextValue | undefined, field: UnreadableField['field'], unreadable: UnreadableField[]): string | undefined {
  if (!text) return undefined;
  if (text.kind === 'static') return text.value;
  unreadable.push({ field, reason: text.reason });
  return text.readable;
}

/**
 * The published schema; `undefined` when the framework publishes none, `null` when it cannot be read
 * (for an input schema the whole tool is then unknown).
 */
function readSchema(
  schema: SchemaValue,
  framework: Framework,
  field: 'inputSchema' | 'outputSchema',
  unreadable: UnreadableField[],
  io: 'input' | 'output' = 'input',
): JsonObject | undefined | null {
  if (schema.kind === 'static') return schema.json;
  if (schema.kind === 'none') return getDefaultSchema(framework, io);
  unreadable.push({ field, reason: schema.reason });
  // A partly read output schema is measured as what could be read, as partly read text is.
  return io === 'input' ? null : schema.lowerBound;
}

/**
 * How the tool reaches the client. A project's own wrapper (`defineTool`, a factory) around a zod
 * schema, or one linked to an McpServer, is registered with McpServer in the end: it publishes that way.
 */
function getPublisher(decl: ToolDecl): Framework {
  const isWrapper = FRAMEWORKS[decl.framework].projectWrapper;
  if (isWrapper && (decl.server?.framework === 'mcp-sdk' || isSchemaFromZod(decl.inputSchema))) return 'mcp-sdk';
  // A low-level Server publishes a definition's JSON as written; a zod schema in one no such Server is known
  // to list (an exported definition a loop registers with `server.tool()`) is converted, and published, by McpServer.
  if (decl.framework === 'mcp-sdk-low-level' && decl.server?.framework !== 'mcp-sdk-low-level' && isSchemaFromZod(decl.inputSchema)) return 'mcp-sdk';
  return decl.framework;
}

type Fields = Partial<Record<Field, JsonValue>>;

/** How one publisher writes a tool into `tools/list`: which fields, in which key order. */
type Publisher = (decl: ToolDecl, fields: Fields, options: PublishedToolOptions) => ReadonlyArray<readonly [string, JsonValue | undefined]>;

/** The object literal McpServer builds; `outputSchema` is added after it when there is one. */
const MCP_SDK: Publisher = (_decl, fields, options) => [
  ['name', fields.name],
  ['title', fields.title],
  ['description', fields.description],
  ['inputSchema', fields.inputSchema],
  ['annotations', fields.annotations],
  ['execution', options.mcpSdkExecution === false ? undefined : MCP_SDK_EXECUTION],
  ['_meta', fields._meta],
  ['outputSchema', fields.outputSchema],
];

/** Not MCP servers: served through an adapter that publishes name, description and the converted schema. */
const ADAPTER: Publisher = (_decl, fields) => [
  ['name', fields.name],
  ['description', fields.description],
  ['inputSchema', fields.inputSchema],
];

/** Literal styles publish the object the author wrote. */
const AS_WRITTEN: Publisher = (decl, fields) => getSourceOrder(decl.node).map((field) => [field, fields[field]] as const);

/**
 * SDK v2's McpServer (`@modelcontextprotocol/server` 2.x, `tools/list`): name, title, description,
 * inputSchema, annotations, icons, execution and `_meta` only when the tool sets them (never a default
 * `execution`), then `outputSchema`. Its schemas are converted to draft 2020-12 (schema/convert.ts).
 */
const MCP_SDK_V2: Publisher = (_decl, fields) => [
  ['name', fields.name],
  ['title', fields.title],
  ['description', fields.description],
  ['inputSchema', fields.inputSchema],
  ['annotations', fields.annotations],
  ['_meta', fields._meta],
  ['outputSchema', fields.outputSchema],
];

/** `@mastra/mcp`'s `MCPServer` (its own `tools/list` handler over the SDK's low-level Server). */
const MASTRA_MCP: Publisher = (_decl, fields) => [
  ['name', fields.name],
  ['description', fields.description],
  ['inputSchema', fields.inputSchema],
  ['outputSchema', fields.outputSchema],
];

/** A framework, or a variant of one that publishes differently (chosen from what is installed or imported). */
export type PublisherName = Framework | 'mcp-sdk-v2' | 'mastra-mcp';

/** One entry per publisher: the compiler checks that none is missing. */
const PUBLISHERS: Readonly<Record<PublisherName, Publisher>> = {
  'mcp-sdk': MCP_SDK,
  'mcp-sdk-v2': MCP_SDK_V2,
  'mastra-mcp': MASTRA_MCP,
  // FastMCP's `tools/list` handler writes annotations, description, inputSchema, name, then outputSchema.
  fastmcp: (_decl, fields) => [
    ['annotations', fields.annotations],
    ['description', fields.description],
    ['inputSchema', fields.inputSchema],
    ['name', fields.name],
    ['outputSchema', fields.outputSchema],
  ],
  'vercel-ai': ADAPTER,
  langchain: ADAPTER,
  mastra: ADAPTER,
  'mcp-sdk-low-level': AS_WRITTEN,
  anthropic: AS_WRITTEN,
  openai: AS_WRITTEN,
  factory: AS_WRITTEN,
  shape: AS_WRITTEN,
};

function buildForFramework(decl: ToolDecl, fields: Fields, options: PublishedToolOptions): PublishedTool {
  return assemble(PUBLISHERS[getPublisherName(decl, options)](decl, fields, options));
}

/**
 * Literal styles publish the object the author wrote, so its keys come in the author's order; fields
 * not written there follow in the MCP order.
 */
function getSourceOrder(node: ToolDecl['node']): Field[] {
  const order: Field[] = [];
  const object = unwrap(node);
  if (object.type === 'ObjectExpression') {
    for (const property of object.properties) {
      const field = property.type === 'Property' ? getField(property) : undefined;
      if (field && !order.includes(field)) order.push(field);
    }
  }
  for (const field of ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const) {
    if (!order.includes(field)) order.push(field);
  }
  return order;
}

function getField(property: TSESTree.Property): Field | undefined {
  const key = getPropertyName(property);
  if (key === undefined) return undefined;
  for (const [field, keys] of Object.entries(FIELD_KEYS) as Array<[Field, readonly string[]]>) {
    if (keys.includes(key)) return field;
  }
  return undefined;
}

/** An object with the given keys in order, leaving out absent ones (as `JSON.stringify` drops `undefined`). */
function assemble(entries: ReadonlyArray<readonly [string, JsonValue | undefined]>): PublishedTool {
  const tool: Record<string, JsonValue> = {};
  for (const [key, value] of entries) if (value !== undefined) tool[key] = value;
  return tool as PublishedTool;
}
