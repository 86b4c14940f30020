import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema, CallToolRequestSchema, ListResourcesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createInstructionsCatalog, findInstructionFamilies, findInstructionsDir, loadInstructionsIndex, serveInstructionResources, serveInstructions } from '@toolslim/runtime';

// Shaped like the codemod's output: markdown with headings, lists, code and non-ASCII text, which must come back byte for byte.
const FAMILIES: Record<string, string> = {
  files: '# files\n\n## read_file\n\nPaths are relative to the workspace root.\n\n- Binary files are refused.\n- Lines end in `\\n`.\n',
  search: '# search\n\n## search_code\n\n```\nquery: "foo" path:src/\n```\n\nRésultats triés par pertinence.\n',
  'web-fetch': '# web-fetch\n\n## fetch_url\n\nOnly https.\n',
};
const INDEX = '# Tool instructions\n\n- [files](files.md): reading files.\n- [search](search.md): searching code.\n- [web-fetch](web-fetch.md): fetching pages.\n';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolslim-instructions-'));
  await Promise.all(Object.entries(FAMILIES).map(([family, text]) => writeFile(path.join(dir, `${family}.md`), text)));
  await writeFile(path.join(dir, 'README.md'), INDEX);
  await writeFile(path.join(dir, 'notes.txt'), 'not markdown');
  await mkdir(path.join(dir, 'nested.md'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function connect(server: McpServer | Server): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return client;
}

describe('loadInstructionsIndex', () => {
  it('returns the index verbatim plus one pointer sentence', () => {
    const index = loadInstructionsIndex(dir);
    expect(index.startsWith(INDEX)).toBe(true);
    expect(index.slice(INDEX.length)).toBe(
      "\nBefore the first call to a tool of one of these families, read that family's instructions with the `read_instructions` tool (`family` = the family's name) or the `instructions://<family>` resource.\n",
    );
  });

  it('leaves the index alone when it already names the tool or when asked to', async () => {
    expect(loadInstructionsIndex(dir, { appendPointer: false })).toBe(INDEX);
    expect(loadInstructionsIndex(dir, { toolName: 'Tool' })).toBe(INDEX);
  });

  it('lists the families when there is no index, and accepts a file URL', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'toolslim-bare-'));
    await writeFile(path.join(bare, 'b.md'), 'B');
    await writeFile(path.join(bare, 'a.md'), 'A');
    expect(loadInstructionsIndex(pathToFileURL(bare), { appendPointer: false })).toBe('Instructions are available for these tool families: a, b.\n');
    await rm(bare, { recursive: true });
  });

  it('throws for a folder that does not exist', () => {
    expect(() => loadInstructionsIndex(path.join(dir, 'missing'))).toThrow(/ENOENT/);
  });
});

describe('serveInstructions on an McpServer', () => {
  it('serves the index as the server instructions, each family as a resource and through read_instructions', async () => {
    const instructions = loadInstructionsIndex(dir);
    const server = new McpServer({ name: 'docs', version: '1.0.0' }, { instructions });
    const served = serveInstructions(server, { dir });
    expect(served).toEqual({ families: ['files', 'search', 'web-fetch'], instructions });
    const client = await connect(server);

    expect(client.getInstructions()).toBe(instructions);

    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['instructions://files', 'instructions://search', 'instructions://web-fetch']);
    for (const [family, text] of Object.entries(FAMILIES)) {
      const read = await client.readResource({ uri: `instructions://${family}` });
      expect(read.contents).toEqual([{ uri: `instructions://${family}`, mimeType: 'text/markdown', text }]);
    }

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0].name).toBe('read_instructions');
    expect(tools[0].description!.length).toBeLessThan(100);
    expect(tools[0].inputSchema.properties).toEqual({ family: { type: 'string', enum: ['files', 'search', 'web-fetch'] } });
    for (const [family, text] of Object.entries(FAMILIES)) {
      const result = await client.callTool({ name: 'read_instructions', arguments: { family } });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text }]);
    }
    const unknown = await client.callTool({ name: 'read_instructions', arguments: { family: 'nope' } });
    expect(unknown.isError).toBe(true);
    await client.close();
  });

  it('takes a tool name and scheme, and can leave out the tool or the resources', async () => {
    const server = new McpServer({ name: 'docs', version: '1.0.0' });
    serveInstructions(server, { dir, toolName: 'docs_read', uriScheme: 'docs', resources: false });
    const client = await connect(server);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['docs_read']);
    const result = await client.callTool({ name: 'docs_read', arguments: { family: 'search' } });
    expect(result.content).toEqual([{ type: 'text', text: FAMILIES.search }]);
    await expect(client.listResources()).rejects.toThrow();
    await client.close();
  });

  it('refuses a folder with no family files', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'toolslim-empty-'));
    await writeFile(path.join(empty, 'README.md'), INDEX);
    expect(() => serveInstructions(new McpServer({ name: 'x', version: '1' }), { dir: empty })).toThrow(/No instruction files/);
    await rm(empty, { recursive: true });
  });
});

describe('instructions on a low-level Server', () => {
  it('serves resources and merges the tool into the server’s own handlers', async () => {
    const catalog = createInstructionsCatalog({ dir });
    const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} }, instructions: catalog.instructions });
    const ownTool = { name: 'echo', inputSchema: { type: 'object' as const } };
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [ownTool, catalog.tool] }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      request.params.name === catalog.toolName ? catalog.callTool(request.params.arguments) : { content: [{ type: 'text', text: 'echo' }] },
    );
    serveInstructionResources(server, catalog);
    const client = await connect(server);

    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'read_instructions']);
    expect((await client.callTool({ name: 'read_instructions', arguments: { family: 'files' } })).content).toEqual([{ type: 'text', text: FAMILIES.files }]);
    expect((await client.listResources()).resources).toHaveLength(3);
    expect((await client.readResource({ uri: 'instructions://web-fetch' })).contents[0]).toMatchObject({ text: FAMILIES['web-fetch'] });
    await expect(client.readResource({ uri: 'instructions://nope' })).rejects.toThrow(/Unknown resource/);
    expect(client.getInstructions()).toBe(catalog.instructions);
    await client.close();
  });
});

