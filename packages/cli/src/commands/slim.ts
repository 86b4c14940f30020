/**
 * `toolslim slim [paths…] --instructions <dir>`: the one-time slimming migration. Flags → the codemod's
 * engine (`planSlim`, verified in memory) → a diff, a size table, JSON, or the written files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import {
  buildUnifiedDiff,
  findUncommittedFiles,
  hasChanges,
  loadToolslimSettings,
  planSlim,
  SlimError,
  writeSlimPlan,
  DEFAULT_INSTRUCTIONS_DIR,
  DEFAULT_POINTER,
  type SlimPlan,
} from '@toolslim/codemod';
import { parseFlags, getPositiveNumber } from '../args.js';
import { CliError, EXIT } from '../exit-codes.js';
import { findSourceFiles } from '../files.js';
import type { Command } from '../io.js';
import { createStyle, formatNumber, printJson, renderTable, type Style } from '../print.js';

/** A progress bar is worth its noise only on a terminal and on a run long enough to wait for. */
const PROGRESS_MIN_FILES = 50;

export const SLIM_HELP = `Usage: toolslim slim [paths…] [options]

Moves the "how" (rules, defaults, examples, formats, warnings) out of tool descriptions into
<instructions>/<family>.md, keeps a one-to-three sentence "what and when", appends a pointer, and
writes an index <instructions>/README.md. Verifies before writing: every moved sentence is in a
markdown file and every published tool is unchanged apart from its description.

Options:
  --instructions <dir>   Folder for the instruction files (default ${DEFAULT_INSTRUCTIONS_DIR}).
  --dry-run              Print the diff and the sizes before → after; write nothing.
  --check                Exit 1 when something would change; write nothing.
  --json                 Print the result as JSON.
  --force                Also change files that have uncommitted git changes.
  --pointer <template>   Sentence appended to slimmed descriptions; {tool}, {family}, {file}
                         are filled in (default '${DEFAULT_POINTER}').
  --tool-name <name>     Name of the runtime tool that serves the files (default read_instructions).
  --keep <n>             What/when sentences kept after the first one (default 2).
  --tsconfig <file>      tsconfig.json used to resolve imported constants.
  --no-wire              Do not add serveInstructions (@toolslim/runtime) to the server setup.
  -h, --help             Show this help.
`;

