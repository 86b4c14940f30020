/**
 * Tool arrays sent to model APIs: the `tools` of an Anthropic Messages request or an OpenAI Chat
 * Completions / Responses request, found at the request call and read backwards (inline, a constant of
 * the file, a constant of another module through the module resolver, spreads of those).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { findProperty, unwrap, walk, type Program } from '../ast.js';
import type { Node } from '../model.js';
import { evaluateValue, isPlainObject, Unreadable, type ValueContext } from '../schema/static-value.js';
import { Scope } from '../text/scope.js';

export type ApiVendor = 'anthropic' | 'openai';

/** One element of a request's tool array: where it is written (when in this file) and its value. */
export interface ApiToolEntry {
  /** The element expression when it is written in this file; else the `tools` expression. */
  readonly node: Node;
  readonly value: Readonly<Record<string, unknown>>;
}

/** The tools of one request call. `unreadable` says why some or all of them cannot be known statically. */
export interface ApiToolArray {
  readonly vendor: ApiVendor;
  readonly call: TSESTree.CallExpression;
  /** The expression of the `tools` field, where reports about the whole array go. */
  readonly node: Node;
  readonly entries: readonly ApiToolEntry[];
  readonly unreadable?: string;
}

/** Method chains of the SDKs' request calls, by vendor: the end of `client.beta.messages.create(…)`. */
const REQUEST_METHODS: ReadonlyArray<{ readonly vendor: ApiVendor; readonly chain: readonly string[] }> = [
  { vendor: 'anthropic', chain: ['messages', 'create'] },
  { vendor: 'anthropic', chain: ['messages', 'stream'] },
  { vendor: 'anthropic', chain: ['messages', 'countTokens'] },
  { vendor: 'anthropic', chain: ['messages', 'toolRunner'] },
  { vendor: 'openai', chain: ['completions', 'create'] },
  { vendor: 'openai', chain: ['completions', 'parse'] },
  { vendor: 'openai', chain: ['completions', 'stream'] },
  { vendor: 'openai', chain: ['completions', 'runTools'] },
  { vendor: 'openai', chain: ['responses', 'create'] },
  { vendor: 'openai', chain: ['responses', 'parse'] },
  { vendor: 'openai', chain: ['responses', 'stream'] },
];

/** Packages whose clients make those calls; a file must import one, so another library's `messages.create` is not read. */
const SDK_PACKAGES = /^(?:@anthropic-ai\/(?:sdk|bedrock-sdk|vertex-sdk|foundry-sdk)|openai)(?:\/|$)/;

export function findApiToolArrays(program: Program, context: ValueContext): ApiToolArray[] {
  if (!importsModelSdk(program)) return [];
  const arrays: ApiToolArray[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const vendor = getRequestVendor(node.callee);
    if (!vendor) return;
    const request = getRequestObject(node.arguments[0], program);
    const toolsProperty = request && findProperty(request, 'tools');
    if (!toolsProperty) return;
    arrays.push(readToolArray(vendor, node, toolsProperty.value as Node, program, context));
  });
  return arrays;
}

/** Top-level imports and `require`s only: cheap enough for every keystroke, and where SDK clients are imported. */
function importsModelSdk(program: Program): boolean {
  return program.body.some((statement) => {
    if (statement.type === 'ImportDeclaration') return SDK_PACKAGES.test(String(statement.source.value));
    if (statement.type !== 'VariableDeclaration') return false;
    return statement.declarations.some((declarator) => {
      const init = declarator.init && unwrap(declarator.init);
      const call = init?.type === 'CallExpression' ? init : undefined;
      const source = call?.callee.type === 'Identifier' && call.callee.name === 'require' ? call.arguments[0] : undefined;
      return source?.type === 'Literal' && typeof source.value === 'string' && SDK_PACKAGES.test(source.value);
    });
  });
}

function getRequestVendor(callee: Node): ApiVendor | undefined {
  const chain: string[] = [];
  let current: Node = callee;
  while (current.type === 'MemberExpression' && !current.computed && current.property.type === 'Identifier') {
    chain.unshift(current.property.name);
    current = current.object;
  }
  for (const method of REQUEST_METHODS) {
    const tail = chain.slice(-method.chain.length);
    if (tail.length === method.chain.length && tail.every((part, index) => part === method.chain[index])) {
      // `chat.completions.*` and `responses.*` are OpenAI's; `messages.*` is Anthropic's.
      if (method.chain[0] === 'completions' && chain[chain.length - 3] !== 'chat') continue;
      return method.vendor;
    }
  }
  return undefined;
}

/** The request body: an object literal, or a constant of the file that holds one. */
function getRequestObject(argument: Node | undefined, program: Program): TSESTree.ObjectExpression | undefined {
  const node = argument && resolveLocal(unwrap(argument), program);
  return node?.type === 'ObjectExpression' ? node : undefined;
}

function resolveLocal(node: Node, program: Program, depth = 0): Node {
  if (node.type !== 'Identifier' || depth > 8) return node;
  const init = Scope.of(program).resolve(node);
  return init ? resolveLocal(unwrap(init), program, depth + 1) : node;
}

function readToolArray(vendor: ApiVendor, call: TSESTree.CallExpression, toolsNode: Node, program: Program, context: ValueContext): ApiToolArray {
  const entries: ApiToolEntry[] = [];
  const reasons: string[] = [];
  const addValue = (value: unknown, node: Node) => {
    if (value instanceof Unreadable) reasons.push(value.reason);
    else if (isPlainObject(value)) entries.push({ node, value });
    else reasons.push('an element is not an object');
  };
  const readElements = (expression: Node, depth: number) => {
    const node = resolveLocal(unwrap(expression), program);
    if (node.type === 'ArrayExpression' && depth < 8) {
      for (const element of node.elements) {
        if (!element) continue;
        if (element.type === 'SpreadElement') readElements(element.argument, depth + 1);
        else addValue(evaluateValue(element, context), element);
      }
      return;
    }
    // Written elsewhere (another module, a helper's result): the values are read, their nodes are not here.
    const value = evaluateValue(node, context);
    if (value instanceof Unreadable) reasons.push(value.reason);
    else if (Array.isArray(value)) for (const element of value) addValue(element, toolsNode);
    else reasons.push('`tools` is not an array');
  };
  readElements(toolsNode, 0);
  return { vendor, call, node: toolsNode, entries, ...(reasons.length > 0 ? { unreadable: reasons[0] } : {}) };
}
