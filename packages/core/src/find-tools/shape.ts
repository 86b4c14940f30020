/**
 * Tools found by shape alone: an object literal with a name-like key (`name`, `id`, or the record key it
 * sits under), a description and a schema-like key. The shape also tells the style apart: Anthropic's
 * `input_schema`, OpenAI's `type: 'function'` (flat or with a nested `function`), a record under
 * `tools:` (Vercel AI without `tool()`), a module exporting one MCP tool object.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap } from '../ast.js';
import type { DynamicText, Framework, Node } from '../model.js';
import { buildTool, findFirstField, getDefinitionParts, HANDLER_KEYS, type FoundTool, type ToolParts } from './build.js';
import { SCHEMA_KEYS, type Candidate } from './collect.js';
import { getRecordName, type DetectContext, type Field } from './context.js';
import { isRawShape } from '../schema/convert.js';
import { evaluateValue } from '../schema/static-value.js';
import { detectMcpSdkCall } from './mcp-sdk.js';
import { isPossiblyText, isSchemaExpression, isSchemaObject, isTextExpression } from './text-guards.js';

/**
 * Keys whose objects are JSON Schema, OpenAPI or response formats: what sits under them is never a tool
 * (`schema` is not one of them: `defineTool({ schema: { name, description, inputSchema } })` nests a tool there).
 */
const SCHEMA_CONTAINER_KEYS = new Set([
  'properties',
  'patternProperties',
  'items',
  '$defs',
  'definitions',
  'inputSchema',
  'input_schema',
  'outputSchema',
  'parameters',
  'requestBody',
  'responses',
  'components',
  'json_schema',
  'response_format',
  'responseFormat',
  'format',
]);

/** The keys that make an object an MCP resource (`uri`) or resource template (`uriTemplate`). */
const RESOURCE_KEYS: readonly string[] = ['uri', 'uriTemplate'];

/**
 * Keys whose objects are model traffic, not definitions: tool calls (`tool_calls: [{ type: 'function',
 * function: { name, arguments } }]`), a forced choice (`tool_choice`), recorded responses and messages.
 */
const TRAFFIC_KEYS = new Set(['tool_calls', 'toolCalls', 'tool_choice', 'toolChoice', 'choices', 'messages']);

/** `type` values of objects that look like tools but are run by the provider (AI SDK provider-defined tools). */
const PROVIDER_TYPES = new Set(['provider', 'provider-defined', 'provider-defined-client']);

export function detectShapeObject(candidate: Candidate<TSESTree.ObjectExpression>, context: DetectContext): FoundTool | undefined {
  const object = candidate.node;
  const ancestors = candidate.ancestors;
  if (context.claimed.has(object) || isUnderSchemaContainer(ancestors, 0) || isUnderTrafficKey(ancestors)) return undefined;
  const fields = context.readFields(object);
  if (isProviderDefined(fields, context)) return undefined;
  const openAiFunction = getOpenAiFunction(fields, context);
  if (openAiFunction) {
    const inner = context.readFields(openAiFunction);
    // A tool call (`{ name, arguments }`) or a forced choice (`{ name }`) names a tool; it does not define one.
    if (!inner.has('name') || inner.has('arguments') || (!inner.has('description') && !inner.has('parameters'))) return undefined;
    context.claim(object, fields);
    context.claim(openAiFunction, inner);
    return buildTool({ framework: 'openai', node: object, ...getDefinitionParts(inner, ['parameters']) }, context);
  }
  // JSON Schemas and OpenAPI parameters (`{ name, in: 'query', description, schema }`) are not tools, and
  // neither are MCP resources and resource templates (`{ uri | uriTemplate, name, description, … }`): the
  // specification gives a tool no `uri` and a resource its display name, which may hold spaces.
  if (isSchemaObject(object) || fields.has('in') || RESOURCE_KEYS.some((key) => fields.has(key))) return undefined;
  const schema = findFirstField(fields, SCHEMA_KEYS) ?? getSpeakeasyArgs(fields) ?? getZodParams(fields, context);
  const description = fields.get('description');
  if (schema && !description) return detectDescriptionlessDefinition(object, fields, schema, context);
  if (!schema || !description || !isSchemaExpression(schema.value, context) || !isPossiblyText(description.value, context)) return undefined;
  const name = getShapeName(fields, object, ancestors, context);
  if (!name) return detectRegisterLikeCall(object, ancestors, context);
  context.claim(object, fields);
  const parts = getDefinitionParts(fields);
  return buildTool(
    {
      framework: getShapeFramework(fields, name, ancestors, context),
      node: object,
      ...parts,
      inputSchema: schema.value,
      name: name.part,
      handler: parts.handler ?? fields.get('tool')?.value ?? findOuterHandler(object, ancestors, context) ?? findDecoratedMethod(object, ancestors),
    },
    context,
  );
}

