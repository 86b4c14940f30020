// `toolslim report`: the table, the --json contract, and bad input (a file that does not parse, a
// missing path, ignored and oversized files). Expected sizes are computed here from the very objects
// the sources declare, never copied from the CLI's own output.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, run } from '@toolslim/cli';
import { countTokens } from '@toolslim/core';
import { createProject, runBin, runCli } from '../packages/cli/tests/support/run-cli.js';

/** Low-level style: what the source writes is exactly what the server publishes. */
const SEARCH_TOOL = {
  name: 'docs_search',
  description: 'Search the documentation. Returns matching page titles and URLs, best first.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'Words to find' }, limit: { type: 'number' } },
    required: ['query'],
  },
};
const READ_TOOL = {
  name: 'docs_read',
  description: 'Read one page — by its URL — as Markdown. Café ✓.',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
};

const LOW_LEVEL_SERVER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'docs', version: '1.0.0' }, { capabilities: { tools: {} } });
const SEARCH = ${JSON.stringify(SEARCH_TOOL, null, 2)};

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    SEARCH,
    ${JSON.stringify(READ_TOOL)},
  ],
}));
`;

const SDK_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.registerTool('notes_create', {
  description: 'Create a note. ' + process.env.NOTES_HINT,
  inputSchema: { title: z.string(), body: z.string().describe('Markdown body') },
}, async () => ({ content: [] }));
server.tool('ping', 'Check that the server answers.', async () => ({ content: [] }));
`;

function getBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

describe('toolslim report', () => {
  let project: ReturnType<typeof createProject>;

  beforeAll(() => {
    project = createProject({
      'src/docs.ts': LOW_LEVEL_SERVER,
      'src/notes.mjs': SDK_SERVER,
      'src/types.d.ts': `export const x = { name: 'typed_tool', description: 'Never read.', inputSchema: { type: 'object' } };\n`,
      'README.md': '# not source\n',
    });
  });
  afterAll(() => project.remove());

  it('prints the heaviest tools first with family, sizes, split, place and the dynamic marker', async () => {
    const result = await runCli(['report'], { cwd: project.dir });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatchSnapshot();
  });

  it('says when slim would leave every tool as it is because its moves do not pay for serving them', async () => {
    const small = createProject({
      'server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "const server = new McpServer({ name: 'kettle', version: '1.0.0' });",
        "server.tool('boil_water', 'Boils the water in the kettle. Use it before making tea. For example, call it once before each pot of tea. Returns the final temperature in Celsius and the number of seconds it took to boil, as plain text.', async () => ({ content: [] }));",
        "server.tool('read_level', 'Reads how full the kettle is.', async () => ({ content: [] }));",
        '',
      ].join('\n'),
    });
    try {
      const text = await runCli(['report', '.'], { cwd: small.dir });
      expect(text.stdout.replace(/\s+/g, ' ')).toContain('toolslim slim leaves all 2 tools as they are: what it would move from 1 of them does not pay for serving it');
      const json = JSON.parse((await runCli(['report', '--json', '.'], { cwd: small.dir })).stdout);
      expect(json.slimEstimate).toMatchObject({ tools: 2, slimmable: 0, skipped: 1, unprofitable: 1 });
    } finally {
      small.remove();
    }
  });

  it('--json is DESIGN.md\'s object, with bytes equal to JSON.stringify of the published tool', async () => {
    const result = await runCli(['report', '--json', 'src'], { cwd: project.dir });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout);
    expect(Object.keys(report)).toEqual(['tools', 'totals', 'errors', 'unread', 'families', 'clientProblems', 'slimEstimate']);
    expect(report.unread).toEqual([]);
    const search = report.tools.find((tool: { name: string }) => tool.name === 'docs_search');
    expect(search).toEqual({
      name: 'docs_search',
      file: 'src/docs.ts',
      line: expect.any(Number),
      framework: 'mcp-sdk-low-level',
      family: 'docs',
      dynamic: false,
      bytes: getBytes(SEARCH_TOOL),
      tokens: countTokens(JSON.stringify(SEARCH_TOOL)),
      nameBytes: Buffer.byteLength(SEARCH_TOOL.name),
      descriptionBytes: Buffer.byteLength(SEARCH_TOOL.description),
      schemaBytes: getBytes(SEARCH_TOOL.inputSchema),
      // A JSON Schema literal: published as written, no library converts it.
      publishedWith: { publisher: 'mcp-sdk-low-level', libraries: [] },
    });
    const read = report.tools.find((tool: { name: string }) => tool.name === 'docs_read');
    // Non-ASCII text: bytes, not characters.
    expect(read.bytes).toBe(getBytes(READ_TOOL));
    expect(read.bytes).toBeGreaterThan(JSON.stringify(READ_TOOL).length);
    const names = report.tools.map((tool: { name: string }) => tool.name);
    expect(names.sort()).toEqual(['docs_read', 'docs_search', 'notes_create', 'ping']);
    const bytes = report.tools.map((tool: { bytes: number }) => tool.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    expect(report.totals).toEqual({
      tools: 4,
      bytes: bytes.reduce((sum: number, value: number) => sum + value, 0),
      tokens: report.tools.reduce((sum: number, tool: { tokens: number }) => sum + tool.tokens, 0),
    });
    expect(report.tools.find((tool: { name: string }) => tool.name === 'notes_create').dynamic).toBe(true);
    expect(report.errors).toEqual([]);
  });

  it('gives file paths relative to the current directory', async () => {
    const result = await runCli(['report', '--json', '.'], { cwd: path.join(project.dir, 'src') });
    const files = JSON.parse(result.stdout).tools.map((tool: { file: string }) => tool.file);
    expect(new Set(files)).toEqual(new Set(['docs.ts', 'notes.mjs']));
  });

  it('the built executable prints the same JSON', async () => {
    const inProcess = await runCli(['report', '--json'], { cwd: project.dir });
    const built = await runBin(['report', '--json'], { cwd: project.dir });
    expect(built.code).toBe(EXIT.ok);
    expect(built.stdout).toBe(inProcess.stdout);
  });
});

