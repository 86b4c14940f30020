/**
 * Ask a running MCP server for its tools, over stdio (a command) or Streamable HTTP (a URL), with the
 * SDK's own client. Tools are kept exactly as they came over the wire (the SDK client drops fields it
 * does not know; DESIGN.md measures what the server publishes). Every way this can go wrong ends in a
 * `CliError` with its own exit code and a message that says what happened.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type JSONRPCMessage, type MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { PublishedTool } from '@toolslim/core';
import { CliError, EXIT } from './exit-codes.js';

export type ServerTarget =
  | { readonly kind: 'stdio'; readonly command: string; readonly args: readonly string[]; readonly cwd: string; readonly env: NodeJS.ProcessEnv }
  | { readonly kind: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> };

export interface ListedServer {
  /** Tool objects as the server sent them in `tools/list`, every page in order. */
  readonly tools: PublishedTool[];
  /** The `instructions` of the server's `initialize` answer. */
  readonly instructions: string | undefined;
  readonly serverName: string | undefined;
  readonly serverVersion: string | undefined;
  readonly pages: number;
  /** The answers to `options.calls`, in order (a call that failed is its error message). */
  readonly calls: ReadonlyArray<{ readonly isError: boolean; readonly text: string }>;
}

/** A `tools/call` to make once the tools are listed (slim --server calls the tool it adds). */
export interface ToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Enough of a crashing server's stderr to show the error and its stack, not its whole log. */
const STDERR_TAIL_LINES = 20;
const STDERR_KEEP_BYTES = 16 * 1024;
/** A server that keeps handing out new cursors is broken; stop instead of looping forever. */
const MAX_PAGES = 1000;