/**
 * `{ name: 'dashboard-get', schema, handler }`: a definition whose description is added where it is
 * registered (from a table of texts, a JSON file). The tool is real; its description is unknown here.
 */
function detectDescriptionlessDefinition(
  object: TSESTree.ObjectExpression,
  fields: ReadonlyMap<string, Field>,
  schema: Field,
  context: DetectContext,
): FoundTool | undefined {
  const name = fields.get('name');
  const handler = findFirstField(fields, HANDLER_KEYS);
  if (!name || !handler || fields.has('title') || !isSchemaExpression(schema.value, context)) return undefined;
  const run = unwrap(handler.value);
  if (run.type !== 'ArrowFunctionExpression' && run.type !== 'FunctionExpression' && run.type !== 'Identifier') return undefined;
  const nameText = context.text(name.value);
  if (nameText.kind !== 'static' || !/^[A-Za-z0-9_.-]{1,128}$/.test(nameText.value)) return undefined;
  context.claim(object, fields);
  const found = buildTool({ framework: 'shape', node: object, ...getDefinitionParts(fields), inputSchema: schema.value, handler: handler.value }, context);
  const description: DynamicText = {
    kind: 'dynamic',
    node: object,
    reason: 'the definition has no description: it is added where the tool is registered',
    readable: '',
    dynamicNodes: [object],
  };
  return { ...found, decl: { ...found.decl, description } };
}

/**
 * A project's own registration method with `registerTool`'s signature: `context.accountTool('name',
 * { description, inputSchema }, handler)`. It hands the config to `McpServer.registerTool` in the end.
 */
function detectRegisterLikeCall(object: TSESTree.ObjectExpression, ancestors: readonly Node[], context: DetectContext): FoundTool | undefined {
  const call = ancestors[ancestors.length - 1];
  if (call?.type !== 'CallExpression' || call.arguments[1] !== object || call.arguments.length < 3) return undefined;
  if (unwrap(call.callee).type !== 'MemberExpression' || call.arguments[0].type === 'SpreadElement') return undefined;
  const handler = unwrap(call.arguments[2]);
  if (handler.type !== 'ArrowFunctionExpression' && handler.type !== 'FunctionExpression' && handler.type !== 'Identifier') return undefined;
  const nameText = context.text(call.arguments[0]);
  if (nameText.kind !== 'static' || !/^[A-Za-z0-9_.-]{1,128}$/.test(nameText.value)) return undefined;
  return detectMcpSdkCall({ node: call, ancestors: ancestors.slice(0, -1) }, 'registerTool', context);
}

/**
 * `{ name, description, params: { id: z.string() }, handler }`: `params` is too common a key to mean a
 * schema alone, so it counts only beside a name, a description and a handler, and when it is a zod raw shape.
 */
