/**
 * What a model API rejects in a request's tool array, read from the array statically: every tool
 * deferred, a recursive `$ref` or `strict` on a tool code execution may call, an OpenAI strict function
 * whose schema strict mode does not accept. Each finding quotes the API's own error text.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { findProperty } from '../ast.js';
import { API_REQUEST_LIMITS } from '../clients.js';
import { formatCount } from '../checks/format.js';
import type { Node } from '../model.js';
import { isPlainObject } from '../schema/static-value.js';
import type { ApiToolArray, ApiToolEntry } from './find-requests.js';

const SEARCH = API_REQUEST_LIMITS.anthropicToolSearch;
const PROGRAMMATIC = API_REQUEST_LIMITS.anthropicProgrammaticCalling;
const STRICT = API_REQUEST_LIMITS.openaiStrictFunctions;

export const API_TOOL_LIMIT_MESSAGES = {
  allToolsDeferred: `Every tool of this request sets \`defer_loading: true\`; the Anthropic API rejects it with 400 "${SEARCH.allDeferredError}". Keep at least one tool loaded, usually the tool search tool.`,
  tooManyDeferredTools: `This request defers {{count}} tools; the tool search tool accepts at most ${formatCount(SEARCH.maxDeferredTools)}.`,
  circularRefForCode: `\`{{name}}\` may be called from code execution (\`allowed_callers\`) and its \`input_schema\` has a recursive \`$ref\` ({{ref}}); the Anthropic API rejects it with 400 "${PROGRAMMATIC.circularRefError}". Keep the tool direct-only or unroll the recursion to a fixed depth.`,
  strictForCode: `\`{{name}}\` sets \`strict: true\` and may be called from code execution; programmatic tool calling does not support strict tools. Drop \`strict\` or keep the tool direct-only.`,
  strictNeedsObjectRoot: `OpenAI rejects this strict function: "Invalid schema for function '{{name}}': ${STRICT.rootObjectError}, got {{got}}." Give it an object schema.`,
  strictNeedsClosedObject: `OpenAI rejects this strict function: "Invalid schema for function '{{name}}': In context={{context}}, ${STRICT.additionalPropertiesError}" Add \`additionalProperties: false\` there.`,
  strictNeedsRequired: `OpenAI rejects this strict function: "Invalid schema for function '{{name}}': In context={{context}}, ${STRICT.requiredError} Missing '{{key}}'." List it in \`required\` (make it nullable to keep it optional).`,
  unreadableTools: "The tools of this request cannot be read statically ({{reason}}), so toolslim does not check them against the API's limits.",
} as const;

export type ApiToolLimitMessageId = keyof typeof API_TOOL_LIMIT_MESSAGES;

export interface ApiToolLimitFinding {
  readonly messageId: ApiToolLimitMessageId;
  readonly data: Record<string, string | number>;
  readonly node: Node;
}

/** A tool of a request as the API reads it (the Chat Completions form nests it under `function`). */
interface ApiTool {
  readonly entry: ApiToolEntry;
  /** The object that holds `name`, `strict`, the schema (the entry, or its `function`). */
  readonly definition: Readonly<Record<string, unknown>>;
  /** Path from the entry to `definition` (`['function']` for Chat Completions). */
  readonly definitionPath: readonly string[];
  readonly name: string;
  readonly schemaKey: 'input_schema' | 'parameters';
}

export function checkApiToolArray(array: ApiToolArray): ApiToolLimitFinding[] {
  const findings: ApiToolLimitFinding[] = [];
  if (array.unreadable !== undefined) findings.push({ messageId: 'unreadableTools', data: { reason: array.unreadable }, node: array.node });
  if (array.vendor === 'anthropic') findings.push(...checkAnthropic(array));
  else findings.push(...checkOpenAi(array));
  return findings;
}

function checkAnthropic(array: ApiToolArray): ApiToolLimitFinding[] {
  const findings: ApiToolLimitFinding[] = [];
  const deferred = array.entries.filter((entry) => entry.value.defer_loading === true);
  if (array.unreadable === undefined && array.entries.length > 0 && deferred.length === array.entries.length) {
    findings.push({ messageId: 'allToolsDeferred', data: {}, node: array.node });
  }
  if (deferred.length > SEARCH.maxDeferredTools) findings.push({ messageId: 'tooManyDeferredTools', data: { count: formatCount(deferred.length) }, node: array.node });
  for (const tool of getFunctionTools(array)) {
    if (!isCalledFromCode(tool.definition)) continue;
    if (tool.definition.strict === true) {
      findings.push({ messageId: 'strictForCode', data: { name: tool.name }, node: locate(tool, ['strict']) });
    }
    const ref = findRecursiveRef(tool.definition[tool.schemaKey]);
    if (ref !== undefined) findings.push({ messageId: 'circularRefForCode', data: { name: tool.name, ref }, node: locate(tool, [tool.schemaKey]) });
  }
  return findings;
}

function checkOpenAi(array: ApiToolArray): ApiToolLimitFinding[] {
  const findings: ApiToolLimitFinding[] = [];
  for (const tool of getFunctionTools(array)) {
    if (tool.definition.strict !== true) continue;
    const problem = findStrictSchemaProblem(tool.definition[tool.schemaKey]);
    if (problem) findings.push({ messageId: problem.messageId, data: { name: tool.name, ...problem.data }, node: locate(tool, [tool.schemaKey]) });
  }
  return findings;
}

