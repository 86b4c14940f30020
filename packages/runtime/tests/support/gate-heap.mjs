// Opens, gates and closes streamable HTTP sessions on an McpServer served by the runtime (one server and
// one transport per session, the usual stateful setup), and prints the heap after a forced collection:
// after a warm-up, and after `count` more sessions. Run with --expose-gc. With `leak`, each closed session's
// transport is kept (a positive control: what a per-session leak looks like at this scale).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { serveInstructions } from '../../dist/index.js';

const [count, warmup, mode] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const files = {
  'README.md': '# Tool instructions\n\n- [db](db.md): Rules for `db_query`.\n',
  'db.md': '# db\n\nAll times are UTC.\n\n## db_query\n\nOnly SELECT statements run.\n',
};
const sessions = new Map();
const kept = [];
let gated = 0;

async function handle(request) {
  const id = request.headers.get('mcp-session-id');
  let transport = id ? sessions.get(id) : undefined;
  if (!transport) {
    if (id) return new Response('unknown session', { status: 404 });
    const server = new McpServer({ name: 'db', version: '1.0.0' });
    if (mode !== 'bare') serveInstructions(server, { dir: files });
    server.registerTool('db_query', { description: 'Run a query.' }, async () => ({ content: [{ type: 'text', text: 'ran' }] }));
    const created = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
        if (mode === 'leak') kept.push(created);
        void server.close();
      },
    });
    transport = created;
    await server.connect(transport);
  }
  return transport.handleRequest(request);
}
const URL_ = 'http://127.0.0.1/mcp';

/** One session by hand, as a client sends it: initialize, initialized, the tool call, and DELETE to close. */
async function session() {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body, sessionId) =>
    handle(new Request(URL_, { method: 'POST', headers: { ...headers, ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}) }, body: JSON.stringify(body) }));
  const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'heap', version: '1.0.0' } } });
  const sessionId = init.headers.get('mcp-session-id');
  await init.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)).text();
  const call = await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'db_query', arguments: {} } }, sessionId)).json();
  if (call.result?.isError) gated++;
  await (await handle(new Request(URL_, { method: 'DELETE', headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } }))).text();
}

function heap() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

for (let i = 0; i < warmup; i++) await session();
const before = heap();
for (let i = 0; i < count; i++) await session();
const after = heap();
process.stdout.write(`${JSON.stringify({ before, after, gated, open: sessions.size })}\n`);
