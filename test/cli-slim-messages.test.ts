// What `toolslim slim` says and how it exits: the same exit code each time it prints the same partial
// result, a signed change that never reads "−-8%", what it found when it cannot edit a text, and
// "already slim" only for tools whose text it read in full.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { formatChange } from '../packages/cli/src/commands/slim.js';
import { createProject, runCli } from '../packages/cli/tests/support/run-cli.js';

const HOW =
  'Results are sorted by creation date, newest first, and at most 50 are returned per page. ' +
  'Each result holds the folder id, the owner name, the size in bytes and the depth. ' +
  'To read the next page, pass the cursor returned with the previous page. ' +
  'Hidden folders are included unless the filter leaves them out. ' +
  'Sizes are rounded to whole kilobytes and include every file below the folder.';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'folders', version: '1.0.0' });
`;

function buildServer(extra: string): string {
  return `${HEAD}server.registerTool('folders_list', { description: ${JSON.stringify(`Lists folders. ${HOW}`)}, inputSchema: { cursor: z.string() } }, async () => ({ content: [] }));
${extra}`;
}

function commitAll(dir: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '-A');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'start');
}

describe('toolslim slim messages', () => {
  it('exits 1 on every run that prints the same partial result: the writing run, a dry run and the run after', async () => {
    // folders_find's description is built at run time: skipped, so the result is partial every time.
    const project = createProject({
      'package.json': '{ "name": "folders", "private": true, "type": "module" }',
      'src/server.ts': buildServer(`server.registerTool('folders_find', { description: 'Finds folders. ' + process.env.HINT, inputSchema: { q: z.string() } }, async () => ({ content: [] }));\n`),
    });
    try {
      commitAll(project.dir);
      const slim = (...args: string[]) => runCli(['slim', 'src', '--no-wire', ...args], { cwd: project.dir });
      const dry = await slim('--dry-run');
      const first = await slim('--force');
      const second = await slim('--force');
      expect(first.stderr).toContain('skipped folders_find');
      expect(second.stderr).toContain('skipped folders_find');
      expect([dry.code, first.code, second.code]).toEqual([EXIT.findings, EXIT.findings, EXIT.findings]);
    } finally {
      project.remove();
    }
  });

  it('prints a growth as +N% and a saving as −N%, never a minus before a negative number', () => {
    expect(formatChange(1000, 880)).toBe('−12%');
    expect(formatChange(1000, 1080)).toBe('+8%');
    expect(formatChange(1000, 1000)).toBe('±0%');
    expect(formatChange(1000, 998)).toBe('−<1%');
    expect(formatChange(1000, 1080)).not.toContain('−-');
  });

  it('says what it found when a constant cannot be edited in place', async () => {
    const project = createProject({
      'package.json': '{ "name": "folders", "private": true, "type": "module" }',
      'src/server.ts': `${HEAD}const VERBOSE = true;
const DESCRIPTION = VERBOSE ? ${JSON.stringify(`Lists folders. ${HOW}`)} : 'Lists folders.';
server.registerTool('folders_list', { description: DESCRIPTION, inputSchema: { cursor: z.string() } }, async () => ({ content: [] }));
`,
    });
    try {
      const result = await runCli(['slim', 'src', '--no-wire', '--dry-run'], { cwd: project.dir });
      const skipped = result.stderr.split('\n').find((line) => line.includes('folders_list'));
      expect(skipped).toBeDefined();
      expect(skipped).not.toContain('cannot locate');
      expect(skipped).toContain('the constant `DESCRIPTION`');
    } finally {
      project.remove();
    }
  });

  it('says "already slim" only for tools it read in full, and names the text it did not read', async () => {
    const project = createProject({
      'package.json': '{ "name": "folders", "private": true, "type": "module" }',
      'src/server.ts': buildServer(`server.registerTool('folders_count', { description: 'Counts folders.', inputSchema: { q: z.string().describe(process.env.Q_HELP ?? '') } }, async () => ({ content: [] }));
server.registerTool('folders_ping', { description: 'Checks that the folder service answers.', inputSchema: { q: z.string().describe('Words to match.') } }, async () => ({ content: [] }));
`),
    });
    try {
      const result = await runCli(['slim', 'src', '--no-wire', '--dry-run'], { cwd: project.dir });
      expect(result.stdout).toContain('3 tools found: 1 to slim, 1 already slim, 1 with nothing to move in the text slim could read (not all of it: see below).');
      expect(result.stderr).toContain('not read folders_count at src/server.ts:');
      expect(result.stderr).toContain('its parameters were not read: the input schema is built at run time (depends on process.env.Q_HELP).');
    } finally {
      project.remove();
    }
  });
});
