// Where slim wires: the server object the published list really comes from.
import { parseSource } from '@toolslim/core';
import { describe, expect, it } from 'vitest';
import { findSubclassServers } from '../src/subclass-servers.js';
import { buildWiring, hasReplacedToolHandlers } from '../src/wire-runtime.js';
import { applyEdits } from '../src/text-edits.js';

type Program = ReturnType<typeof parseSource>;
const wire = (code: string, servers: (program: Program) => Parameters<typeof buildWiring>[0]['servers'] = (program) => findSubclassServers(program, code)) => {
  const program = parseSource(code, '/p/server.ts');
  return buildWiring({ file: '/p/server.ts', code, program, servers: servers(program), packageDir: 'docs/tools', moduleKind: 'esm', toolName: undefined });
};

describe('where slim wires', () => {
  it('serves an McpServer whose tool handlers were replaced on its low-level server', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      "const server = new McpServer({ name: 'kiln', version: '1.0.0' });",
      'server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));',
      '',
    ].join('\n');
    expect(hasReplacedToolHandlers(code, 'server')).toBe(true);
    const { wiring } = wire(code, (program) => [{ node: (program.body[2] as unknown as { declarations: Array<{ init: never }> }).declarations[0].init, name: undefined, framework: 'mcp-sdk' }]);
    expect(wiring?.lines.at(-1)).toBe("serveInstructions(server.server, { dir: findInstructionsDir(import.meta.url, 'docs/tools') });");
  });

  it('leaves an McpServer that keeps its own handlers served as itself', () => {
    expect(hasReplacedToolHandlers("const server = new McpServer({}); server.server.setRequestHandler(SetLevelRequestSchema, f);", 'server')).toBe(false);
  });

  it('wires a server created from a subclass of McpServer as an McpServer', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      'class KitchenServer extends McpServer {}',
      "const server = new KitchenServer({ name: 'kitchen', version: '1.0.0' });",
      '',
    ].join('\n');
    const { wiring } = wire(code);
    expect(wiring?.wired).toBe(true);
    expect(wiring?.lines.at(-1)).toBe("serveInstructions(server, { dir: findInstructionsDir(import.meta.url, 'docs/tools') });");
    expect(findSubclassServers(parseSource('const S = class extends Server {}; new S();', '/p/a.ts'), "import '@modelcontextprotocol/sdk';")[0]?.framework).toBe('mcp-sdk-low-level');
  });
});

describe('a server a factory returns', () => {
  it('is named, served and returned', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      'class Server extends McpServer {}',
      'export function createServer(info) {',
      '  return new Server(info);',
      '}',
      '',
    ].join('\n');
    const program = parseSource(code, '/p/server.ts');
    const { edits, wiring } = buildWiring({ file: '/p/server.ts', code, program, servers: findSubclassServers(program, code), packageDir: 'docs/tools', moduleKind: 'esm', toolName: undefined });
    expect(wiring?.wired).toBe(true);
    expect(applyEdits(code, edits)).toContain(
      "  const server = new Server(info);\n  serveInstructions(server, { dir: findInstructionsDir(import.meta.url, 'docs/tools') });\n  return server;\n}",
    );
  });
});
