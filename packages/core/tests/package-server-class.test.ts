// A server class of the project that extends an installed package's server class, handed the transport by a
// method of its own (`server.start(transport)`): its tools are that package's. The sink is named, and a
// definition the project writes by its shape is listed only as conditional (the package decides).
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'orchard/package.json': '{ "name": "orchard", "type": "module" }',
  'orchard/node_modules/spec-server/package.json': '{ "name": "spec-server", "main": "index.js" }',
  'orchard/node_modules/spec-server/index.js': 'export class SpecServer { constructor(options) { this.options = options; } async start(transport) { return transport; } }\n',
  'orchard/server.js': `import { SpecServer } from 'spec-server';
import { pruneDefinition } from './prune.js';
export default class OrchardServer extends SpecServer {
  constructor() {
    super({ specDir: './specs', extra: [pruneDefinition] });
  }
}
`,
  'orchard/prune.js': `export const pruneDefinition = {
  name: 'prune_tree',
  description: 'Prune one tree of the orchard.',
  inputSchema: { type: 'object', properties: { tree: { type: 'string' } } },
};
`,
  'orchard/main.js': `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import OrchardServer from './server.js';
const server = new OrchardServer();
const transport = new StdioServerTransport();
await server.start(transport);
`,
};

FILES['orchard/plain-server.js'] = 'export default class PlainServer { async start(transport) { return transport; } }\n';
FILES['orchard/plain-main.js'] = `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import PlainServer from './plain-server.js';
const server = new PlainServer();
await server.start(new StdioServerTransport());
`;

const report = useReportOnFiles('package-server-class', FILES);

describe('a server class built on an installed package', () => {
  it('names the method that is handed the transport, and the package its server class extends', () => {
    const result = report(['orchard/main.js', 'orchard/server.js', 'orchard/prune.js']);
    expect(result.unread).toEqual([
      {
        file: 'orchard/main.js',
        line: 5,
        sink: '.start()',
        reason: 'the server it connects is an instance of `OrchardServer`, which extends `SpecServer` of the installed package spec-server; its tools are in that package, which toolslim does not read',
      },
    ]);
  });

  it("lists a definition the project writes by its shape only as conditional: the package's server decides", () => {
    const result = report(['orchard/main.js', 'orchard/server.js', 'orchard/prune.js']);
    expect(result.tools.map((tool) => tool.name)).toEqual(['prune_tree']);
    expect(result.tools[0].conditional).toMatch(/server is built by an installed package \(orchard\/main\.js:5\)/);
  });

  it('a class of the project that extends no package is not taken for a package server', () => {
    const result = report(['orchard/plain-main.js', 'orchard/plain-server.js']);
    expect((result.unread ?? []).filter((miss) => miss.file === 'orchard/plain-main.js' && miss.reason.includes('installed package'))).toEqual([]);
  });
});
