/** The flags that pick a running server (`-- <command…>` or `--url`), shared by `measure` and `budget`. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { countTokens, buildRuntimeReport, type ReportJson } from '@toolslim/core';
import { getPositiveNumber, parseHeaders } from './args.js';
import { CliError, EXIT } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { ListedServer, ServerTarget } from './server.js';

/** Seconds to wait for each answer from a server (`--timeout`). */
export const DEFAULT_TIMEOUT_SECONDS = 30;

export const SERVER_FLAGS = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface ServerFlagValues {
  readonly url?: string;
  readonly header?: string[];
  readonly cwd?: string;
  readonly timeout?: string;
}

/** The server the flags name, or undefined when they name none. Both at once is a usage error. */
export function getServerTarget(values: ServerFlagValues, serverCommand: readonly string[] | undefined, io: CommandIO): ServerTarget | undefined {
  if (values.url !== undefined && serverCommand !== undefined) {
    throw new CliError('Give either --url or -- <command…>, not both.', EXIT.usage);
  }
  if (serverCommand !== undefined) {
    if (serverCommand.length === 0) throw new CliError('Nothing after --: give the command that starts the server.', EXIT.usage);
    const cwd = path.resolve(io.cwd, values.cwd ?? '.');
    // Checked here: spawning in a missing folder fails with ENOENT, which would read as "command not found".
    if (!isFolder(cwd)) throw new CliError(`--cwd ${values.cwd}: no such folder.`, EXIT.usage);
    return { kind: 'stdio', command: serverCommand[0], args: serverCommand.slice(1), cwd, env: io.env };
  }
  if (values.url !== undefined) return { kind: 'http', url: values.url, headers: parseHeaders(values.header) };
  if (values.header !== undefined) throw new CliError('--header only applies with --url.', EXIT.usage);
  return undefined;
}

export function getTimeoutSeconds(values: ServerFlagValues): number {
  return getPositiveNumber(values.timeout, '--timeout') ?? DEFAULT_TIMEOUT_SECONDS;
}

export interface MeasuredServer {
  readonly listed: ListedServer;
  readonly report: ReportJson;
  readonly instructions: { readonly bytes: number; readonly tokens: number } | undefined;
}

/** List the server's tools and measure them with `core`, the same way `report` measures source. */
export async function measureServer(target: ServerTarget, timeoutSeconds: number): Promise<MeasuredServer> {
  // Loaded on demand: `report` and source budgets start faster without the MCP client.
  const { listServerTools } = await import('./server.js');
  const listed = await listServerTools(target, { timeoutSeconds });
  const instructions = listed.instructions === undefined ? undefined : { bytes: Buffer.byteLength(listed.instructions), tokens: countTokens(listed.instructions) };
  return { listed, report: buildRuntimeReport(listed.tools, undefined, { name: listed.serverName }), instructions };
}

export function describeTarget(target: ServerTarget): string {
  return target.kind === 'http' ? target.url : `\`${[target.command, ...target.args].join(' ')}\``;
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}