export async function listServerTools(target: ServerTarget, options: { readonly timeoutSeconds: number; readonly calls?: readonly ToolCall[] }): Promise<ListedServer> {
  const stderr = new StderrTail();
  const inner = target.kind === 'stdio' ? buildStdioTransport(target, stderr) : await buildHttpTransport(target);
  const transport = new RecordingTransport(inner, getChild);
  const client = new Client({ name: 'toolslim', version: '0.1.0' });
  const requestOptions = { timeout: options.timeoutSeconds * 1000 };
  try {
    const session = (async () => {
      await client.connect(transport, requestOptions);
      const tools: PublishedTool[] = [];
      const cursors = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        await client.listTools(cursor === undefined ? {} : { cursor }, requestOptions);
        const page = transport.lastToolsPage;
        pages++;
        tools.push(...page.tools);
        cursor = page.nextCursor;
        if (cursor !== undefined && (cursors.has(cursor) || pages >= MAX_PAGES)) {
          throw new CliError(`The server keeps answering tools/list with a next cursor (${pages} pages); stopped.`, EXIT.serverError);
        }
        if (cursor !== undefined) cursors.add(cursor);
      } while (cursor !== undefined);
      const version = client.getServerVersion();
      const calls: Array<{ isError: boolean; text: string }> = [];
      for (const call of options.calls ?? []) {
        try {
          const result = await client.callTool({ name: call.name, arguments: { ...call.arguments } }, undefined, requestOptions);
          const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
          calls.push({ isError: result.isError === true, text: content.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('') });
        } catch (error) {
          calls.push({ isError: true, text: error instanceof Error ? error.message : String(error) });
        }
      }
      return { tools, instructions: client.getInstructions(), serverName: version?.name, serverVersion: version?.version, pages, calls };
    })();
    // When a non-protocol line wins the race, the session fails later on close; nobody awaits it then.
    session.catch(() => undefined);
    const listed = await Promise.race([session, transport.nonProtocolFailure]);
    if (listed.tools.length === 0) throw new CliError('The server answered but listed no tools.', EXIT.noTools);
    return listed;
  } catch (error) {
    // Let the child's last stderr writes arrive before quoting them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    throw toCliError(error, target, transport, stderr, options.timeoutSeconds);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * The child process behind the SDK's stdio transport, read once it started. The SDK keeps it private
 * and parses stdout itself; its exit code and the text of a line that is not JSON-RPC are only here.
 * Undefined for HTTP, or if a later SDK renames the field (messages then lose those two details).
 */
function getChild(transport: Transport): ChildProcess | undefined {
  if (!(transport instanceof StdioClientTransport)) return undefined;
  const child = (transport as unknown as { _process?: unknown })._process;
  return child !== null && typeof child === 'object' && 'stdout' in child && 'once' in child ? (child as ChildProcess) : undefined;
}

function buildStdioTransport(target: Extract<ServerTarget, { kind: 'stdio' }>, stderr: StderrTail): StdioClientTransport {
  const transport = new StdioClientTransport({
    command: target.command,
    args: [...target.args],
    cwd: target.cwd,
    // The whole environment is passed through: servers read their credentials and options from it.
    env: Object.fromEntries(Object.entries(target.env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.add(chunk));
  return transport;
}

async function buildHttpTransport(target: Extract<ServerTarget, { kind: 'http' }>): Promise<Transport> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new CliError(`--url needs an absolute http(s) URL, got "${target.url}".`, EXIT.usage);
  }
  // Loaded only for --url: it pulls in an SSE parser that stdio runs never need.
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(url, { requestInit: { headers: { ...target.headers } } });
}

function toCliError(error: unknown, target: ServerTarget, transport: RecordingTransport, stderr: StderrTail, timeoutSeconds: number): CliError {
  if (error instanceof CliError) return error;
  const tail = stderr.format();
  const where = target.kind === 'stdio' ? `"${[target.command, ...target.args].join(' ')}"` : target.url;
  if (transport.nonProtocolError) return buildNonProtocolError(transport.nonProtocolError, transport.stdoutLines, tail);
  const code = (error as NodeJS.ErrnoException).code;
  if (target.kind === 'stdio' && (code === 'ENOENT' || code === 'EACCES')) {
    const why = code === 'ENOENT' ? 'command not found' : 'permission denied';
    return new CliError(`Cannot start ${where}: ${why}. Check the command after \`--\` and your PATH.`, EXIT.commandNotFound);
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new CliError(`The server ${where} did not answer within ${timeoutSeconds} s (--timeout).${tail}`, EXIT.timeout);
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return new CliError(`The server ${where} exited before answering${describeExit(transport.exit)}.${tail || ' It wrote nothing to stderr.'}`, EXIT.serverCrashed);
  }
  if (error instanceof McpError && error.code === ErrorCode.MethodNotFound && transport.sentToolsList) {
    return new CliError(`The server ${where} does not answer tools/list (${error.message}): it lists no tools.`, EXIT.noTools);
  }
  if (target.kind === 'http' && isHttpFailure(error)) {
    return new CliError(`The HTTP endpoint ${where} ${describeHttpFailure(error, target.url)}.`, EXIT.httpRefused);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`The server ${where} answered with an error: ${message}${tail}`, EXIT.serverError);
}

/** ` (exit code 1)`, ` (killed by SIGTERM)`, or nothing when the exit was not seen. */
function describeExit(exit: ChildExit | undefined): string {
  if (exit === undefined) return '';
  if (exit.code !== null) return ` (exit code ${exit.code})`;
  return exit.signal ? ` (killed by ${exit.signal})` : '';
}

/** Lines quoted from stdout are cut here: a log line is short, a dumped object is not. */
const QUOTE_CHARS = 200;

function buildNonProtocolError(error: Error, lines: StdoutLines | undefined, tail: string): CliError {
  const bad = lines?.findNonProtocolLine();
  const what =
    bad === undefined
      ? `text that is not an MCP message to stdout (${error.message.split('\n')[0]})`
      : `line ${bad.number} of its stdout, which is not a JSON-RPC message: ${JSON.stringify(bad.text.length > QUOTE_CHARS ? `${bad.text.slice(0, QUOTE_CHARS)}…` : bad.text)}`;
  return new CliError(
    `The server wrote ${what}. Over stdio, stdout carries only JSON-RPC messages; a server must log to stderr.${tail}`,
    EXIT.nonProtocolOutput,
  );
}

function isHttpFailure(error: unknown): boolean {
  // StreamableHTTPError (an HTTP status such as 401 or 404), matched by name: its module loads lazily.
  if (error instanceof Error && error.message.startsWith('Streamable HTTP error')) return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

function describeHttpFailure(error: unknown, url: string): string {
  const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, a bad port) is in its cause.
  if (cause?.message === 'bad port') {
    return (
      `was not contacted: Node's fetch refuses port ${new URL(url).port}, one the Fetch standard blocks because another protocol uses it ` +
      '(6000 is X11, 6667 IRC, 10080 Amanda). Serve the MCP endpoint on another port'
    );
  }
  if (cause?.code === 'ECONNREFUSED') return `refused the connection (${cause.message}): nothing listens there; check that the server runs, on this host and port`;
  if (cause?.message) return `could not be reached: ${cause.message}`;
  const status = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return `refused: ${typeof status === 'number' ? `HTTP ${status} (${message})` : message}`;
}

/**
 * Sits between the SDK client and the real transport: keeps the raw `tools/list` answers (before the
 * SDK's schema strips unknown fields) and turns the first line that is not JSON-RPC into a failure.
 */
class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  nonProtocolError: Error | undefined;
  sentToolsList = false;
  lastToolsPage: { tools: PublishedTool[]; nextCursor: string | undefined } = { tools: [], nextCursor: undefined };
  readonly nonProtocolFailure: Promise<never>;
  private rejectNonProtocol: (error: unknown) => void = () => undefined;
  private readonly toolsListIds = new Set<string | number>();
  /** The child's exit, once seen (stdio). */
  exit: ChildExit | undefined;
  /** Every line the child wrote to stdout so far (stdio), to quote the one that is not JSON-RPC. */
  stdoutLines: StdoutLines | undefined;

  constructor(
    private readonly inner: Transport,
    private readonly getChildOf: (transport: Transport) => ChildProcess | undefined,
  ) {
    this.nonProtocolFailure = new Promise<never>((_resolve, reject) => {
      this.rejectNonProtocol = reject;
    });
    // Nobody may be racing this promise yet; an unobserved rejection must not crash the process.
    this.nonProtocolFailure.catch(() => undefined);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.recordToolsPage(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => {
      if (isNonProtocolError(error) && !this.nonProtocolError) {
        this.nonProtocolError = error;
        this.rejectNonProtocol(error);
      }
      this.onerror?.(error);
    };
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
    const child = this.getChildOf(this.inner);
    if (child) {
      const lines = new StdoutLines();
      this.stdoutLines = lines;
      child.stdout?.on('data', (chunk: Buffer) => lines.add(chunk));
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
      });
    }
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && message.method === 'tools/list' && 'id' in message) {
      this.sentToolsList = true;
      this.toolsListIds.add(message.id);
    }
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  private recordToolsPage(message: JSONRPCMessage): void {
    if (!('id' in message) || !('result' in message) || !this.toolsListIds.has(message.id)) return;
    const result = message.result as { tools?: unknown; nextCursor?: unknown };
    const tools = Array.isArray(result.tools) ? (result.tools as PublishedTool[]) : [];
    this.lastToolsPage = { tools, nextCursor: typeof result.nextCursor === 'string' ? result.nextCursor : undefined };
  }
}

