/**
 * One small server per shape the runtime serves, each with the same three tools (two whose text moved to
 * `db.md`, one with nothing moved) and a count of how often each handler ran, for the gate and toolset
 * tests. Every shape is reached with the SDK's real `Client`: in memory where the shape has connections,
 * over streamable HTTP (in process, through the transport's own `handleRequest`) where sessions are ids.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { afterAll } from 'vitest';
import { serveInstructions, serveInstructionsViaRegister, type ServeInstructionsOptions } from '@toolslim/runtime';

export const DB_FAMILY = [
  '# db',
  '',
  'Usage notes for the db tools, moved out of their descriptions. Read a tool\'s section before calling it the first time.',
  '',
  'All times are UTC.',
  '',
  '## db_query',
  '',
  'Only SELECT statements run.',
  '',
  '```sql',
  '## not a heading: inside a fence',
  '```',
  '',
  '### sql',
  '',
  'One statement per call.',
  '',
  '## db_export',
  '',
  'Exports are CSV.',
  '',
].join('\n');
export const REPO_FAMILY = '# repo\n\n## repo_list\n\nSorted by name.\n';
export const INDEX = '# Tool instructions\n\n- [db](db.md): Rules for `db_query` and `db_export`.\n- [repo](repo.md): Rules for `repo_list`.\n';
export const FILES = { 'db.md': DB_FAMILY, 'repo.md': REPO_FAMILY, 'README.md': INDEX };
export const TOOLS = ['db_query', 'db_export', 'db_ping', 'db_dump', 'repo_list'] as const;

/** What `db_dump` returns: a JSON array of 8,000 rows, 797,781 bytes, 214,002 tokens (o200k_base). */
export function buildBigResult(): string {
  const rows = [];
  for (let i = 0; i < 8000; i++) rows.push({ id: i, name: 'row ' + i, note: 'Imported from the nightly export; checked by the reconciler.' });
  return JSON.stringify(rows);
}

export interface Started {
  /** A new session with its own client. */
  connect(): Promise<Client>;
  /** How many times each tool's own handler ran. */
  readonly runs: Map<string, number>;
  close(): Promise<void>;
}

export interface Shape {
  readonly name: string;
  /** False where a resource read reaches no session (fastmcp's resource loaders are given none). */
  readonly resourceReadCounts?: boolean;
  /**
   * True where the runtime only sees tool callbacks (fastmcp, a registration context): a tool that is off
   * is never registered, and a call to it gets the server's own unknown-tool answer.
   */
  readonly registersOneByOne?: boolean;
  /** `bare`: the same server without the runtime. */
  start(options: Omit<ServeInstructionsOptions, 'dir'>, bare?: boolean): Promise<Started>;
}

function counter() {
  const runs = new Map<string, number>(TOOLS.map((tool) => [tool, 0]));
  const run = (tool: string) => {
    runs.set(tool, runs.get(tool)! + 1);
    return { content: [{ type: 'text' as const, text: tool === 'db_dump' ? buildBigResult() : `${tool} ran` }] };
  };
  return { runs, run };
}

async function connectInMemory(server: { connect(transport: InMemoryTransport): Promise<unknown> }): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return client;
}

/** Streamable HTTP in process: one transport and one server per session, the way stateful servers are written. */
export function startHttp(build: () => { connect(transport: WebStandardStreamableHTTPServerTransport): Promise<unknown>; close(): Promise<unknown> }) {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const handle = async (request: Request): Promise<Response> => {
    const id = request.headers.get('mcp-session-id');
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      if (id) return new Response('unknown session', { status: 404 });
      const server = build();
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
        onsessionclosed: (sessionId) => {
          sessions.delete(sessionId);
          void server.close();
        },
      });
      transport = created;
      await server.connect(transport);
    }
    return transport.handleRequest(request);
  };
  const fetchInProcess = async (input: string | URL | Request, init?: RequestInit) => handle(new Request(input, init));
  return {
    sessions,
    async connect(): Promise<Client> {
      const client = new Client({ name: 'test-client', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: fetchInProcess }));
      return client;
    },
  };
}

