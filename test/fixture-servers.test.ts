// Starts every example server under fixtures/ for real and checks that it lists exactly the tools
// its source declares, and that the verbose catalogue carries the problems toolslim exists for.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildReport } from '@toolslim/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFixture, listFixtures, listToolsOf, type Fixture, type ListedTools, type RawTool } from './support/fixture-servers.js';

// How each style spells a tool name in source. Read with these patterns, not from the running
// server, so a tool the server fails to register (or registers twice) shows up as a difference.
const CALL_WITH_NAME = /\.(?:tool|registerTool)\(\s*'([^']+)'/g; // server.tool('x', …), this.server.tool, registerTool
const OBJECT_WITH_NAME = /\bname: '([^']+)',\s*description:/g; // { name: 'x', description, … } literals
const RECORD_KEY_OF_TOOL = /^\s+(\w+): tool\(/gm; // AI SDK: tools: { x: tool({ … }) }

interface FixtureExpectation {
  entry: string;
  patterns: RegExp[];
}

const EXPECTED: Record<string, FixtureExpectation> = {
  'mcp-sdk-tool': { entry: 'server.ts', patterns: [CALL_WITH_NAME] },
  'mcp-sdk-register': { entry: 'server.ts', patterns: [CALL_WITH_NAME] },
  'mcp-sdk-v2': { entry: 'server.ts', patterns: [CALL_WITH_NAME] },
  'mcp-agent-this-server': { entry: 'server.ts', patterns: [CALL_WITH_NAME] },
  'low-level-json': { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'low-level-zod': { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'compiled-cjs': { entry: 'server.cjs', patterns: [CALL_WITH_NAME] },
  fastmcp: { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'vercel-ai': { entry: 'server.ts', patterns: [RECORD_KEY_OF_TOOL] },
  langchain: { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'api-tool-arrays': { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'define-tool-wrapper': { entry: 'server.ts', patterns: [OBJECT_WITH_NAME] },
  'verbose-catalogue': { entry: 'src/server.ts', patterns: [CALL_WITH_NAME] },
};

const STYLE_FIXTURES = Object.keys(EXPECTED).filter((name) => name !== 'verbose-catalogue');

function findSourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:[cm]?ts|[cm]?js)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(folder, file));
}

function findDeclaredNames(fixture: Fixture, patterns: RegExp[]): string[] {
  const names: string[] = [];
  for (const file of findSourceFiles(fixture.folder)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) names.push(...[...source.matchAll(pattern)].map((match) => match[1]));
  }
  return names.sort();
}

function getFamily(toolName: string): string {
  return toolName.split('_')[0];
}

function getProperties(tool: RawTool): Record<string, { description?: string }> {
  return (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
}

function findDescriptionsOf(tools: RawTool[], parameter: string): Set<string> {
  const wordings = tools.map((tool) => getProperties(tool)[parameter]?.description).filter((text) => text !== undefined);
  return new Set(wordings);
}

// A parameter that could stand in for pasted content: a path, file, URL/URI, id or ref.
const REFERENCE_NAME = /path|file|ur[li]|ref$|id$/i;

// Starting a server is mostly CPU (loading the SDK and compiling TypeScript with tsx); on two cores
// a few at a time finish sooner than all at once, and a busy machine needs a generous timeout.
const START_TIMEOUT_MS = 90_000;

async function listAll(fixtures: Fixture[], concurrency: number): Promise<Map<string, ListedTools>> {
  const results = new Map<string, ListedTools>();
  const queue = [...fixtures];
  const worker = async () => {
    for (let fixture = queue.shift(); fixture !== undefined; fixture = queue.shift()) {
      results.set(fixture.name, await listToolsOf(fixture, { timeoutMs: START_TIMEOUT_MS }));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

const staticReports = new Map<string, ReturnType<typeof buildReport>>();

function getStaticReport(name: string): ReturnType<typeof buildReport> {
  const fixture = getFixture(name);
  if (!staticReports.has(name)) {
    const files = findSourceFiles(fixture.folder).map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }));
    staticReports.set(name, buildReport(files, { cwd: fixture.folder }));
  }
  return staticReports.get(name)!;
}

let listed: Map<string, ListedTools>;
let startedAt: number;
let finishedAt: number;

beforeAll(async () => {
  startedAt = Date.now();
  listed = await listAll(listFixtures(), 3);
  finishedAt = Date.now();
}, 300_000);

describe('listFixtures', () => {
  it('finds every fixture with its entry file and the command that starts it', () => {
    const fixtures = new Map(listFixtures().map((fixture) => [fixture.name, fixture]));
    for (const [name, expectation] of Object.entries(EXPECTED)) {
      const fixture = fixtures.get(name);
      expect(fixture, name).toBeDefined();
      expect(path.relative(fixture!.folder, fixture!.entry)).toBe(expectation.entry);
      const runsThroughTsx = fixture!.args.slice(0, 2).join(' ') === '--import tsx';
      expect(runsThroughTsx, name).toBe(expectation.entry.endsWith('.ts'));
    }
  });
});

describe.each(Object.entries(EXPECTED))('%s', (name, expectation) => {
  it('lists exactly the tools its source declares', () => {
    const declared = findDeclaredNames(getFixture(name), expectation.patterns);
    const names = listed.get(name)!.tools.map((tool) => tool.name).sort();
    expect(declared.length).toBeGreaterThan(0);
    expect(names).toEqual(declared);
  });

  it('publishes an object input schema for every tool', () => {
    for (const tool of listed.get(name)!.tools) expect(tool.inputSchema.type, tool.name).toBe('object');
  });
});

// What `toolslim report` reads from the source must be what the server sends, byte for byte,
// wherever the text is static; the runtime side is counted here, not by core.
describe.each(Object.keys(EXPECTED))('%s read statically', (name) => {
  it('finds every listed tool, with the published bytes wherever its text is static', () => {
    const report = getStaticReport(name);
    expect(report.errors).toEqual([]);
    const found = new Map(report.tools.map((tool) => [tool.name, tool]));
    const tools = listed.get(name)!.tools;
    expect([...found.keys()].sort()).toEqual(tools.map((tool) => tool.name).sort());
    const staticTools = tools.filter((tool) => !found.get(tool.name)!.dynamic);
    expect(staticTools.length).toBeGreaterThan(0);
    for (const tool of staticTools) {
      expect(found.get(tool.name)!.bytes, tool.name).toBe(Buffer.byteLength(JSON.stringify(tool)));
    }
  });
});

describe('declaration-style fixtures', () => {
  it.each(STYLE_FIXTURES)('%s is small: 3 to 6 tools', (name) => {
    const count = listed.get(name)!.tools.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
  });

  it('adapters publish only name, description and inputSchema', () => {
    for (const name of ['vercel-ai', 'langchain', 'api-tool-arrays']) {
      for (const tool of listed.get(name)!.tools) expect(Object.keys(tool).sort()).toEqual(['description', 'inputSchema', 'name']);
    }
  });
});

describe('verbose-catalogue', () => {
  const tools = () => listed.get('verbose-catalogue')!.tools;

  it('has at least 60 tools in at least 6 families', () => {
    const families = new Map<string, number>();
    for (const tool of tools()) families.set(getFamily(tool.name), (families.get(getFamily(tool.name)) ?? 0) + 1);
    const realFamilies = [...families].filter(([, count]) => count >= 2);
    expect(tools().length).toBeGreaterThanOrEqual(60);
    expect(realFamilies.length).toBeGreaterThanOrEqual(6);
  });

  it('has a description past the 4,096-character cut', () => {
    const longest = Math.max(...tools().map((tool) => tool.description?.length ?? 0));
    expect(longest).toBeGreaterThan(4096);
  });

  it('takes bulk content with no reference parameter beside it', () => {
    for (const bulk of ['content', 'csv', 'html', 'markdown', 'base64']) {
      const carriers = tools().filter((tool) => bulk in getProperties(tool));
      const withoutReference = carriers.filter((tool) => !Object.keys(getProperties(tool)).some((key) => REFERENCE_NAME.test(key)));
      expect(withoutReference.length, bulk).toBeGreaterThan(0);
    }
  });

  it('describes the same parameter in different words across tools', () => {
    for (const parameter of ['repo', 'limit', 'cursor']) {
      expect(findDescriptionsOf(tools(), parameter).size, parameter).toBeGreaterThanOrEqual(3);
    }
  });

  it('completes one description at run time with details of this machine', () => {
    const description = tools().find((tool) => tool.name === 'ci_run_locally')?.description;
    expect(description).toContain(`${os.type()} ${os.release()} (${os.arch()})`);
  });

  it('is read as dynamic where the text is only known at run time', () => {
    const dynamic = new Set(getStaticReport('verbose-catalogue').tools.filter((tool) => tool.dynamic).map((tool) => tool.name));
    expect(dynamic).toContain('ci_run_locally');
    expect(dynamic).toContain('deploy_freeze_status');
  });

  it('embeds the time it started in a description, so the text changes from run to run', () => {
    const description = tools().find((tool) => tool.name === 'deploy_freeze_status')?.description ?? '';
    const stamp = /checked (\d{4}-\d{2}-\d{2}T[\d:.]+Z)/.exec(description)?.[1];
    expect(stamp).toBeDefined();
    const embedded = Date.parse(stamp!);
    expect(embedded).toBeGreaterThanOrEqual(startedAt);
    expect(embedded).toBeLessThanOrEqual(finishedAt);
  });
});

describe('listToolsOf', () => {
  it('returns the server instructions', () => {
    expect(listed.get('verbose-catalogue')!.instructions).toMatch(/developer platform/);
    expect(listed.get('low-level-json')!.instructions).toBeUndefined();
  });

  it('shows the stderr tail of a server that crashes at start', async () => {
    const fixture = getFixture('mcp-sdk-tool');
    const crashing: Fixture = { ...fixture, args: ['-e', 'console.error("cannot open database: EACCES"); process.exit(3)'] };
    await expect(listToolsOf(crashing, { timeoutMs: 10_000 })).rejects.toThrow(/cannot open database: EACCES/);
  });
});
