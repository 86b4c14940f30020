// The first-use gate on every server shape the runtime serves, with the SDK's real client: the first call
// of a tool whose text moved answers with that text and does not run; the next call runs; a family read
// first is not gated; a tool with nothing moved never is; concurrent first calls show the text once.
import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { parseFamilySections } from '../src/gate/family-sections.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { serveInstructions } from '@toolslim/runtime';
import { DB_FAMILY, FILES, SHAPES, useShape } from './support/gate-servers.js';

type CallResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;
const textOf = (result: CallResult) => result.content.map((part) => part.text ?? '').join('');

describe('parseFamilySections', () => {
  it('splits a family file into shared notes and one section per tool, with fences and subsections kept', () => {
    const { shared, sections } = parseFamilySections(DB_FAMILY);
    expect(shared).toBe("# db\n\nUsage notes for the db tools, moved out of their descriptions. Read a tool's section before calling it the first time.\n\nAll times are UTC.");
    expect([...sections.keys()]).toEqual(['db_query', 'db_export']);
    expect(sections.get('db_query')).toBe('## db_query\n\nOnly SELECT statements run.\n\n```sql\n## not a heading: inside a fence\n```\n\n### sql\n\nOne statement per call.');
    expect(sections.get('db_export')).toBe('## db_export\n\nExports are CSV.');
  });

  it('reads escaped headings as a reader sees them, and a file with no sections as all shared', () => {
    expect([...parseFamilySections('# x\n\n## a\\_b\n\ntext\n').sections.keys()]).toEqual(['a_b']);
    expect(parseFamilySections('# x\n\nonly notes\n')).toEqual({ shared: '# x\n\nonly notes', sections: new Map() });
  });
});

describe.each(SHAPES)('the first-use gate on $name', (shape) => {
  const { start, connect } = useShape(shape);

  it('answers the first call with the moved text and does not run it; the next call runs', async () => {
    const server = await start();
    const client = await connect(server);
    const first = await call(client, 'db_query', { sql: 'select 1' });
    expect(first.isError).toBe(true);
    const text = textOf(first);
    expect(text).toContain('Only SELECT statements run.');
    expect(text).toContain('One statement per call.');
    expect(text).toContain('All times are UTC.');
    expect(text).not.toContain('Exports are CSV.');
    expect(server.runs.get('db_query')).toBe(0);
    const second = await call(client, 'db_query', { sql: 'select 1' });
    expect(second.isError).toBeFalsy();
    expect(textOf(second)).toBe('db_query ran');
    expect(server.runs.get('db_query')).toBe(1);
    // Each session is gated on its own.
    const other = await connect(server);
    expect((await call(other, 'db_query', { sql: 'select 1' })).isError).toBe(true);
    expect(server.runs.get('db_query')).toBe(1);
  });

  it('never gates a tool with nothing moved', async () => {
    const server = await start();
    const client = await connect(server);
    expect(textOf(await call(client, 'db_ping'))).toBe('db_ping ran');
    expect(server.runs.get('db_ping')).toBe(1);
  });

  it('does not gate a family the session read through read_instructions', async () => {
    const server = await start();
    const client = await connect(server);
    expect(textOf(await call(client, 'read_instructions', { family: 'db' }))).toBe(DB_FAMILY);
    expect(textOf(await call(client, 'db_export'))).toBe('db_export ran');
    expect(textOf(await call(client, 'db_query', { sql: 'select 1' }))).toBe('db_query ran');
    // Another family is still gated.
    expect((await call(client, 'repo_list')).isError).toBe(true);
  });

  it(shape.resourceReadCounts === false ? 'serves the family as a resource (a read there reaches no session: the tool still gates)' : 'does not gate a family the session read as a resource', async () => {
    const server = await start();
    const client = await connect(server);
    expect((await client.readResource({ uri: 'instructions://db' })).contents[0]).toMatchObject({ text: DB_FAMILY });
    expect(Boolean((await call(client, 'db_export')).isError)).toBe(shape.resourceReadCounts === false);
  });

  it('shows the text once to concurrent first calls and runs each of the others once', async () => {
    const server = await start();
    const client = await connect(server);
    const results = await Promise.all(Array.from({ length: 5 }, () => call(client, 'db_query', { sql: 'select 1' })));
    expect(results.filter((result) => result.isError)).toHaveLength(1);
    expect(results.filter((result) => textOf(result) === 'db_query ran')).toHaveLength(4);
    expect(server.runs.get('db_query')).toBe(4);
  });

  it('can be turned off, or off for one tool', async () => {
    const off = await start({ gate: false });
    expect(textOf(await call(await connect(off), 'db_query', { sql: 'select 1' }))).toBe('db_query ran');
    const perTool = await start({ gate: { tools: { db_query: false } } });
    const client = await connect(perTool);
    expect(textOf(await call(client, 'db_query', { sql: 'select 1' }))).toBe('db_query ran');
    expect((await call(client, 'db_export')).isError).toBe(true);
  });
});

describe('stateless streamable HTTP', () => {
  it('gates nothing: a request belongs to no session, so the first call runs', async () => {
    let runs = 0;
    // A new server and a transport with no session ids for every request, the usual stateless setup.
    const handle = async (request: Request) => {
      const server = new McpServer({ name: 'db', version: '1.0.0' });
      serveInstructions(server, { dir: FILES });
      server.registerTool('db_query', { description: 'Run a query.' }, async () => {
        runs++;
        return { content: [{ type: 'text', text: 'db_query ran' }] };
      });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      return transport.handleRequest(request);
    };
    const client = new SdkClient({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: async (input, init) => handle(new Request(input, init)) }));
    expect(textOf(await call(client, 'db_query'))).toBe('db_query ran');
    expect(runs).toBe(1);
    await client.close();
  });
});
