/**
 * MCP Apps (`@modelcontextprotocol/ext-apps/server`): `registerAppTool(server, name, config, cb)` calls
 * `server.registerTool(name, { ...config, _meta }, cb)`, where `_meta` names the tool's UI resource under
 * both of its keys: `_meta.ui.resourceUri` and the older `_meta["ui/resourceUri"]`, each added when only the
 * other is written. The rest of `_meta` (`ui.visibility`, …) is published as written.
 *
 * Bundles that inline ext-apps call it under a minified name (`j(server, "display_pdf", {…}, cb)`): any
 * top-level function of the file that forwards its parameters to `registerTool` — the config as is, or
 * `{ ...config, _meta: … }` — is read the same way (`findRegistrarForwarders`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import { getPropertyName, unwrap, type Program } from '../ast.js';
import type { JsonObject, JsonValue, Node, ToolDecl } from '../model.js';
import { isPlainObject } from '../schema/static-value.js';
import { readMeta, type FoundTool } from './build.js';
import { buildRegisteredTool } from './mcp-sdk.js';
import type { Candidate } from './collect.js';
import { findEnclosingClassBody, type DetectContext } from './context.js';

/** The older key of the UI resource (ext-apps' `RESOURCE_URI_META_KEY`). */
const RESOURCE_URI_META_KEY = 'ui/resourceUri';

/** Where a registrar takes each part, and what it does to `_meta` before `registerTool` gets it. */
export interface Registrar {
  readonly receiver: number;
  readonly name: number;
  readonly config: number;
  readonly handler: number | undefined;
  /** `as-written`: the config is passed on; `ext-apps`: ext-apps' UI-resource keys; `unknown`: a `_meta` computed by code not read here. */
  readonly meta: 'as-written' | 'ext-apps' | 'unknown';
  /** Where the registrar is written, for reasons. */
  readonly line: number;
}

/** ext-apps' own `registerAppTool(server, name, config, cb)`. */
export const REGISTER_APP_TOOL: Registrar = { receiver: 0, name: 1, config: 2, handler: 3, meta: 'ext-apps', line: 0 };

export function detectRegistrarCall(candidate: Candidate<TSESTree.CallExpression>, registrar: Registrar, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  // A file's own registrar is called by its name; ext-apps' also as tsc writes an import (`(0, server_1.registerAppTool)(…)`).
  if (registrar !== REGISTER_APP_TOOL && unwrap(call.callee).type !== 'Identifier') return undefined;
  const args = call.arguments;
  if (args.some((a) => a.type === 'SpreadElement')) return undefined;
  const receiver = args[registrar.receiver] as Node | undefined;
  const nameArg = args[registrar.name] as Node | undefined;
  const configArg = args[registrar.config] as Node | undefined;
  if (!receiver || !nameArg || !configArg) return undefined;
  const name = unwrap(nameArg);
  if (name.type === 'ObjectExpression' || name.type === 'ArrowFunctionExpression' || name.type === 'FunctionExpression') return undefined;
  const config = context.resolveObject(configArg);
  if (!config) return undefined;
  return buildRegisteredTool(
    {
      call,
      nameArg,
      configArg,
      config,
      handler: registrar.handler === undefined ? undefined : (args[registrar.handler] as Node | undefined),
      receiver,
      classBody: findEnclosingClassBody(candidate.ancestors),
    },
    context,
    (node) => readRegistrarMeta(node, registrar, context),
  );
}

function readRegistrarMeta(node: Node | undefined, registrar: Registrar, context: DetectContext): ToolDecl['meta'] {
  if (registrar.meta === 'unknown') {
    return { kind: 'unreadable', reason: `\`_meta\` is rewritten by the registrar function at line ${registrar.line}, which toolslim does not run` };
  }
  const meta = readMeta(node, context);
  if (registrar.meta === 'as-written') return meta;
  // ext-apps reads `config._meta.ui`: a config without `_meta` throws, and no tool is registered.
  if (!meta) return { kind: 'unreadable', reason: 'registerAppTool needs a `_meta` object' };
  return meta.kind === 'static' ? { kind: 'static', json: withResourceUriKeys(meta.json) } : meta;
}

/** What ext-apps does to `_meta`: the UI resource under both keys, each added when only the other is written. */
export function withResourceUriKeys(meta: JsonObject): JsonObject {
  const ui = meta.ui;
  const uri = isPlainObject(ui) ? (ui as JsonObject).resourceUri : undefined;
  const legacy = meta[RESOURCE_URI_META_KEY];
  if (isTruthy(uri) && !isTruthy(legacy)) return { ...meta, [RESOURCE_URI_META_KEY]: uri! };
  if (isTruthy(legacy) && !isTruthy(uri)) return { ...meta, ui: { ...(isPlainObject(ui) ? (ui as JsonObject) : {}), resourceUri: legacy! } };
  return meta;
}