export const SHAPES: Shape[] = [
  {
    name: 'McpServer',
    async start(options, bare) {
      const { runs, run } = counter();
      const build = () => {
        const server = new McpServer({ name: 'db', version: '1.0.0' });
        if (!bare) serveInstructions(server, { ...options, dir: FILES });
        server.registerTool('db_query', { description: 'Run a query.', inputSchema: { sql: z.string() } }, async () => run('db_query'));
        for (const tool of TOOLS.slice(1)) server.registerTool(tool, { description: `${tool}.` }, async () => run(tool));
        return server;
      };
      return { runs, connect: () => connectInMemory(build()), close: async () => {} };
    },
  },
  {
    name: 'low-level Server',
    async start(options, bare) {
      const { runs, run } = counter();
      const build = () => {
        const server = new Server({ name: 'db', version: '1.0.0' }, { capabilities: { tools: {} } });
        server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map((name) => ({ name, description: `${name}.`, inputSchema: { type: 'object' as const } })) }));
        server.setRequestHandler(CallToolRequestSchema, (request) => run(request.params.name));
        if (!bare) serveInstructions(server, { ...options, dir: FILES });
        return server;
      };
      return { runs, connect: () => connectInMemory(build()), close: async () => {} };
    },
  },
  {
    name: 'SDK 2 McpServer',
    async start(options, bare) {
      const { runs, run } = counter();
      const build = () => {
        const server = new McpServerV2({ name: 'db', version: '1.0.0' });
        if (!bare) serveInstructions(server, { ...options, dir: FILES });
        for (const tool of TOOLS) server.registerTool(tool, { description: `${tool}.`, inputSchema: z.object({ sql: z.string().optional() }) }, async () => run(tool));
        return server;
      };
      return { runs, connect: () => connectInMemory(build() as unknown as { connect(transport: InMemoryTransport): Promise<unknown> }), close: async () => {} };
    },
  },
  {
    name: 'wrapper-built (register callback), streamable HTTP',
    registersOneByOne: true,
    async start(options, bare) {
      const { runs, run } = counter();
      // A wrapper that builds the server and hands the app only a registration context.
      const createApp = (app: { serverOptions?: { instructions?: string }; register(context: { registerTool: McpServer['registerTool']; registerResource: McpServer['registerResource'] }): void }) =>
        startHttp(() => {
          const server = new McpServer({ name: 'app', version: '1.0.0' }, app.serverOptions as { instructions?: string } | undefined);
          app.register({ registerTool: server.registerTool.bind(server) as McpServer['registerTool'], registerResource: server.registerResource.bind(server) as McpServer['registerResource'] });
          return server;
        });
      const app: Parameters<typeof createApp>[0] = {
        register(context) {
          for (const tool of TOOLS) context.registerTool(tool, { description: `${tool}.` }, async () => run(tool));
        },
      };
      const http = createApp(bare ? app : serveInstructionsViaRegister(app, { ...options, dir: FILES }));
      return { runs, connect: () => http.connect(), close: async () => {} };
    },
  },
  {
    name: 'fastmcp, streamable HTTP',
    // fastmcp's HTTP stack cannot load under vitest's `source` condition: the server runs in a plain Node
    // process (fastmcp is a dev dependency of core, not of the runtime) and says on stdout which tool ran.
    resourceReadCounts: false,
    registersOneByOne: true,
    async start(options, bare) {
      const { runs } = counter();
      const requireFromCore = createRequire(path.join(import.meta.dirname, '../../../core/package.json'));
      const runtime = pathToFileURL(path.join(import.meta.dirname, '../../dist/index.js')).href;
      const script = `import { FastMCP } from ${JSON.stringify(pathToFileURL(requireFromCore.resolve('fastmcp')).href)};
import { serveFastMcpInstructions } from ${JSON.stringify(runtime)};
const { options, files, tools, bare } = JSON.parse(process.argv.at(-1));
const created = new FastMCP({ name: 'db', version: '1.0.0' });
const server = bare ? created : serveFastMcpInstructions(created, { ...options, dir: files });
const buildBigResult = ${buildBigResult.toString()};
for (const name of tools) server.addTool({ name, description: name + '.', execute: async () => { process.stdout.write('ran ' + name + '\\n'); return name === 'db_dump' ? buildBigResult() : name + ' ran'; } });
const port = 42000 + Math.floor(Math.random() * 8000);
await server.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1' } });
process.stdout.write('listening ' + port + '\\n');
`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, JSON.stringify({ options, files: FILES, tools: TOOLS, bare })], { stdio: ['ignore', 'pipe', 'pipe'] });
      const port = await new Promise<number>((resolve, reject) => {
        let buffered = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          buffered += chunk;
          let newline: number;
          while ((newline = buffered.indexOf('\n')) !== -1) {
            const line = buffered.slice(0, newline);
            buffered = buffered.slice(newline + 1);
            if (line.startsWith('listening ')) resolve(Number(line.slice('listening '.length)));
            if (line.startsWith('ran ')) runs.set(line.slice(4), (runs.get(line.slice(4)) ?? 0) + 1);
          }
        });
        let errors = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
        child.once('exit', (code) => reject(new Error(`the fastmcp server exited (${code}): ${errors}`)));
      });
      return {
        runs,
        async connect() {
          const client = new Client({ name: 'test-client', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
          return client;
        },
        async close() {
          child.kill();
          await once(child, 'exit');
        },
      };
    },
  },
];

/**
 * The servers and clients one `describe` block starts on a shape, every one closed after the block:
 * `start` a server, `connect` a client to it, or `open` both at once.
 */
export function useShape(shape: Shape) {
  const started: Started[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(started.map((server) => server.close()));
  });
  const start = async (options: Parameters<Shape['start']>[0] = {}, bare?: boolean): Promise<Started> => {
    const server = await shape.start(options, bare);
    started.push(server);
    return server;
  };
  const connect = async (server: Started): Promise<Client> => {
    const client = await server.connect();
    clients.push(client);
    return client;
  };
  const open = async (options: Parameters<Shape['start']>[0] = {}, bare?: boolean) => {
    const server = await start(options, bare);
    return { server, client: await connect(server) };
  };
  return { start, connect, open };
}