/** What the stdio read buffer throws for a line that is not JSON, or JSON that is not JSON-RPC. */
function isNonProtocolError(error: Error): boolean {
  return error instanceof SyntaxError || error.name === 'ZodError' || error.constructor?.name === 'ZodError';
}

interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** What the server wrote to stdout, line by line, as the SDK's reader splits it (up to a limit). */
class StdoutLines {
  private text = '';
  private lines = 0;
  private readonly kept: { number: number; text: string }[] = [];

  add(chunk: Buffer): void {
    this.text += chunk.toString('utf8');
    let end = this.text.indexOf('\n');
    while (end !== -1) {
      this.lines++;
      if (this.kept.length < MAX_KEPT_LINES) this.kept.push({ number: this.lines, text: this.text.slice(0, end).replace(/\r$/, '') });
      this.text = this.text.slice(end + 1);
      end = this.text.indexOf('\n');
    }
    if (this.text.length > STDERR_KEEP_BYTES) this.text = this.text.slice(0, STDERR_KEEP_BYTES);
  }

  /** The first line that is not a JSON-RPC message, with its line number. */
  findNonProtocolLine(): { number: number; text: string } | undefined {
    return this.kept.find((line) => !isJsonRpcLine(line.text));
  }
}

/** Enough lines to reach a banner or a log line before the first answers. */
const MAX_KEPT_LINES = 100;

function isJsonRpcLine(line: string): boolean {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === '2.0';
  } catch {
    return false;
  }
}

/** The end of what the server wrote to stderr, for the message when it fails. */
class StderrTail {
  private text = '';

  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString('utf8')).slice(-STDERR_KEEP_BYTES);
  }

  format(): string {
    const lines = this.text.trimEnd().split('\n');
    if (lines.length === 1 && lines[0] === '') return '';
    const tail = lines.slice(-STDERR_TAIL_LINES);
    return `\nLast ${tail.length} line${tail.length === 1 ? '' : 's'} of its stderr:\n${tail.map((line) => `  ${line}`).join('\n')}`;
  }
}
