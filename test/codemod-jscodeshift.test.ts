/**
 * The jscodeshift transform, run the way users run it (`npx jscodeshift -t …/dist/jscodeshift.js
 * --parser=ts src/`) with 4 parallel workers over files that all write into one family file: no section
 * may be lost or duplicated, and a second run changes nothing. Uses the built `dist` (`pnpm test` builds).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const codemodDir = path.resolve(import.meta.dirname, '../packages/codemod');
const transformFile = path.join(codemodDir, 'dist/jscodeshift.js');
const jscodeshiftBin = path.join(path.dirname(createRequire(path.join(codemodDir, 'package.json')).resolve('jscodeshift/package.json')), 'bin/jscodeshift.js');
const FILES = 4;

function buildServer(index: number): string {
  const tool = (verb: string) => `server.tool(
  'notes_${verb}_${index}',
  'Do ${verb} number ${index} on the notes. Use it when the user asks for ${verb} ${index}. Results are limited to ${index + 10} items. Never call it twice in a row for ${verb} ${index}. Each result line holds an id, a title and a date in ISO 8601 (UTC). Archived notes are left out unless the user names them. The result ends with a count of the notes that matched. Notes shared with other users are marked with their owner name in brackets. Example: ${verb} ${index} with the id note-${index}. Example response: [{"id": "note-${index}", "title": "Plan", "date": "2026-01-0${index + 1}", "owner": "ann"}]. Example: ${verb} ${index} again after a sync with the id note-${index}-b.',
  { id: z.string().describe('The note id. Example: "note-${index}".') },
  async ({ id }) => ({ content: [{ type: 'text', text: id }] }),
);
`;
  return `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes-${index}', version: '1.0.0' });

${tool('archive')}
${tool('export')}
export { server };
`;
}

let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'toolslim-jscodeshift-'));
  mkdirSync(path.join(project, 'src'));
  for (let i = 0; i < FILES; i++) writeFileSync(path.join(project, 'src', `server-${i}.ts`), buildServer(i));
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

/**
 * jscodeshift uses (CPU count − 1) workers at most; CI machines here have 2 cores. The preload reports 8
 * CPUs so that jscodeshift really forks 4 worker processes that write concurrently.
 */
function writeCpuPreload(): string {
  const file = path.join(project, 'eight-cpus.cjs');
  writeFileSync(file, "const os = require('node:os'); const real = os.cpus(); os.cpus = () => Array.from({ length: 8 }, () => real[0]);\n");
  return file;
}

async function runTransform(): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['--require', writeCpuPreload(), jscodeshiftBin, '-t', transformFile, '--parser=ts', '--cpus=4', '--fail-on-error', 'src/'], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout + stderr;
}

describe('jscodeshift transform', () => {
  test('the transform has been built', () => {
    expect(existsSync(transformFile), `${transformFile} is missing: run \`npx tsc -b packages/codemod\``).toBe(true);
  });

  test('4 workers over 4 files: every section exactly once, every moved sentence present, then no change', { timeout: 600_000 }, async () => {
    const first = await runTransform();
    expect(first).toContain('Spawning 4 workers');
    expect(first).toMatch(new RegExp(`${FILES} ok`));
    expect(first).toMatch(/0 errors/);

    const family = readFileSync(path.join(project, 'docs/tools/notes.md'), 'utf8');
    const headings = family.split('\n').filter((line) => line.startsWith('## '));
    const expected = Array.from({ length: FILES }, (_, i) => [`## notes_archive_${i}`, `## notes_export_${i}`]).flat();
    expect([...headings].sort()).toEqual([...expected].sort());
    for (let i = 0; i < FILES; i++) {
      for (const verb of ['archive', 'export']) {
        expect(family).toContain(`Example: ${verb} ${i} with the id note-${i}.`);
        const source = readFileSync(path.join(project, 'src', `server-${i}.ts`), 'utf8');
        expect(source).toMatch(new RegExp(`Use it when the user asks for ${verb} ${i}\\.[^']* Before first use: read_instructions family="notes"\\.'`));
      }
      expect(family.split(`Example: "note-${i}".`).length - 1).toBe(2);
    }
    const index = readFileSync(path.join(project, 'docs/tools/README.md'), 'utf8');
    expect(index.match(/\(notes\.md\)/g)).toHaveLength(1);
    // Each worker adds its tools to the index line instead of replacing the others'.
    for (const name of expected) expect(index).toContain(`\`${name.slice(3)}\``);

    const second = await runTransform();
    expect(second).toMatch(/0 ok/);
    expect(readFileSync(path.join(project, 'docs/tools/notes.md'), 'utf8')).toBe(family);
    expect(existsSync(path.join(project, 'docs/tools/.toolslim.lock'))).toBe(false);
  });
});
