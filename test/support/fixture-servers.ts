// Starts the example servers under fixtures/ for real and asks them what they publish.
// Tests that claim a number about a server use this, so the claim is checked against `tools/list`.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';

export const FIXTURES_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

// Folders under fixtures/ that are not servers of their own.
const NOT_SERVERS = new Set(['node_modules']);

// Checked in this order: a fixture written as compiled output has no server.ts.
const ENTRY_CANDIDATES = ['server.ts', 'server.mjs', 'server.cjs', 'server.js', 'src/server.ts'];

export interface Fixture {
  /** Folder name under fixtures/, e.g. `mcp-sdk-tool`. */
  name: string;
  /** Absolute path of the fixture folder. */
  folder: string;
  /** Absolute path of the file the server starts from. */
  entry: string;
  /** The command that starts the server over stdio, run from `cwd`. */
  command: string;
  args: string[];
  /** fixtures/ itself: `node --import tsx` resolves tsx from here. */
  cwd: string;
}

/** What listToolsOf needs: any stdio server command, not only a fixture folder. */
export type ServerCommand = Pick<Fixture, 'name' | 'command' | 'args' | 'cwd'>;

/** A tool exactly as the server sent it: no field added, dropped or reordered. */
export type RawTool = { name: string; description?: string; inputSchema: Record<string, unknown> } & Record<string, unknown>;

export interface ListedTools {
  tools: RawTool[];
  /** The server's `instructions` from its initialize result, if it sends any. */
  instructions: string | undefined;
  /** How many `tools/list` pages the server answered with. */
  pages: number;
  /** Everything the server wrote to stderr while it ran. */
  stderr: string;
}

export interface ListToolsOptions {
  /** Per request; a server that does not answer in time is an error that shows its stderr. */
  timeoutMs?: number;
  env?: Record<string, string>;
}

function getEntry(folder: string): string | undefined {
  const found = ENTRY_CANDIDATES.find((candidate) => existsSync(path.join(folder, candidate)));
  return found === undefined ? undefined : path.join(folder, found);
}

function isTypeScript(file: string): boolean {
  return /\.[cm]?tsx?$/.test(file);
}

/** Every folder under fixtures/ that holds a server entry, sorted by name. */
export function listFixtures(root: string = FIXTURES_ROOT): Fixture[] {
  const fixtures: Fixture[] = [];
  for (const dirent of readdirSync(root, { withFileTypes: true })) {
    if (!dirent.isDirectory() || NOT_SERVERS.has(dirent.name) || dirent.name.startsWith('.')) continue;
    const folder = path.join(root, dirent.name);
    const entry = getEntry(folder);
    if (entry === undefined) continue;
    const relativeEntry = path.relative(root, entry);
    const args = isTypeScript(entry) ? ['--import', 'tsx', relativeEntry] : [relativeEntry];
    fixtures.push({ name: dirent.name, folder, entry, command: process.execPath, args, cwd: root });
  }
  return fixtures.sort((a, b) => a.name.localeCompare(b.name));
}

export function getFixture(name: string, root: string = FIXTURES_ROOT): Fixture {
  const fixture = listFixtures(root).find((candidate) => candidate.name === name);
  if (fixture === undefined) throw new Error(`No fixture server named "${name}" under ${root}.`);
  return fixture;
}

// Passes the page through untouched: the SDK's own ToolSchema strips fields it does not know,
// and byte counts must be of what the server really sent.
const RawToolsPageSchema = z.custom<{ tools: RawTool[]; nextCursor?: string }>(
  (value) => typeof value === 'object' && value !== null && Array.isArray((value as { tools?: unknown }).tools),
  { message: 'tools/list result has no tools array' },
);

const STDERR_TAIL_CHARS = 2_000;

function buildStderrTail(stderr: string): string {
  const trimmed = stderr.trim();
  if (trimmed === '') return '(the server wrote nothing to stderr)';
  return trimmed.length > STDERR_TAIL_CHARS ? `…${trimmed.slice(-STDERR_TAIL_CHARS)}` : trimmed;
}

/**
 * Starts the fixture over stdio with the SDK client, follows `nextCursor` to the last page and
 * closes the child. A server that crashes or does not answer is an error carrying its stderr tail
 * (over stdio a crash otherwise shows only "Connection closed").
 */
export async function listToolsOf(fixture: ServerCommand, options: ListToolsOptions = {}): Promise<ListedTools> {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = new StdioClientTransport({
    command: fixture.command,
    args: fixture.args,
    cwd: fixture.cwd,
    env: { ...getDefaultEnvironment(), ...options.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'toolslim-fixture-test', version: '0.0.0' });
  try {
    await client.connect(transport, { timeout });
    const tools: RawTool[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        RawToolsPageSchema,
        { timeout },
      );
      pages += 1;
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { tools, instructions: client.getInstructions(), pages, stderr };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Fixture "${fixture.name}" (${[fixture.command, ...fixture.args].join(' ')}) failed: ${message}\n` +
        `--- server stderr (tail) ---\n${buildStderrTail(stderr)}`,
      { cause: error },
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}
