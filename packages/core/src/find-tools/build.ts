/** Turns what a detector located (which expression is the name, the description, the schema…) into a ToolDecl. */
import type { TSESTree } from '@typescript-eslint/types';
import type { Framework, Node, ParamDecl, SchemaValue, TextValue, ToolDecl } from '../model.js';
import { evaluateSchema } from '../schema/index.js';
import { SCHEMA_KEYS } from './collect.js';
import type { DetectContext, Field } from './context.js';
import { getStaticJsonObject } from './static-json.js';

export interface ToolParts {
  readonly framework: Framework;
  readonly node: Node;
  /** The expression of the name, or the already-built text of a record key. */
  readonly name?: Node | { readonly text: TextValue | undefined; readonly node: Node | undefined };
  readonly title?: Node;
  readonly description?: Node;
  readonly inputSchema?: Node;
  readonly outputSchema?: Node;
  readonly annotations?: Node;
  /** The `_meta` McpServer publishes, already read (`readMeta`); a style may rewrite it as its library does. */
  readonly meta?: ToolDecl['meta'];
  readonly handler?: Node;
  /** The class a `this.method` handler lives in. */
  readonly classBody?: TSESTree.ClassBody;
  /** The object a registering call is made on (`server` in `server.tool(…)`), for linking to its server. */
  readonly receiver?: Node;
}

/** A ToolDecl before it is linked to its server. */
export interface FoundTool {
  readonly decl: Omit<ToolDecl, 'server'>;
  readonly receiver: Node | undefined;
}

/** Keys that hold the function running a tool, across styles. */
export const HANDLER_KEYS = ['execute', 'handler', 'handle', 'callback', 'cb', 'run', 'func', 'fn', 'invoke', 'call', '_call'] as const;

export function buildTool(parts: ToolParts, context: DetectContext): FoundTool {
  const name = getName(parts, context);
  const input = getSchema(parts.inputSchema, parts.framework, context, 'input');
  const output = getSchema(parts.outputSchema, parts.framework, context, 'output');
  const handler = parts.handler ? context.resolveFunction(parts.handler, parts.classBody) : undefined;
  const annotations = getStaticJsonObject(parts.annotations, context);
  const loc = parts.node.loc;
  return {
    receiver: parts.receiver,
    decl: {
      framework: parts.framework,
      node: parts.node,
      name: name.text,
      nameNode: name.node,
      title: parts.title ? context.text(parts.title) : undefined,
      description: parts.description ? context.text(parts.description) : undefined,
      params: input.params,
      inputSchema: input.schema,
      outputSchema: output.schema,
      annotations,
      annotationsNode: parts.annotations,
      ...(parts.meta ? { meta: parts.meta } : {}),
      handler,
      line: loc?.start.line ?? 0,
      column: loc?.start.column ?? 0,
    },
  };
}

/** A `_meta` written in a registration's config: static JSON, or why it is not. */
export function readMeta(node: Node | undefined, context: DetectContext): ToolDecl['meta'] {
  if (!node) return undefined;
  const json = getStaticJsonObject(node, context);
  if (json) return { kind: 'static', json };
  return { kind: 'unreadable', reason: 'the `_meta` object is not static JSON (a value known only at run time, or built by statements toolslim does not run)' };
}

function getName(parts: ToolParts, context: DetectContext): { text: TextValue | undefined; node: Node | undefined } {
  const name = parts.name;
  if (!name) return { text: undefined, node: undefined };
  if ('text' in name && !('type' in name)) return name;
  const node = name as Node;
  return { text: context.text(node), node };
}

function getSchema(
  node: Node | undefined,
  framework: Framework,
  context: DetectContext,
  io: 'input' | 'output',
): { schema: SchemaValue; params: readonly ParamDecl[] } {
  if (!node) return { schema: { kind: 'none' }, params: [] };
  try {
    return evaluateSchema(node, framework, context.schemaContext, io);
  } catch (error) {
    // A schema that breaks the evaluator must not hide the tool: keep it, with the schema unknown.
    const reason = `schema could not be evaluated: ${error instanceof Error ? error.message : String(error)}`;
    return { schema: { kind: 'dynamic', node, reason }, params: [] };
  }
}

/** The parts a definition object gives (`{ name, title, description, inputSchema, …, execute }`). */
export function getDefinitionParts(fields: ReadonlyMap<string, Field>, schemaKeys: readonly string[] = SCHEMA_KEYS): Omit<ToolParts, 'framework' | 'node'> {
  return {
    name: fields.get('name')?.value,
    title: fields.get('title')?.value,
    description: fields.get('description')?.value,
    inputSchema: findFirstField(fields, schemaKeys)?.value,
    outputSchema: fields.get('outputSchema')?.value,
    annotations: fields.get('annotations')?.value,
    handler: findFirstField(fields, HANDLER_KEYS)?.value,
  };
}

export function findFirstField(fields: ReadonlyMap<string, Field>, keys: readonly string[]): Field | undefined {
  for (const key of keys) {
    const field = fields.get(key);
    if (field) return field;
  }
  return undefined;
}
