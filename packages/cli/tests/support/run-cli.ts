/** Run the CLI in-process (through `run(argv, io)`) or as the built executable, capturing its output. */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@toolslim/cli';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const SERVERS_DIR = fileURLToPath(new URL('../servers/', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/toolslim.js', import.meta.url));

export function getServerPath(name: string): string {
  return path.join(SERVERS_DIR, `${name}.mjs`);
}

export async function runCli(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    cwd: options.cwd ?? process.cwd(),
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    isTTY: false,
    env: options.env ?? process.env,
  });
  return { code, stdout, stderr };
}

/** The built `toolslim` executable (needs `tsc -b packages/cli` first, which `pnpm test` does). */
export function runBin(argv: readonly string[], options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: options.cwd ?? process.cwd(), env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A temporary folder filled with the given files; removed by the returned function. */
export function createProject(files: Readonly<Record<string, string>>): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolslim-cli-'));
  for (const [name, text] of Object.entries(files)) {
    const full = path.join(dir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