export const slim: Command = async (args, io) => {
  const { values, positionals } = parseFlags(args, {
    instructions: { type: 'string' },
    'dry-run': { type: 'boolean' },
    check: { type: 'boolean' },
    json: { type: 'boolean' },
    force: { type: 'boolean' },
    pointer: { type: 'string' },
    'tool-name': { type: 'string' },
    keep: { type: 'string' },
    tsconfig: { type: 'string' },
    'no-wire': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(SLIM_HELP);
    return EXIT.ok;
  }
  if (values.tsconfig && !existsSync(path.resolve(io.cwd, values.tsconfig))) throw new CliError(`No such file: ${values.tsconfig} (--tsconfig)`, EXIT.usage);
  const style = createStyle(io.isTTY, io.env);
  const { files, skipped } = findSourceFiles(positionals.length > 0 ? positionals : ['.'], io.cwd);
  const keep = values.keep === '0' ? 0 : getPositiveNumber(values.keep, '--keep', { integer: true });
  const progress = io.isTTY && !values.json && files.length > PROGRESS_MIN_FILES ? startProgress(files.length) : undefined;
  // The families (and other toolslim settings) come from the user's ESLint config, as the rules read them.
  const loaded = await loadToolslimSettings(io.cwd, files[0]);
  if (loaded.note) io.stderr(`${style.yellow('note')} ${loaded.note}\n`);
  let plan: SlimPlan;
  try {
    plan = planSlim({
      cwd: io.cwd,
      files,
      settings: loaded.settings,
      instructionsDir: values.instructions,
      pointer: values.pointer,
      instructionsTool: values['tool-name'],
      extraSentences: keep,
      wire: !values['no-wire'],
      tsconfig: values.tsconfig ? path.resolve(io.cwd, values.tsconfig) : undefined,
      onProgress: progress ? (done) => progress.update(done) : undefined,
    });
  } finally {
    progress?.stop();
  }
  const relative = (file: string) => path.relative(io.cwd, file).split(path.sep).join('/') || '.';
  for (const file of skipped) io.stderr(`${style.yellow('skipped')} ${relative(file.filePath)}: ${file.reason}\n`);
  const changing = [...plan.sources, ...plan.instructions].map((change) => change.file);
  const dirty = values.force ? [] : findUncommittedFiles(changing, io.cwd);
  const dryRun = Boolean(values['dry-run'] || values.check);

  if (values.json) io.stdout(printJson(buildJson(plan, dirty, relative, values['dry-run'] ? buildUnifiedDiff(plan) : undefined)));
  else {
    if (values['dry-run']) io.stdout(buildUnifiedDiff(plan));
    io.stdout(printSlim(plan, style));
    io.stderr(printNotes(plan, style, relative));
  }
  if (plan.problems.length > 0) {
    if (!values.json) io.stderr(`${style.red('error')} verification failed, nothing was written:\n${plan.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return EXIT.findings;
  }
  if (values.check) return hasChanges(plan) || plan.errors.length > 0 ? EXIT.findings : EXIT.ok;
  if (dryRun || !hasChanges(plan)) return plan.errors.length > 0 ? EXIT.findings : EXIT.ok;
  if (dirty.length > 0) {
    throw new CliError(
      `These files have uncommitted changes; commit or stash them, or pass --force:\n${dirty.map((file) => `  ${relative(file)}`).join('\n')}`,
      EXIT.findings,
    );
  }
  try {
    writeSlimPlan(plan);
  } catch (error) {
    if (error instanceof SlimError) throw new CliError(error.message, EXIT.findings);
    throw error;
  }
  if (!values.json) {
    io.stdout(`Wrote ${changing.length} file${changing.length === 1 ? '' : 's'}.\n`);
    if (plan.install?.added) io.stdout(`Next: run \`${plan.install.command}\` (${relative(plan.install.packageJson)} now depends on @toolslim/runtime).\n`);
  }
  return plan.partial ? EXIT.findings : EXIT.ok;
};

function startProgress(total: number): SingleBar {
  const bar = new SingleBar({ format: 'slim [{bar}] {value}/{total} files', stream: process.stderr, clearOnComplete: true, hideCursor: true });
  bar.start(total, 0);
  return bar;
}

/** Per-tool and total sizes before → after, as `--dry-run` and a normal run print them. */
function printSlim(plan: SlimPlan, style: Style): string {
  if (plan.tools.length === 0) return `Nothing to slim in ${formatNumber(plan.totals.tools)} tool${plan.totals.tools === 1 ? '' : 's'}.\n`;
  const arrow = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined ? '–' : `${formatNumber(before)} → ${formatNumber(after)}`;
  const rows = plan.tools.map((tool) => [
    tool.name,
    `${tool.file}:${tool.line}`,
    arrow(tool.before?.bytes, tool.after?.bytes),
    arrow(tool.before?.tokens, tool.after?.tokens),
    String(tool.movedUnits),
    tool.instructions,
  ]);
  const { before, after } = plan.totals;
  const saved = before.bytes === 0 ? 0 : Math.round(((before.bytes - after.bytes) / before.bytes) * 100);
  const table = renderTable(['tool', 'where', 'bytes', 'tokens', 'moved', 'instructions'], rows, ['left', 'left', 'right', 'right', 'right', 'left'], style);
  return `${table}\n\nAll ${formatNumber(plan.totals.tools)} tools: ${arrow(before.bytes, after.bytes)} bytes (−${saved}%), ${arrow(before.tokens, after.tokens)} tokens.\n`;
}

function printNotes(plan: SlimPlan, style: Style, relative: (file: string) => string): string {
  const lines = [
    ...plan.wiring.map((wiring) =>
      wiring.wired
        ? `${style.green('wired')} ${relative(wiring.file)}: the instruction files are served at run time (as resources and a tool).`
        : `${style.yellow('to do')} ${relative(wiring.file)}: ${wiring.reason}; add these lines so agents can read the moved text:\n${wiring.lines.map((line) => `    ${line}`).join('\n')}`,
    ),
    ...(plan.tools.length > 0 && plan.wiring.length === 0
      ? [`${style.yellow('to do')} no MCP server setup found: serve ${relative(plan.instructionsDir)} to the agent, e.g. with serveInstructions from @toolslim/runtime.`]
      : []),
    ...plan.skipped.map((tool) => `${style.yellow('skipped')} ${tool.name ?? '(unnamed tool)'} at ${tool.file}:${tool.line}: ${tool.reason}`),
    ...plan.errors.map((error) => `${style.red('error')} ${error.file}: ${error.message} (left untouched)`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function buildJson(plan: SlimPlan, dirty: readonly string[], relative: (file: string) => string, diff: string | undefined) {
  return {
    changed: hasChanges(plan),
    // partial: some tools were skipped (see `skipped`) or files could not be read (`errors`); the rest was slimmed.
    status: plan.partial ? 'partial' : 'complete',
    install: plan.install ? { ...plan.install, packageJson: relative(plan.install.packageJson) } : undefined,
    files: [...plan.sources, ...plan.instructions].map((change) => ({ file: relative(change.file), created: change.before === undefined })),
    tools: plan.tools.map(({ descriptionBefore, descriptionAfter, ...tool }) => ({ ...tool, descriptionBefore, descriptionAfter })),
    totals: plan.totals,
    skipped: plan.skipped,
    errors: plan.errors,
    problems: plan.problems,
    uncommitted: dirty.map(relative),
    wiring: plan.wiring.map((wiring) => ({ ...wiring, file: relative(wiring.file) })),
    ...(diff === undefined ? {} : { diff }),
  };
}