function getZodParams(fields: ReadonlyMap<string, Field>, context: DetectContext): Field | undefined {
  const params = fields.get('params');
  if (!params || !findFirstField(fields, HANDLER_KEYS) || unwrap(params.value).type !== 'ObjectExpression') return undefined;
  const value = evaluateValue(params.value, context.schemaContext);
  return isRawShape(value) && fields.has('name') && fields.has('description') ? params : undefined;
}

/**
 * Speakeasy-generated servers: `{ name, description, args, tool: async (client, args) => … }`. `args` is
 * too common a key to mean a schema alone, so it counts only beside the `tool` function.
 */
function getSpeakeasyArgs(fields: ReadonlyMap<string, Field>): Field | undefined {
  const args = fields.get('args');
  const run = fields.get('tool');
  if (!args || !run) return undefined;
  const fn = unwrap(run.value);
  return fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression' ? args : undefined;
}

/** `{ type: 'function', function: { name, description, parameters } }` → the inner object. */
function getOpenAiFunction(fields: ReadonlyMap<string, Field>, context: DetectContext): TSESTree.ObjectExpression | undefined {
  const type = fields.get('type');
  const fn = fields.get('function');
  if (!type || !fn || !isFunctionType(type.value, context)) return undefined;
  return context.resolveObject(fn.value);
}

function isFunctionType(node: Node, context: DetectContext): boolean {
  const n = unwrap(node);
  if (n.type === 'Literal') return n.value === 'function';
  const text = context.text(n);
  return text.kind === 'static' && text.value === 'function';
}

const HTTP_METHODS = /^(?:get|post|put|patch|delete|head|options)$/i;

/** A `method` whose static value reads as a tool name (not an HTTP verb, no spaces). */
function isPublishedMethod(node: Node, context: DetectContext): boolean {
  const text = context.text(node);
  return text.kind === 'static' && /^[A-Za-z0-9_.-]{1,128}$/.test(text.value) && !HTTP_METHODS.test(text.value);
}

interface ShapeName {
  readonly part: NonNullable<ToolParts['name']>;
  readonly from: 'name' | 'id' | 'key';
}

function getShapeName(fields: ReadonlyMap<string, Field>, object: TSESTree.ObjectExpression, ancestors: readonly Node[], context: DetectContext): ShapeName | undefined {
  // Toolkits publish under `method: 'create_invoice'` and show `name: 'Create Invoice'` to people.
  const method = fields.get('method');
  if (method && isPublishedMethod(method.value, context)) return { part: method.value, from: 'name' };
  const name = fields.get('name');
  if (name) return isTextExpression(name.value, context, true) ? { part: name.value, from: 'name' } : undefined;
  const id = fields.get('id');
  if (id) return isTextExpression(id.value, context, true) ? { part: id.value, from: 'id' } : undefined;
  const container = ancestors[ancestors.length - 2];
  if (container?.type !== 'ObjectExpression') return undefined;
  // `{ name: 'read_bed', definition: { description, inputSchema }, handler }`: the config of a definition named
  // beside it, not a record of tools keyed by name. It is the tool, under that name, unless the object around it
  // defines one itself (a step of a definition).
  const sibling = container.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && ['name', 'id'].includes(getPropertyName(p) ?? ''));
  if (sibling) {
    const outer = context.readFields(container);
    if (outer.has('description') || SCHEMA_KEYS.some((key) => outer.has(key))) return undefined;
    return isTextExpression(sibling.value, context, true) ? { part: sibling.value, from: getPropertyName(sibling) === 'id' ? 'id' : 'name' } : undefined;
  }
  const key = getRecordName(object, ancestors, context);
  return key ? { part: key, from: 'key' } : undefined;
}

function getShapeFramework(fields: ReadonlyMap<string, Field>, name: ShapeName, ancestors: readonly Node[], context: DetectContext): Framework {
  if (fields.has('input_schema')) return 'anthropic';
  const type = fields.get('type');
  if (type && isFunctionType(type.value, context)) return 'openai';
  if (name.from === 'key' && (fields.has('parameters') || fields.has('inputSchema')) && getContainerKey(ancestors) === 'tools') return 'vercel-ai';
  if (fields.has('inputSchema') && isDirectlyExported(ancestors)) return 'mcp-sdk-low-level';
  return 'shape';
}