describe('what serveInstructions adds to a server', () => {
  it('extends the server’s own instructions once', async () => {
    const server = new McpServer({ name: 'docs', version: '1.0.0' }, { instructions: 'Use the sandbox account.' });
    serveInstructions(server, { dir });
    const client = await connect(server);
    expect(client.getInstructions()).toBe(`Use the sandbox account.\n\n${loadInstructionsIndex(dir)}`);
    await client.close();
  });

  it('sets instructions on a server that had none', async () => {
    const server = new McpServer({ name: 'docs', version: '1.0.0' });
    serveInstructions(server, { dir });
    const client = await connect(server);
    expect(client.getInstructions()).toBe(loadInstructionsIndex(dir));
    await client.close();
  });

  it('keeps an McpServer’s own resources', async () => {
    const server = new McpServer({ name: 'docs', version: '1.0.0' });
    server.registerResource('readme', 'docs://readme', { mimeType: 'text/plain' }, async () => ({ contents: [{ uri: 'docs://readme', text: 'own' }] }));
    serveInstructions(server, { dir });
    const client = await connect(server);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['docs://readme', 'instructions://files', 'instructions://search', 'instructions://web-fetch']);
    expect((await client.readResource({ uri: 'docs://readme' })).contents[0]).toMatchObject({ text: 'own' });
    await client.close();
  });

  it.each(['before', 'after'])('merges with a low-level Server’s own handlers set %s it', async (when) => {
    const server = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {}, resources: {} }, instructions: 'Own text.' });
    const setOwn = () => {
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }] }));
      server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'echo' }] }));
      server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [{ uri: 'own://a', name: 'a' }] }));
      server.setRequestHandler(ReadResourceRequestSchema, (request) => ({ contents: [{ uri: request.params.uri, text: 'own a' }] }));
    };
    if (when === 'before') setOwn();
    serveInstructions(server, { dir });
    if (when === 'after') setOwn();
    const client = await connect(server);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'read_instructions']);
    expect((await client.callTool({ name: 'echo', arguments: {} })).content).toEqual([{ type: 'text', text: 'echo' }]);
    expect((await client.callTool({ name: 'read_instructions', arguments: { family: 'files' } })).content).toEqual([{ type: 'text', text: FAMILIES.files }]);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['own://a', 'instructions://files', 'instructions://search', 'instructions://web-fetch']);
    expect((await client.readResource({ uri: 'own://a' })).contents[0]).toMatchObject({ text: 'own a' });
    expect((await client.readResource({ uri: 'instructions://search' })).contents[0]).toMatchObject({ text: FAMILIES.search });
    expect(client.getInstructions()).toBe(`Own text.\n\n${loadInstructionsIndex(dir)}`);
    await client.close();
  });
});

describe('findInstructionsDir', () => {
  it('finds the folder from src/, dist/ and a nested dist/cjs with its own type-only package.json', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'toolslim-pkg-'));
    await mkdir(path.join(root, 'docs', 'tools'), { recursive: true });
    await mkdir(path.join(root, 'src'), { recursive: true });
    await mkdir(path.join(root, 'dist', 'cjs'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), '{"name":"x"}');
    await writeFile(path.join(root, 'dist', 'cjs', 'package.json'), '{"type":"commonjs"}');
    const expected = path.join(root, 'docs', 'tools');
    expect(findInstructionsDir(pathToFileURL(path.join(root, 'src', 'index.ts')), 'docs/tools')).toBe(expected);
    expect(findInstructionsDir(path.join(root, 'dist', 'cjs', 'index.js'), 'docs/tools')).toBe(expected);
    expect(findInstructionsDir(pathToFileURL(path.join(root, 'dist', 'bundle.mjs')).href, 'docs/tools')).toBe(expected);
    expect(() => findInstructionsDir(path.join(root, 'src', 'index.ts'), 'missing')).toThrow(/package root/);
    await rm(root, { recursive: true });
  });
});

describe('instruction folders the codemod writes', () => {
  // Whatever the codemod's fixture outputs hold today: each one must be servable as written.
  const codemodFixtures = fileURLToPath(new URL('../../codemod/tests/fixtures', import.meta.url));
  const folders = existsSync(codemodFixtures)
    ? readdirSync(codemodFixtures)
        .map((fixture) => path.join(codemodFixtures, fixture, 'output', 'docs', 'tools'))
        .filter((dir) => existsSync(dir) && findInstructionFamilies(dir).length > 0)
    : [];

  it.runIf(folders.length > 0).each(folders)('serves %s verbatim', async (dir) => {
    const server = new McpServer({ name: 'codemod-output', version: '1.0.0' }, { instructions: loadInstructionsIndex(dir) });
    const { families } = serveInstructions(server, { dir });
    const client = await connect(server);
    expect(client.getInstructions()).toContain(readFileSync(path.join(dir, 'README.md'), 'utf8'));
    for (const family of families) {
      const text = readFileSync(path.join(dir, `${family}.md`), 'utf8');
      expect((await client.callTool({ name: 'read_instructions', arguments: { family } })).content).toEqual([{ type: 'text', text }]);
      expect((await client.readResource({ uri: `instructions://${family}` })).contents[0]).toMatchObject({ text });
    }
    await client.close();
  });
});