describe('toolslim report on bad input', () => {
  it('reports a file that does not parse in errors, exits 1, and still reports every other file', async () => {
    const project = createProject({ 'a.ts': LOW_LEVEL_SERVER, 'b.ts': 'const x = ;\n', 'c.js': SDK_SERVER });
    try {
      const json = await runCli(['report', '--json'], { cwd: project.dir });
      expect(json.code).toBe(EXIT.findings);
      const report = JSON.parse(json.stdout);
      expect(report.errors).toEqual([{ file: 'b.ts', message: expect.stringContaining('line 1, column 11') }]);
      expect(report.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['docs_read', 'docs_search', 'notes_create', 'ping']);
      const text = await runCli(['report'], { cwd: project.dir });
      expect(text.code).toBe(EXIT.findings);
      expect(text.stdout).toContain('Read 3 files: 4 tools, heaviest first.');
      expect(text.stderr).toMatchSnapshot();
    } finally {
      project.remove();
    }
  });

  it('a missing path is a clear error with exit 2 and nothing on stdout', async () => {
    const project = createProject({ 'a.ts': LOW_LEVEL_SERVER });
    try {
      const result = await runCli(['report', 'a.ts', 'nope', 'src/gone.ts'], { cwd: project.dir });
      expect(result.code).toBe(EXIT.usage);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('toolslim: No such file or folder: nope, src/gone.ts\n');
    } finally {
      project.remove();
    }
  });

  it('honours .gitignore files, skips node_modules unless a path names it, and skips .d.ts files', async () => {
    const tool = (name: string) => `export const t = ${JSON.stringify({ ...READ_TOOL, name })};\n`;
    const project = createProject({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'dist/\n*.generated.ts\n',
      'src/kept.ts': tool('kept_tool'),
      'src/api.generated.ts': tool('generated_tool'),
      'dist/index.js': tool('dist_tool'),
      'src/vendor/.gitignore': 'local.js\n',
      'src/vendor/local.js': tool('vendor_local_tool'),
      'src/vendor/shared.js': tool('vendor_shared_tool'),
      'src/types.d.ts': tool('declared_tool'),
      'node_modules/pkg/index.js': tool('dependency_tool'),
    });
    const names = async (args: string[]) => {
      const result = await runCli(['report', '--json', '--no-estimate', ...args], { cwd: project.dir });
      expect(result.code).toBe(EXIT.ok);
      return JSON.parse(result.stdout).tools.map((entry: { name: string }) => entry.name).sort();
    };
    try {
      expect(await names([])).toEqual(['kept_tool', 'vendor_shared_tool']);
      // Named explicitly, a folder that a .gitignore above it hides is read anyway.
      expect(await names(['node_modules/pkg'])).toEqual(['dependency_tool']);
      expect(await names(['dist'])).toEqual(['dist_tool']);
      expect(await names(['src/vendor'])).toEqual(['vendor_shared_tool']);
    } finally {
      project.remove();
    }
  });

  it('applies a .gitignore above a named folder only inside a git repository', async () => {
    const tool = `export const t = ${JSON.stringify(READ_TOOL)};\n`;
    const project = createProject({ 'app/.gitignore': 'x.js\n', 'app/sub/x.js': tool });
    const count = async () => JSON.parse((await runCli(['report', '--json', 'app/sub'], { cwd: project.dir })).stdout).totals.tools;
    try {
      expect(await count()).toBe(1);
      writeFileSync(path.join(project.dir, 'app/.git'), 'gitdir: elsewhere\n');
      expect(await count()).toBe(0);
    } finally {
      project.remove();
    }
  });

  it('skips files over 5 MB with a note and reports the rest', async () => {
    const project = createProject({ 'small.ts': LOW_LEVEL_SERVER });
    try {
      writeFileSync(path.join(project.dir, 'bundle.js'), `// ${'x'.repeat(5 * 1024 * 1024 + 10)}\n`);
      const result = await runCli(['report', '--json'], { cwd: project.dir });
      expect(result.code).toBe(EXIT.ok);
      expect(JSON.parse(result.stdout).totals.tools).toBe(2);
      expect(result.stderr).toBe('note: bundle.js: over 5 MB (5.0 MB), skipped\n');
    } finally {
      project.remove();
    }
  });

  it('a lone file that does not parse: the parse error first, then no "no tool declarations found" and no other folder to try', async () => {
    const project = createProject({ 'src/broken.ts': 'const x = {;\n' });
    try {
      const order: string[] = [];
      const code = await run(['report', '.'], {
        cwd: project.dir,
        stdout: (text) => void order.push(`out: ${text}`),
        stderr: (text) => void order.push(`err: ${text}`),
        isTTY: false,
        env: process.env,
      });
      expect(code).toBe(EXIT.findings);
      const printed = order.filter((text) => text !== 'err: ' && text !== 'out: ');
      expect(printed[0]).toMatch(/^err: error: src\/broken.ts: Property assignment expected\. \(line 1, column 12\)/);
      expect(printed.at(-1)).toBe(
        'out: Read 1 file: 1 file could not be parsed (above), and no tool declarations were found in the rest.\n\nNext: fix the file above, then toolslim report\n',
      );
    } finally {
      project.remove();
    }
  });

  it('warns when src/ and its build output dist/ are both read, so every tool counts twice', async () => {
    const project = createProject({ 'src/server.ts': SDK_SERVER, 'dist/server.js': SDK_SERVER, 'other/server.ts': SDK_SERVER.replace("'Check that", "'Longer. Check that").replace("'Create a note. '", "'Create one note. '") });
    try {
      const result = await runCli(['report', '.', '--no-estimate'], { cwd: project.dir });
      expect(result.stdout.replace(/\s+/g, ' ')).toContain(
        'note: 2 tools are declared the same in src/ and dist/ (source and build output?): the totals count each copy. Report one of them: toolslim report src/',
      );
      const json = JSON.parse((await runCli(['report', '--json', '--no-estimate'], { cwd: project.dir })).stdout);
      expect(json.duplicates).toEqual({ tools: 2, folders: ['src/', 'dist/'] });
      // One copy: no note.
      const alone = await runCli(['report', 'src', '--no-estimate'], { cwd: project.dir });
      expect(alone.stdout).not.toContain('declared the same');
    } finally {
      project.remove();
    }
  });

  it('says so when there is nothing to report', async () => {
    const project = createProject({ 'util.ts': 'export const add = (a: number, b: number) => a + b;\n' });
    try {
      const result = await runCli(['report'], { cwd: project.dir });
      expect(result.code).toBe(EXIT.ok);
      expect(result.stdout).toBe('Read 1 file: no tool declarations found.\n\nNext: toolslim report <folder with your server source>\n');
    } finally {
      project.remove();
    }
  });
});