/** The key of the property holding a record that holds this object: `tools` in `tools: { x: {…} }`. */
function getContainerKey(ancestors: readonly Node[]): string | undefined {
  const holder = ancestors[ancestors.length - 3];
  return holder?.type === 'Property' ? getPropertyName(holder) : undefined;
}

/** `export const x = {…}`, `export default {…}`, `exports.x = {…}`, `module.exports = {…}`. */
function isDirectlyExported(ancestors: readonly Node[]): boolean {
  const parent = ancestors[ancestors.length - 1];
  const grand = ancestors[ancestors.length - 2];
  if (parent?.type === 'ExportDefaultDeclaration') return true;
  if (parent?.type === 'VariableDeclarator') return ancestors[ancestors.length - 3]?.type === 'ExportNamedDeclaration';
  if (parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression') {
    const left = parent.left;
    const root = left.object.type === 'MemberExpression' ? left.object.object : left.object;
    return root.type === 'Identifier' && (root.name === 'exports' || root.name === 'module') && grand?.type === 'ExpressionStatement';
  }
  return false;
}

/** Objects inside a JSON Schema's `properties` (or a response format) are schema, not tools. */
function isUnderTrafficKey(ancestors: readonly Node[]): boolean {
  return isUnderPropertyKey(ancestors, TRAFFIC_KEYS, 0, 2);
}

function isProviderDefined(fields: ReadonlyMap<string, Field>, context: DetectContext): boolean {
  const type = fields.get('type');
  if (!type) return false;
  const text = context.text(type.value);
  return text.kind === 'static' && PROVIDER_TYPES.has(text.value);
}

export function isUnderSchemaContainer(ancestors: readonly Node[], skip: number): boolean {
  // Look at the nearest few holders only: a tool record two levels under `properties` is still schema.
  return isUnderPropertyKey(ancestors, SCHEMA_CONTAINER_KEYS, skip, 3);
}

/** Whether one of the `depth` nearest properties holding the node (after skipping `skip` ancestors) has a key in `keys`. */
function isUnderPropertyKey(ancestors: readonly Node[], keys: ReadonlySet<string>, skip: number, depth: number): boolean {
  for (let i = ancestors.length - 1 - skip, seen = 0; i >= 0 && seen < depth; i--) {
    const a = ancestors[i];
    if (a.type !== 'Property') continue;
    seen++;
    const key = getPropertyName(a);
    if (key !== undefined && keys.has(key)) return true;
  }
  return false;
}

/** `@Tool({ name, description, parameters }) async search() {…}` (NestJS-style): the decorated method runs the tool. */
function findDecoratedMethod(object: TSESTree.ObjectExpression, ancestors: readonly Node[]): Node | undefined {
  const call = ancestors[ancestors.length - 1];
  const decorator = ancestors[ancestors.length - 2];
  const member = ancestors[ancestors.length - 3];
  if (call?.type !== 'CallExpression' || !call.arguments.includes(object) || decorator?.type !== 'Decorator') return undefined;
  return member?.type === 'MethodDefinition' ? member.value : undefined;
}

/** `defineTool({ capability, schema: { name, description, inputSchema }, handle })`: the handler is one level up. */
function findOuterHandler(object: TSESTree.ObjectExpression, ancestors: readonly Node[], context: DetectContext): Node | undefined {
  const parent = ancestors[ancestors.length - 1];
  const outer = ancestors[ancestors.length - 2];
  if (parent?.type !== 'Property' || parent.value !== object || outer?.type !== 'ObjectExpression') return undefined;
  return findFirstField(context.readFields(outer), HANDLER_KEYS)?.value;
}
