/**
 * MCP TypeScript SDK `McpServer`: `server.tool(name, description?, paramsShape?, annotations?, cb)` in
 * every overload, `server.registerTool(name, config, cb)` and the experimental
 * `server.experimental.tasks.registerToolTask(name, config, handler)`, on any receiver (`this.server` too).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap } from '../ast.js';
import type { Node, ToolDecl } from '../model.js';
import { evaluateValue, isPlainObject } from '../schema/static-value.js';
import { isZodSchema } from '../schema/zod-api.js';
import { buildTool, readMeta, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { describe } from './describe.js';
import { findEnclosingClassBody, type DetectContext } from './context.js';
import { isTextExpression } from './text-guards.js';

/** Argument names that say what an unresolvable argument of `server.tool` holds. */
const DESCRIPTION_NAME = /desc|prompt|text|doc|summary|instruction/i;

export function detectMcpSdkCall(candidate: Candidate<TSESTree.CallExpression>, calleeName: string, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const args = call.arguments;
  if (args.length < 2 || args.some((a) => a.type === 'SpreadElement')) return undefined;
  const nameArg = args[0] as Node;
  if (!isNameArgument(nameArg)) return undefined;
  const classBody = findEnclosingClassBody(candidate.ancestors);
  if (calleeName === 'registerTool' || calleeName === 'registerToolTask') return detectRegisterTool(call, callee.object, classBody, context);
  return detectToolOverloads(call, callee.object, classBody, context);
}

/** The name of `server.tool` is text, never an object or function (those are the other `tool()` styles). */
function isNameArgument(node: Node): boolean {
  const n = unwrap(node);
  return (
    n.type !== 'ObjectExpression' &&
    n.type !== 'ArrowFunctionExpression' &&
    n.type !== 'FunctionExpression' &&
    n.type !== 'ArrayExpression' &&
    !(n.type === 'Literal' && typeof n.value !== 'string')
  );
}

function detectRegisterTool(call: TSESTree.CallExpression, receiver: Node, classBody: TSESTree.ClassBody | undefined, context: DetectContext): FoundTool {
  const [nameArg, configArg, handler] = call.arguments as Node[];
  const config = context.resolveObject(configArg);
  if (!config && !isAbsent(configArg)) {
    // `tool.definition` of a loop's definition, bound to its value: its fields are read as members of it.
    const read = readConfigMembers(call, nameArg, configArg, handler, receiver, classBody, context);
    if (read) return read;
  }
  const tool = buildRegisteredTool({ call, nameArg, configArg, config, handler, receiver, classBody }, context);
  // A member or a call (`tool.definition`, `loadConfig()`) toolslim cannot read says nothing of the fields; a local
  // variable built by statements is read where its fields are assigned (buildRegisteredTool), as before.
  const kind = unwrap(configArg).type;
  return config || isAbsent(configArg) || (kind !== 'MemberExpression' && kind !== 'CallExpression') ? tool : markUnreadConfig(tool, configArg);
}

/** The config's published fields, as member expressions of the config (`tool.definition.description`), when its value is an object. */
function readConfigMembers(
  call: TSESTree.CallExpression,
  nameArg: Node,
  configArg: Node,
  handler: Node | undefined,
  receiver: Node,
  classBody: TSESTree.ClassBody | undefined,
  context: DetectContext,
): FoundTool | undefined {
  const value = evaluateValue(configArg, context.schemaContext);
  if (!isPlainObject(value) || typeof (value as Record<string, unknown>).description !== 'string') return undefined;
  const member = (key: string): Node | undefined =>
    key in (value as Record<string, unknown>)
      ? ({ type: 'MemberExpression', object: configArg, property: { type: 'Identifier', name: key, range: configArg.range, loc: configArg.loc }, computed: false, optional: false, range: configArg.range, loc: configArg.loc } as unknown as Node)
      : undefined;
  context.claimOwnersOf([nameArg, configArg]);
  return buildTool(
    {
      framework: 'mcp-sdk',
      node: call,
      name: nameArg,
      title: member('title'),
      description: member('description'),
      inputSchema: member('inputSchema'),
      outputSchema: member('outputSchema'),
      annotations: member('annotations'),
      meta: readMeta(member('_meta'), context),
      handler,
      classBody,
      receiver,
    },
    context,
  );
}

/** `undefined`, `{}` written out: no config, which publishes no description and an empty schema. */
function isAbsent(node: Node | undefined): boolean {
  const n = node ? unwrap(node) : undefined;
  return n === undefined || (n.type === 'Identifier' && n.name === 'undefined');
}

/**
 * `server.registerTool(tool.name, tool.definition, tool.handler)` where the config is no object toolslim can read: its
 * description and schema are unknown, not empty, and are marked so.
 */
function markUnreadConfig(tool: FoundTool, configArg: Node): FoundTool {
  const reason = `the config ${describe(configArg)} is not an object toolslim can read`;
  return {
    ...tool,
    decl: {
      ...tool.decl,
      description: tool.decl.description ?? { kind: 'dynamic', node: configArg, reason, readable: '', dynamicNodes: [configArg] },
      inputSchema: tool.decl.inputSchema.kind === 'none' ? { kind: 'dynamic', node: configArg, reason } : tool.decl.inputSchema,
    },
  };
}


