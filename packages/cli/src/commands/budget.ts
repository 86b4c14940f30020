/**
 * `toolslim budget`: check today's sizes (from source, or from a running server) against the budget
 * file; `--init` starts one, `--update` ratchets it down, `--compare` sets source against server.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportJson } from '@toolslim/core';
import { getPositiveNumber, parseFlags, splitServerCommand } from '../args.js';
import {
  buildInitialBudget,
  checkBudget,
  DEFAULT_BUDGET_FILE,
  DEFAULT_PER_TOOL_BYTES,
  findLowered,
  lowerBudget,
  readBudgetFile,
  serializeBudget,
  type BudgetChange,
} from '../budget.js';
import { compareReports } from '../compare.js';
import { CliError, EXIT } from '../exit-codes.js';
import { BUDGET_HELP } from '../help.js';
import type { Command, CommandIO } from '../io.js';
import {
  createStyle,
  printBudget,
  printBudgetMarkdown,
  printCompare,
  printError,
  printInitialBudget,
  printNoToolsFound,
  printJson,
  printProblems,
  type Style,
} from '../print.js';
import type { ServerTarget } from '../server.js';
import { buildSourceReport, toRelative } from '../source.js';
import { describeTarget, getServerTarget, getTimeoutSeconds, measureServer, SERVER_FLAGS } from '../target.js';

type Format = 'text' | 'markdown' | 'json';

/** Every flag `budget` takes; --help documents each (test/cli-help.test.ts). */
export const BUDGET_FLAGS = {
  ...SERVER_FLAGS,
  budget: { type: 'string' },
  init: { type: 'boolean' },
  'per-tool': { type: 'string' },
  update: { type: 'boolean' },
  force: { type: 'boolean' },
  compare: { type: 'boolean' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const budget: Command = async (args, io) => {
  const { head, serverCommand } = splitServerCommand(args);
  const { values, positionals } = parseFlags(head, BUDGET_FLAGS, 'budget');
  if (values.help) {
    io.stdout(BUDGET_HELP);
    return EXIT.ok;
  }
  const format = getFormat(values.format, values.json);
  const target = getServerTarget(values, serverCommand, io);
  if (target && positionals.length > 0 && !values.compare) {
    throw new CliError('Paths measure from source; -- <command…> and --url measure a server. Give one or the other (or use --compare).', EXIT.usage);
  }
  if ([values.init, values.update, values.compare].filter(Boolean).length > 1) {
    throw new CliError('--init, --update and --compare do not combine: give one.', EXIT.usage);
  }
  if (values['per-tool'] !== undefined && !values.init) throw new CliError('--per-tool only applies with --init.', EXIT.usage);
  if (values.force && !values.init) throw new CliError('--force only applies with --init (to start the budget over).', EXIT.usage);
  // Every flag is checked before a file is read or a server started: a typo fails at once, alone.
  const perToolBytes = getPositiveNumber(values['per-tool'], '--per-tool', { integer: true }) ?? DEFAULT_PER_TOOL_BYTES;
  const timeoutSeconds = getTimeoutSeconds(values);
  const style = createStyle(io.isTTY, io.env);
  const paths = positionals.length > 0 ? positionals : ['.'];

  if (values.compare) {
    if (!target) throw new CliError('--compare needs a server: -- <command…> or --url <url>.', EXIT.usage);
    return runCompare(paths, target, timeoutSeconds, format, io, style);
  }

  const budgetFile = path.resolve(io.cwd, values.budget ?? DEFAULT_BUDGET_FILE);
  const shownFile = toRelative(budgetFile, io.cwd);
  // --init over an existing budget could raise its numbers, which only a deliberate edit may do.
  if (values.init && !values.force && existsSync(budgetFile)) {
    throw new CliError(
      `${shownFile} already exists; --init only starts a budget. Use --update to lower it, edit it to raise a limit, or --init --force to start over.`,
      EXIT.usage,
    );
  }
  // Read (and validate) the budget before measuring: a broken file should fail fast, not after a server start.
  const current = values.init ? undefined : readBudgetFile(budgetFile, shownFile);
  const measured = target ? await measureFromServer(target, timeoutSeconds) : measureFromSource(paths, io, style);

  if (values.init) {
    const initial = buildInitialBudget(measured.report, perToolBytes);
    writeFileSync(budgetFile, serializeBudget(initial));
    io.stdout(format === 'json' ? printJson({ budgetFile: shownFile, budget: initial }) : printInitialBudget(initial, shownFile, measured.report));
    return measured.report.errors.length > 0 ? EXIT.findings : EXIT.ok;
  }

  let active = current!;
  let changes: BudgetChange[] | undefined;
  if (values.update) {
    const lowered = lowerBudget(active, measured.report);
    changes = findLowered(active, lowered);
    // The recorded sizes change with the limits, and are added to a file written before they existed.
    if (serializeBudget(lowered) !== serializeBudget(active)) writeFileSync(budgetFile, serializeBudget(lowered));
    active = lowered;
  }
  // From the wrong folder nothing is found, and nothing found is never over budget: say so and fail.
  if (measured.folders && measured.report.tools.length === 0 && Object.keys(active.oversized).length > 0) {
    io.stderr(printError(printNoToolsFound(measured.folders, measured.fileCount ?? 0, shownFile, Object.keys(active.oversized).length), style));
    return EXIT.findings;
  }
  const check = checkBudget(measured.report, active);
  const view = { check, budget: active, budgetFile: shownFile, measuredFrom: measured.from, changes };
  if (format === 'json') {
    io.stdout(printJson({ ...check, budgetFile: shownFile, measuredFrom: measured.from, budget: active, changes: changes ?? null, errors: measured.report.errors }));
  } else {
    io.stdout(format === 'markdown' ? printBudgetMarkdown(view) : printBudget(view, style));
  }
  // A file that did not parse leaves the numbers incomplete: never a silent pass.
  return check.ok && measured.report.errors.length === 0 ? EXIT.ok : EXIT.findings;
};

function getFormat(value: string | undefined, json: boolean | undefined): Format {
  if (json) {
    if (value !== undefined && value !== 'json') throw new CliError(`--json and --format ${value} disagree.`, EXIT.usage);
    return 'json';
  }
  if (value === undefined) return 'text';
  if (value === 'text' || value === 'markdown' || value === 'json') return value;
  throw new CliError(`--format must be text, markdown or json, got "${value}".`, EXIT.usage);
}

interface Measured {
  readonly report: ReportJson;
  /** `source` or the server, for the output. */
  readonly from: string;
  /** Measured from source: the folders and files read (absolute), and how many files. */
  readonly folders?: readonly string[];
  readonly fileCount?: number;
}

function measureFromSource(paths: readonly string[], io: CommandIO, style: Style): Measured {
  const source = buildSourceReport(paths, io.cwd);
  io.stderr(printProblems(source.skipped, source.report.errors, (filePath) => toRelative(filePath, io.cwd), style));
  return { report: source.report, from: `source (${paths.join(', ')})`, folders: paths.map((p) => path.resolve(io.cwd, p)), fileCount: source.fileCount };
}

async function measureFromServer(target: ServerTarget, timeoutSeconds: number): Promise<Measured> {
  const measured = await measureServer(target, timeoutSeconds);
  return { report: measured.report, from: describeTarget(target) };
}

async function runCompare(paths: readonly string[], target: ServerTarget, timeoutSeconds: number, format: Format, io: CommandIO, style: Style): Promise<number> {
  if (format === 'markdown') throw new CliError('--compare prints text or JSON.', EXIT.usage);
  const fromSource = measureFromSource(paths, io, style);
  const fromServer = await measureFromServer(target, timeoutSeconds);
  const rows = compareReports(fromSource.report, fromServer.report);
  io.stdout(format === 'json' ? printJson({ tools: rows, errors: fromSource.report.errors }) : printCompare(rows, style));
  // The comparison informs; it only fails when the source could not be read.
  return fromSource.report.errors.length > 0 ? EXIT.findings : EXIT.ok;
}
