/**
 * Test harness for the schema tests: write a source file, import it for real (so a real server
 * registers tools from exactly that text), parse the same text, and read what a server puts on the
 * wire for `tools/list` (the raw JSON-RPC message, before the client parses and reorders it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { TSESTree } from '@typescript-eslint/types';
import { afterAll } from 'vitest';
import { findProperty, getCalleeName, parseSource, unwrap, walk, type Program } from '../src/ast.js';
import type { Framework, JsonObject, Node, PublishedTool, TextValue, ToolDecl } from '../src/model.js';
import { buildPublishedTool } from '../src/published.js';
import { evaluateSchema, type SchemaContext } from '../src/schema/index.js';
import { evaluateValue } from '../src/schema/static-value.js';
import { evaluateText } from '../src/text/index.js';

const coreDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside core's node_modules so that `zod`, the SDK and the other libraries resolve from the written file.
const workDir = join(coreDir, 'node_modules', '.cache', 'toolslim-schema-tests');

/** Case folders this test file wrote; removed when it ends (other files run in parallel, so only ours). */
const createdDirs: string[] = [];
afterAll(() => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});

export interface LoadedSource {
  readonly module: Record<string, unknown>;
  readonly program: Program;
  readonly code: string;
  readonly filePath: string;
}

/** Write `code` to a fresh file, import it, and parse it. */
export async function loadSource(code: string, extension = '.mjs', importHere = true): Promise<LoadedSource> {
  mkdirSync(workDir, { recursive: true });
  const dir = mkdtempSync(join(workDir, 'case-'));
  createdDirs.push(dir);
  const filePath = join(dir, `source${extension}`);
  writeFileSync(filePath, code);
  const module = importHere ? ((await import(pathToFileURL(filePath).href)) as Record<string, unknown>) : {};
  return { module, program: parseSource(code, filePath), code, filePath };
}

/**
 * Run an ES module next to a loaded source in a plain Node process and parse what it prints as JSON.
 * Vitest's workers resolve packages with the `source` condition, which some dependencies of fastmcp
 * and the AI SDK map to TypeScript files Node cannot load; a plain process loads them as published.
 */
export function runInPlainNode(loaded: LoadedSource, script: string): unknown {
  const scriptPath = join(dirname(loaded.filePath), 'probe.mjs');
  writeFileSync(scriptPath, script);
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const result = spawnSync(process.execPath, [scriptPath], { cwd: dirname(scriptPath), env, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`probe failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Script text that connects `server` to a real Client in memory and prints the tools exactly as sent. */
export const PRINT_WIRE_TOOLS = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
async function printWireTools(server) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sent = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = async (message, options) => { sent.push(JSON.stringify(message)); return send(message, options); };
  const client = new Client({ name: 'toolslim-test', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  await client.listTools().catch(() => undefined);
  const raw = sent.map((m) => JSON.parse(m)).find((m) => m.result && m.result.tools);
  process.stdout.write(JSON.stringify(raw.result.tools));
  await client.close();
  process.exit(0);
}
`;

export function getContext(loaded: LoadedSource, zodVersion: 3 | 4 = 4): SchemaContext {
  return { program: loaded.program, filePath: loaded.filePath, zodVersion };
}

/** Connect a server object (McpServer, Server or FastMCP) to a real Client and return the tools exactly as sent. */
export async function listToolsOnWire(server: { connect(transport: Transport): Promise<unknown> }): Promise<JsonObject[]> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sent: string[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = async (message, options) => {
    sent.push(JSON.stringify(message));
    return send(message, options);
  };
  const client = new Client({ name: 'toolslim-test', version: '1.0.0' });
  // FastMCP's session waits for the client's initialisation, so both sides connect together.
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  // The client validates the list (a tool whose schema is a top-level `$ref` fails there); the wire is what counts.
  await client.listTools().catch(() => undefined);
  await client.close();
  const raw = sent.map((m) => JSON.parse(m) as { result?: { tools?: JsonObject[] } }).find((m) => m.result?.tools);
  if (!raw?.result?.tools) throw new Error('tools/list response not seen on the wire');
  return raw.result.tools;
}

/** Every call of `method` in the program (`server.registerTool(…)`, `server.tool(…)`, `server.addTool(…)`). */
export function findCalls(program: Program, method: string): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'CallExpression' && getCalleeName(node.callee) === method) calls.push(node);
  });
  return calls;
}