function isTruthy(value: JsonValue | undefined): boolean {
  return value !== undefined && value !== null && value !== false && value !== '' && value !== 0;
}

/**
 * Top-level functions of the file that register a tool with their own parameters:
 * `function j(B, Q, F, V) { …; return B.registerTool(Q, { ...F, _meta: $ }, V); }`. Keyed by name.
 */
export function findRegistrarForwarders(program: Program): Map<string, Registrar> {
  const out = new Map<string, Registrar>();
  // Top-level constants holding ext-apps' older key (`var D = "ui/resourceUri"` in a bundle).
  const keyNames = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const d of statement.declarations) {
      if (d.id.type === 'Identifier' && d.init?.type === 'Literal' && d.init.value === RESOURCE_URI_META_KEY) keyNames.add(d.id.name);
    }
  }
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
      const registrar = readForwarder(declaration, keyNames);
      if (registrar) out.set(declaration.id.name, registrar);
    } else if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const') {
      // `const register = (server, name, config, cb) => server.registerTool(name, config, cb);`
      for (const d of declaration.declarations) {
        const init = d.init ? unwrap(d.init) : undefined;
        if (d.id.type !== 'Identifier' || (init?.type !== 'ArrowFunctionExpression' && init?.type !== 'FunctionExpression')) continue;
        const registrar = readForwarder(init, keyNames);
        if (registrar) out.set(d.id.name, registrar);
      }
    }
  }
  return out;
}

type RegistrarFunction = TSESTree.FunctionDeclaration | TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;

function readForwarder(fn: RegistrarFunction, keyNames: ReadonlySet<string>): Registrar | undefined {
  const params = fn.params.map((p) => (p.type === 'Identifier' ? p.name : undefined));
  if (params.length < 3 || params.length > 6 || params.some((p) => p === undefined)) return undefined;
  const last = fn.body.type === 'BlockStatement' ? fn.body.body.at(-1) : undefined;
  const expression =
    fn.body.type !== 'BlockStatement' ? fn.body : last?.type === 'ReturnStatement' ? last.argument : last?.type === 'ExpressionStatement' ? last.expression : undefined;
  if (!expression) return undefined;
  const call = unwrap(expression);
  if (call.type !== 'CallExpression' || call.arguments.length < 2) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'registerTool') return undefined;
  const indexOf = (node: Node | undefined): number => {
    const n = node ? unwrap(node) : undefined;
    return n?.type === 'Identifier' ? params.indexOf(n.name) : -1;
  };
  const receiver = indexOf(callee.object);
  const name = indexOf(call.arguments[0]);
  const handler = call.arguments[2] ? indexOf(call.arguments[2]) : undefined;
  if (receiver < 0 || name < 0 || handler === -1) return undefined;
  const line = fn.loc?.start.line ?? 0;
  const configArg = unwrap(call.arguments[1]);
  const direct = indexOf(configArg);
  if (direct >= 0) return { receiver, name, config: direct, handler, meta: 'as-written', line };
  // `{ ...config, _meta: … }`: the config spread first, then `_meta` replaced.
  if (configArg.type !== 'ObjectExpression' || configArg.properties.length !== 2) return undefined;
  const [spread, meta] = configArg.properties;
  if (spread.type !== 'SpreadElement' || meta.type !== 'Property' || getPropertyName(meta) !== '_meta') return undefined;
  const config = indexOf(spread.argument);
  if (config < 0) return undefined;
  return { receiver, name, config, handler, meta: isExtAppsRewrite(fn.body, keyNames) ? 'ext-apps' : 'unknown', line };
}

/**
 * ext-apps' `_meta` rewrite reads `resourceUri` and writes the `"ui/resourceUri"` key (written out or as a
 * top-level constant); a registrar that does not rewrites `_meta` some other way, which is not read.
 */
function isExtAppsRewrite(body: Node, keyNames: ReadonlySet<string>): boolean {
  let uri = false;
  let key = false;
  const stack: Node[] = [body];
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (node.type === 'Identifier' && node.name === 'resourceUri') uri = true;
    if ((node.type === 'Literal' && node.value === RESOURCE_URI_META_KEY) || (node.type === 'Identifier' && keyNames.has(node.name))) key = true;
    if (uri && key) return true;
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) {
        if (c && typeof (c as Node).type === 'string') stack.push(c as Node);
      }
    }
  }
  return false;
}
