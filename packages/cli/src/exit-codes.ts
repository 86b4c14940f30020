/**
 * Every exit code the CLI uses, in one place; docs/cli.md lists the same table (a test keeps them equal).
 * Failures to reach a server each get their own code so a CI script can tell them apart.
 */
export const EXIT = {
  ok: 0,
  /** `report`: a file did not parse; `budget`: over budget. Everything else was still reported. */
  findings: 1,
  /** Bad flags, a missing path, an unknown command. */
  usage: 2,
  /** The server command does not exist or cannot be run. */
  commandNotFound: 3,
  /** The server process exited before answering (its stderr tail is shown). */
  serverCrashed: 4,
  /** The server did not answer within `--timeout` seconds. */
  timeout: 5,
  /** The server wrote something that is not an MCP message to stdout. */
  nonProtocolOutput: 6,
  /** The server answered but listed no tools (or does not support `tools/list`). */
  noTools: 7,
  /** The HTTP endpoint refused the connection or answered with an HTTP error. */
  httpRefused: 8,
  /** The budget file is missing, is not JSON, or has a wrong field. */
  badBudgetFile: 9,
  /** The server answered `initialize` or `tools/list` with a protocol error. */
  serverError: 10,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error that ends a command with a given exit code and a message for stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