/** Every object literal with a `name` key and one of the given schema keys (low-level tool objects, fastmcp tools). */
export function findToolObjects(program: Program, schemaKey: string): TSESTree.ObjectExpression[] {
  const found: TSESTree.ObjectExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'ObjectExpression' && findProperty(node, 'name') && findProperty(node, schemaKey)) found.push(node);
  });
  return found;
}

interface DeclParts {
  readonly node: Node;
  readonly name: Node;
  /** The name when it is not a text expression (a record key). */
  readonly nameText?: TextValue;
  readonly description?: Node;
  readonly title?: Node;
  readonly inputSchema?: Node;
  readonly outputSchema?: Node;
  readonly annotations?: Node;
}

/** A ToolDecl as the detector would build it, from the nodes of a declaration. */
export function buildDecl(framework: Framework, parts: DeclParts, context: SchemaContext): ToolDecl {
  const input = parts.inputSchema ? evaluateSchema(parts.inputSchema, framework, context) : undefined;
  const output = parts.outputSchema ? evaluateSchema(parts.outputSchema, framework, context, 'output') : undefined;
  const annotations = parts.annotations ? (evaluateValue(parts.annotations, context) as JsonObject) : undefined;
  return {
    framework,
    node: parts.node,
    name: parts.nameText ?? evaluateText(parts.name, context),
    nameNode: parts.name,
    title: parts.title ? evaluateText(parts.title, context) : undefined,
    description: parts.description ? evaluateText(parts.description, context) : undefined,
    params: input?.params ?? [],
    inputSchema: input?.schema ?? { kind: 'none' },
    outputSchema: output?.schema ?? { kind: 'none' },
    annotations,
    annotationsNode: parts.annotations,
    handler: undefined,
    server: undefined,
    line: parts.node.loc.start.line,
    column: parts.node.loc.start.column,
  };
}

/** `server.registerTool(name, { title, description, inputSchema, outputSchema, annotations }, cb)`. */
export function buildRegisterToolDecl(call: TSESTree.CallExpression, context: SchemaContext): ToolDecl {
  const config = unwrap(call.arguments[1]) as TSESTree.ObjectExpression;
  const get = (key: string) => findProperty(config, key)?.value;
  return buildDecl(
    'mcp-sdk',
    { node: call, name: call.arguments[0], title: get('title'), description: get('description'), inputSchema: get('inputSchema'), outputSchema: get('outputSchema'), annotations: get('annotations') },
    context,
  );
}

/** `server.tool(name, description?, shape?, annotations?, cb)` with literal description and object arguments. */
export function buildToolCallDecl(call: TSESTree.CallExpression, context: SchemaContext): ToolDecl {
  const [name, ...rest] = call.arguments;
  const description = rest[0] && isStringNode(rest[0]) ? rest.shift() : undefined;
  const objects = rest.slice(0, -1);
  return buildDecl('mcp-sdk', { node: call, name, description, inputSchema: objects[0], annotations: objects[1] }, context);
}

/** A tool object literal `{ name, description, <schemaKey>, … }` of the given framework. */
export function buildObjectDecl(framework: Framework, object: TSESTree.ObjectExpression, schemaKey: string, context: SchemaContext): ToolDecl {
  const get = (key: string) => findProperty(object, key)?.value;
  return buildDecl(
    framework,
    { node: object, name: get('name')!, title: get('title'), description: get('description'), inputSchema: get(schemaKey), outputSchema: get('outputSchema'), annotations: get('annotations') },
    context,
  );
}

function isStringNode(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateLiteral';
}

/** The static tool a declaration publishes, failing loudly when it is not fully static. */
export function publish(decl: ToolDecl): PublishedTool {
  const result = buildPublishedTool(decl);
  if (!result.tool || result.dynamic) throw new Error(`not static: ${result.reasons.join('; ')}`);
  return result.tool;
}

export function getName(tool: JsonObject): string {
  return String(tool.name);
}