/** The parts of a `registerTool(name, config, cb)` call, wherever it is written (a registrar function passes them on). */
export interface RegisteredToolParts {
  readonly call: TSESTree.CallExpression;
  readonly nameArg: Node;
  readonly configArg: Node;
  /** The config object `configArg` resolves to, if it does. */
  readonly config: TSESTree.ObjectExpression | undefined;
  readonly handler: Node | undefined;
  readonly receiver: Node;
  readonly classBody: TSESTree.ClassBody | undefined;
}

/**
 * The tool `registerTool` publishes from its config's fields. `readToolMeta` reads `_meta` (a registrar
 * such as ext-apps' `registerAppTool` rewrites it before `registerTool` gets it).
 */
export function buildRegisteredTool(
  parts: RegisteredToolParts,
  context: DetectContext,
  readToolMeta: (node: Node | undefined) => ToolDecl['meta'] = (node) => readMeta(node, context),
): FoundTool {
  const { call, nameArg, configArg, config } = parts;
  const fields = config ? context.readFields(config) : new Map();
  // `const info = { description }; if (schema) info.inputSchema = schema;`: a field assigned after the literal is the assigned value.
  const configName = unwrap(configArg);
  if (config && configName?.type === 'Identifier') {
    for (const { property, node } of context.getScope().getLaterPropertyAssignments(configName)) {
      if (property !== undefined) fields.set(property, { value: node.right, holder: node, owner: config });
    }
  }
  if (config) context.claim(config, fields);
  context.claimOwnersOf([nameArg, configArg, ...[...fields.values()].map((field) => field.value)]);
  return buildTool(
    {
      framework: 'mcp-sdk',
      node: call,
      name: nameArg,
      title: fields.get('title')?.value,
      description: fields.get('description')?.value,
      inputSchema: fields.get('inputSchema')?.value,
      outputSchema: fields.get('outputSchema')?.value,
      annotations: fields.get('annotations')?.value,
      meta: readToolMeta(fields.get('_meta')?.value),
      handler: parts.handler,
      classBody: parts.classBody,
      receiver: parts.receiver,
    },
    context,
  );
}

/** Mirrors the SDK's own argument parsing (`McpServer#tool`), deciding statically what each argument is. */
function detectToolOverloads(call: TSESTree.CallExpression, receiver: Node, classBody: TSESTree.ClassBody | undefined, context: DetectContext): FoundTool {
  const [nameArg, ...rest] = call.arguments as Node[];
  let description: Node | undefined;
  let inputSchema: Node | undefined;
  let annotations: Node | undefined;
  if (rest.length > 1 && isDescriptionArgument(rest[0], context)) description = rest.shift();
  if (rest.length > 1) {
    const kind = getObjectArgumentKind(rest[0], context);
    if (kind === 'shape') {
      inputSchema = rest.shift();
      // After the shape, an argument before the callback can only be the annotations (`tool(name, text, shape,
      // annotations, cb)`), even one toolslim cannot read (`hintsFor(name)`).
      if (rest.length > 1 && !isFunctionArgument(rest[0])) annotations = rest.shift();
    } else if (kind === 'annotations') {
      annotations = rest.shift();
    }
  }
  context.claimOwnersOf(call.arguments as Node[]);
  return buildTool(
    { framework: 'mcp-sdk', node: call, name: nameArg, description, inputSchema, annotations, handler: rest[0], classBody, receiver },
    context,
  );
}

function isFunctionArgument(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression';
}

function isDescriptionArgument(node: Node, context: DetectContext): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier' || n.type === 'MemberExpression') {
    if (context.text(n).kind === 'static') return true;
    if (context.resolveObject(n)) return false;
    const resolved = n.type === 'Identifier' ? context.resolveIdentifier(n) : undefined;
    if (resolved) return isTextExpression(resolved, context, false);
    // Imported or computed: the name it is given is the best evidence there is.
    const name = n.type === 'Identifier' ? n.name : n.property.type === 'Identifier' ? n.property.name : '';
    return DESCRIPTION_NAME.test(name);
  }
  return isTextExpression(n, context, false);
}

/**
 * The SDK treats an object as a params shape when it is empty or holds a zod schema, and as annotations
 * when its values are all primitives.
 */
function getObjectArgumentKind(node: Node, context: DetectContext): 'shape' | 'annotations' | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return undefined;
  const object = context.resolveObject(n);
  if (!object) {
    if (n.type === 'Literal' || n.type === 'TemplateLiteral') return undefined;
    // `def.annotations` of a loop's definition, an imported object: decided on its value when it is known.
    const value = n.type === 'MemberExpression' || n.type === 'Identifier' || n.type === 'CallExpression' ? evaluateValue(n, context.schemaContext) : undefined;
    // `tool(name, z.object({ … }), cb)`: a schema, not a raw shape of schemas. The SDK takes no schema there: it
    // publishes the object as the annotations (1.x before the check for misplaced schemas) or throws.
    if (isZodSchema(value)) return 'annotations';
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      return Object.values(value).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)) ? 'annotations' : 'shape';
    }
    return 'shape';
  }
  if (object.properties.length === 0) return 'shape';
  const allPrimitive = object.properties.every((p) => {
    if (p.type !== 'Property') return false;
    const value = unwrap(p.value);
    return value.type === 'Literal' || value.type === 'TemplateLiteral' || (value.type === 'UnaryExpression' && value.argument.type === 'Literal');
  });
  return allPrimitive ? 'annotations' : 'shape';
}