/** The custom and function tools of the array; server tools (web search, tool search, code execution) have no schema of ours. */
function getFunctionTools(array: ApiToolArray): ApiTool[] {
  const tools: ApiTool[] = [];
  for (const entry of array.entries) {
    const value = entry.value;
    if (array.vendor === 'anthropic') {
      if (typeof value.name === 'string' && 'input_schema' in value) tools.push({ entry, definition: value, definitionPath: [], name: value.name, schemaKey: 'input_schema' });
      continue;
    }
    if (value.type !== 'function') continue;
    const nested = value.function;
    if (isPlainObject(nested) && typeof nested.name === 'string') {
      tools.push({ entry, definition: nested, definitionPath: ['function'], name: nested.name, schemaKey: 'parameters' });
    } else if (typeof value.name === 'string') {
      tools.push({ entry, definition: value, definitionPath: [], name: value.name, schemaKey: 'parameters' });
    }
  }
  return tools;
}

function isCalledFromCode(definition: Readonly<Record<string, unknown>>): boolean {
  const callers = definition.allowed_callers;
  return Array.isArray(callers) && callers.some((caller) => typeof caller === 'string' && caller.startsWith(PROGRAMMATIC.callerPrefix));
}

/** The property a finding is about, when the tool is written as an object literal in this file; else the tool. */
function locate(tool: ApiTool, keys: readonly string[]): Node {
  let node: Node = tool.entry.node;
  for (const key of [...tool.definitionPath, ...keys]) {
    if (node.type !== 'ObjectExpression') return node;
    const property: TSESTree.Property | undefined = findProperty(node, key);
    if (!property) return node;
    node = key === keys[keys.length - 1] ? property : (property.value as Node);
  }
  return node;
}

/**
 * A `$ref` that leads back to a schema it is inside (`#`, or a `$defs`/`definitions` entry that reaches
 * itself), as the ref text; undefined when the schema has no recursion.
 */
export function findRecursiveRef(schema: unknown): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  const definitions = new Map<string, unknown>();
  for (const key of ['$defs', 'definitions']) {
    const defs = schema[key];
    if (isPlainObject(defs)) for (const [name, def] of Object.entries(defs)) definitions.set(`#/${key}/${name}`, def);
  }
  const refsOf = (node: unknown, skipDefinitions: boolean): string[] => {
    const refs: string[] = [];
    const visit = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (isPlainObject(value)) {
        for (const [key, child] of Object.entries(value)) {
          if (key === '$ref' && typeof child === 'string') refs.push(child);
          else if (!(skipDefinitions && value === node && (key === '$defs' || key === 'definitions'))) visit(child);
        }
      }
    };
    visit(node);
    return refs;
  };
  const edges = new Map<string, string[]>([['#', refsOf(schema, true)]]);
  for (const [ref, def] of definitions) edges.set(ref, refsOf(def, false));
  // Depth-first from the root: a ref to a schema already on the path is the recursion.
  const path: string[] = [];
  const done = new Set<string>();
  const visit = (ref: string): string | undefined => {
    if (path.includes(ref)) return ref;
    if (done.has(ref) || !edges.has(ref)) return undefined;
    path.push(ref);
    for (const next of edges.get(ref) ?? []) {
      const found = visit(next);
      if (found !== undefined) return found;
    }
    path.pop();
    done.add(ref);
    return undefined;
  };
  return visit('#');
}

interface StrictProblem {
  readonly messageId: 'strictNeedsObjectRoot' | 'strictNeedsClosedObject' | 'strictNeedsRequired';
  readonly data: Record<string, string>;
}

/** The first thing OpenAI's strict mode rejects in a function's `parameters`, in the order the API reports them. */
export function findStrictSchemaProblem(schema: unknown): StrictProblem | undefined {
  if (!isPlainObject(schema) || schema.type !== 'object' || 'anyOf' in schema) {
    const got = isPlainObject(schema) ? (typeof schema.type === 'string' ? schema.type : 'anyOf' in schema ? 'anyOf' : 'None') : 'None';
    return { messageId: 'strictNeedsObjectRoot', data: { got: `'type: "${got}"'` } };
  }
  return findInObject(schema, []);
}

function findInObject(schema: Readonly<Record<string, unknown>>, context: readonly string[]): StrictProblem | undefined {
  if (isObjectSchema(schema)) {
    if (schema.additionalProperties !== false) return { messageId: 'strictNeedsClosedObject', data: { context: formatContext(context) } };
    const properties = isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = properties.find((key) => !required.includes(key));
    if (missing !== undefined) return { messageId: 'strictNeedsRequired', data: { context: formatContext(context), key: missing } };
  }
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      if (!isPlainObject(child)) continue;
      for (const [name, sub] of Object.entries(child)) {
        const found = isPlainObject(sub) ? findInObject(sub, [...context, key, name]) : undefined;
        if (found) return found;
      }
    } else if (key === 'items' && isPlainObject(child)) {
      const found = findInObject(child, [...context, key]);
      if (found) return found;
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(child)) {
      for (const [index, sub] of child.entries()) {
        const found = isPlainObject(sub) ? findInObject(sub, [...context, key, String(index)]) : undefined;
        if (found) return found;
      }
    }
  }
  return undefined;
}

function isObjectSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (type === undefined && isPlainObject(schema.properties));
}

/** The API writes the place as a Python tuple: `()`, `('properties', 'a')`, `('items',)`. */
function formatContext(context: readonly string[]): string {
  if (context.length === 0) return '()';
  const parts = context.map((part) => `'${part}'`);
  return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
}
