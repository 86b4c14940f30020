/**
 * `toolslim slim [paths…] --instructions <dir>`: the one-time slimming migration. Flags → the codemod's
 * engine (`planSlim`, verified in memory) → a diff, a size table, JSON, or the written files.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import {
  buildPlanFile,
  buildUnifiedDiff,
  findUncommittedFiles,
  parsePlanFile,
  PlanFileError,
  planSlimFromPlanFile,
  writeAtomically,
  type PlanRun,
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
import { getMoveThreshold, slimFromServer } from './slim-server.js';
import { formatFiles } from '../format.js';
import { createStyle, formatNumber, printJson, renderTable, type Style } from '../print.js';
import { buildWiringNotes } from '../wiring-notes.js';

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
  --move-threshold <p>   How sure (0–1) the prose model must be that a sentence is no guardrail or
                         constraint before it moves (default 0.9, chosen on the labelled dev sets;
                         lower moves more and risks more:
                         https://github.com/toolslim/toolslim/blob/main/docs/how-categories.md).
  --plan <file>          Write the plan to <file> instead of changing files: one list item per unit
                         with its mark ([stay], [move], [move!] or [param:NAME]), the reason and
                         the sizes before → after. Change marks, then apply it.
  --apply <file>         Carry out a plan written by --plan, with the options it was written with.
                         Refused, with nothing written, when a source changed since, the plan is
                         malformed, a unit's text was edited or a mark is not allowed. With
                         --dry-run, print the diff it would write.
  --tsconfig <file>      tsconfig.json used to resolve imported constants.
  --no-wire              Do not add serveInstructions (@toolslim/runtime) to the server setup.
  --even-if-larger       Slim even when what serving the moved text adds to every request (the
                         read_instructions tool, the server instructions) outweighs what it saves.
  --server <command>     Slim from what this server publishes: plan on its tools/list, find each
                         moved sentence where it is written, start it again to check, then write.
  --url <url>            The same over Streamable HTTP. With --server, that command serves the URL
                         and is started to list and to check; alone, the server is not checked.
  --header <k: v>        A header for --url (repeatable).
  --build <command>      With --server: build the slimmed copy before starting it (e.g. "npm run build").
  --timeout <s>          With --server or --url: seconds to wait for each answer (default 30).
  -h, --help             Show this help.
`;

/** Every flag `slim` takes; --help documents each (test/cli-help.test.ts). */
export const SLIM_FLAGS = {
  instructions: { type: 'string' },
  'dry-run': { type: 'boolean' },
  check: { type: 'boolean' },
  json: { type: 'boolean' },
  force: { type: 'boolean' },
  pointer: { type: 'string' },
  'tool-name': { type: 'string' },
  keep: { type: 'string' },
  'move-threshold': { type: 'string' },
  plan: { type: 'string' },
  apply: { type: 'string' },
  tsconfig: { type: 'string' },
  'no-wire': { type: 'boolean' },
  'even-if-larger': { type: 'boolean' },
  server: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  build: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const slim: Command = async (args, io) => {
  const { values, positionals } = parseFlags(args, SLIM_FLAGS, 'slim');
  if (values.help) {
    io.stdout(SLIM_HELP);
    return EXIT.ok;
  }
  if (values.tsconfig && !existsSync(path.resolve(io.cwd, values.tsconfig))) throw new CliError(`No such file: ${values.tsconfig} (--tsconfig)`, EXIT.usage);
  if (values.plan !== undefined && existsSync(path.resolve(io.cwd, values.plan)) && statSync(path.resolve(io.cwd, values.plan)).isDirectory()) {
    throw new CliError(`--plan names the file to write the plan to, and ${values.plan} is a folder: give a file, e.g. --plan slim-plan.md.`, EXIT.usage);
  }
  const style = createStyle(io.isTTY, io.env);
  checkPlanFlags(values, positionals);
  if (values.server !== undefined || values.url !== undefined) return slimFromServer(values, positionals, io, style);
  const applied = values.apply === undefined ? undefined : readPlanToApply(values.apply, io.cwd);
  const run: PlanRun = applied?.machine.run ?? {
    paths: positionals.length > 0 ? positionals : ['.'],
    ...(values.instructions === undefined ? {} : { instructionsDir: values.instructions }),
    ...(values.pointer === undefined ? {} : { pointer: values.pointer }),
    ...(values['tool-name'] === undefined ? {} : { instructionsTool: values['tool-name'] }),
    ...((keep) => (keep === undefined ? {} : { extraSentences: keep }))(values.keep === '0' ? 0 : getPositiveNumber(values.keep, '--keep', { integer: true })),
    ...((threshold) => (threshold === undefined ? {} : { moveThreshold: threshold }))(getMoveThreshold(values['move-threshold'])),
    ...(values.tsconfig === undefined ? {} : { tsconfig: values.tsconfig }),
    wire: !values['no-wire'],
    skipUnprofitable: !values['even-if-larger'],
  };
  const { files, skipped } = findSourceFiles(run.paths, io.cwd);
  const progress = io.isTTY && !values.json && files.length > PROGRESS_MIN_FILES ? startProgress(files.length) : undefined;
  // The families (and other toolslim settings) come from the user's ESLint config, as the rules read them.
  const loaded = await loadToolslimSettings(io.cwd, files[0]);
  if (loaded.note) io.stderr(`${style.yellow('note')} ${loaded.note}\n`);
  let plan: SlimPlan;
  try {
    const options = {
      cwd: io.cwd,
      files,
      settings: loaded.settings,
      instructionsDir: run.instructionsDir,
      pointer: run.pointer,
      instructionsTool: run.instructionsTool,
      extraSentences: run.extraSentences,
      moveThreshold: run.moveThreshold,
      wire: run.wire,
      skipUnprofitable: run.skipUnprofitable,
      tsconfig: run.tsconfig ? path.resolve(io.cwd, run.tsconfig) : undefined,
      onProgress: progress ? (done: number) => progress.update(done) : undefined,
    };
    plan = applied ? planSlimFromPlanFile(applied, options) : planSlim(options);
  } catch (error) {
    // A folder slim must not take over, or settings it cannot use, say: nothing was planned.
    if (error instanceof SlimError) throw new CliError(error.message, EXIT.usage);
    // A plan that cannot be carried out as written: nothing was planned, nothing is written.
    if (error instanceof PlanFileError && values.apply !== undefined) throw new CliError(describePlanError(values.apply, error), EXIT.usage);
    throw error;
  } finally {
    progress?.stop();
  }
  if (values.plan !== undefined) return writePlanFile(plan, run, values.plan, io, style);
  const relative = (file: string) => path.relative(io.cwd, file).split(path.sep).join('/') || '.';
  for (const file of skipped) io.stderr(`${style.yellow('skipped')} ${relative(file.filePath)}: ${file.reason}\n`);
  const changing = [...plan.sources, ...plan.instructions].map((change) => change.file);
  const dirty = values.force ? [] : findUncommittedFiles(changing, io.cwd);
  const dryRun = Boolean(values['dry-run'] || values.check);

  if (values.json) io.stdout(printJson(buildJson(plan, dirty, relative, values['dry-run'] ? buildUnifiedDiff(plan) : undefined)));
  else {
    if (values['dry-run']) io.stdout(buildUnifiedDiff(plan));
    // A real run says what it slimmed once it is written; a dry run (or one with nothing to do) says it now.
    io.stdout(printSlim(plan, style, dryRun, dryRun || !hasChanges(plan), files.length));
    io.stderr(printNotes(plan, style, relative, dryRun));
  }
  if (plan.problems.length > 0) {
    if (!values.json) io.stderr(`${style.red('error')} verification failed, nothing was written:\n${plan.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return EXIT.findings;
  }
  if (values.check) return hasChanges(plan) || plan.errors.length > 0 ? EXIT.findings : EXIT.ok;
  // A partial result (tools skipped, files unread, moved text not served) exits 1 every time it is
  // printed: on the run that writes, on a dry run, and on the next run that has nothing left to change.
  if (dryRun || !hasChanges(plan)) return getExitCode(plan);
  if (dirty.length > 0) {
    throw new CliError(
      `These files have uncommitted changes; commit or stash them, or pass --force:\n${dirty.map((file) => `  ${relative(file)}`).join('\n')}`,
      EXIT.findings,
    );
  }
  try {
    writeSlimPlan(plan);
    // The repository's own formatter check must pass: what slim wrote is formatted the project's way.
    const formatter = formatFiles(io.cwd, io.cwd, changing);
    if (!values.json) io.stdout(printWritten(plan, style, relative));
    if (formatter && !values.json) io.stdout(`Formatted the changed files with ${formatter}.\n`);
  } catch (error) {
    if (error instanceof SlimError) throw new CliError(error.message, EXIT.findings);
    throw error;
  }
  if (!values.json) {
    io.stdout(`Wrote ${changing.length} file${changing.length === 1 ? '' : 's'}.\n`);
    const added = (plan.installs ?? (plan.install ? [plan.install] : [])).filter((install) => install.added);
    if (added.length === 1) io.stdout(`Next: run \`${added[0].command}\` (${relative(added[0].packageJson)} now depends on @toolslim/runtime).\n`);
    if (added.length > 1) io.stdout(`Next: run the install in each package that now depends on @toolslim/runtime:\n${added.map((install) => `  ${relative(path.dirname(install.packageJson))}: \`${install.command}\``).join('\n')}\n`);
  }
  return getExitCode(plan);
};

/** Flags that do not go with `--plan` or `--apply`: a plan is written from the source, and applied as written. */
function checkPlanFlags(values: Record<string, unknown>, positionals: readonly string[]): void {
  const given = (names: readonly string[]) => names.filter((name) => values[name] !== undefined && values[name] !== false).map((name) => `--${name}`);
  if (values.plan !== undefined && values.apply !== undefined) throw new CliError('--plan writes a plan and --apply carries one out; give one of them.', EXIT.usage);
  const remote = given(['server', 'url']);
  if ((values.plan !== undefined || values.apply !== undefined) && remote.length > 0) {
    throw new CliError(`${values.plan !== undefined ? '--plan' : '--apply'} reads the source files; it does not work with ${remote.join(' or ')}.`, EXIT.usage);
  }
  const planOnly = given(['dry-run', 'check', 'json']);
  if (values.plan !== undefined && planOnly.length > 0) throw new CliError(`--plan writes the plan file and nothing else; drop ${planOnly.join(', ')}.`, EXIT.usage);
  const replayed = given(['instructions', 'pointer', 'tool-name', 'keep', 'move-threshold', 'tsconfig', 'no-wire', 'even-if-larger']);
  if (values.apply !== undefined && (replayed.length > 0 || positionals.length > 0)) {
    const what = [...(positionals.length > 0 ? ['the paths'] : []), ...replayed].join(', ');
    throw new CliError(`--apply runs with the paths and options the plan was written with; drop ${what}.`, EXIT.usage);
  }
}

/** The plan file to apply, parsed; a missing or malformed file stops the run with its line and why. */
function readPlanToApply(file: string, cwd: string) {
  let text: string;
  try {
    text = readFileSync(path.resolve(cwd, file), 'utf8');
  } catch {
    throw new CliError(`No such plan file: ${file} (--apply). Write one with toolslim slim --plan ${file}.`, EXIT.usage);
  }
  try {
    return parsePlanFile(text);
  } catch (error) {
    if (error instanceof PlanFileError) throw new CliError(describePlanError(file, error), EXIT.usage);
    throw error;
  }
}

function describePlanError(file: string, error: PlanFileError): string {
  return `${file}${error.line === undefined ? '' : `:${error.line}`}: ${error.reason} Nothing was written.`;
}

/** `--plan`: the plan file, and one line on what it holds. */
function writePlanFile(plan: SlimPlan, run: PlanRun, file: string, io: Parameters<Command>[1], style: Style): number {
  const target = path.resolve(io.cwd, file);
  if (plan.problems.length > 0) {
    io.stderr(`${style.red('error')} verification failed, no plan was written:\n${plan.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return EXIT.findings;
  }
  writeAtomically(target, buildPlanFile(plan, run));
  const units = (plan.units ?? []).flatMap((tool) => tool.texts.flatMap((text) => text.units));
  const moved = units.filter((unit) => unit.place === 'markdown').length;
  const toParams = units.filter((unit) => unit.place === 'parameter').length;
  const tools = plan.units?.length ?? 0;
  io.stdout(
    `Wrote the plan to ${file}: ${countOf(tools, 'tool')}, ${countOf(units.length, 'unit')} (${formatNumber(moved)} to move, ${formatNumber(toParams)} to a parameter). ` +
      `Change the marks you disagree with, then run \`toolslim slim --apply ${file}\`.\n`,
  );
  return EXIT.ok;
}

function getExitCode(plan: SlimPlan): number {
  return plan.partial ? EXIT.findings : EXIT.ok;
}

function startProgress(total: number): SingleBar {
  const bar = new SingleBar({ format: 'slim [{bar}] {value}/{total} files', stream: process.stderr, clearOnComplete: true, hideCursor: true });
  bar.start(total, 0);
  return bar;
}

/** Per-tool and total sizes before → after, as `--dry-run` and a normal run print them, and the counts. */
function printSlim(plan: SlimPlan, style: Style, dryRun: boolean, withCounts: boolean, fileCount: number): string {
  const found = plan.totals.found;
  if (found === 0) return `No tools found in ${countOf(fileCount, 'file')}.\n`;
  const counts = withCounts ? `${buildCounts(plan, dryRun)}\n` : '';
  if (plan.tools.length === 0) return counts;
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
  const change = formatChange(before.bytes, after.bytes);
  const table = renderTable(['tool', 'where', 'bytes', 'tokens', 'moved', 'instructions'], rows, ['left', 'left', 'right', 'right', 'right', 'left'], style);
  const readable = `${countOf(plan.totals.tools, 'readable tool')}${dryRun ? ' would go from' : ':'}`;
  return `${table}\n\n${counts}${readable} ${arrow(before.bytes, after.bytes)} bytes (${change}), ${arrow(before.tokens, after.tokens)} tokens.\n`;
}

/** "−12%", "+8%" or "±0%": the sign is the direction, never a minus before a negative number. */
export function formatChange(before: number, after: number): string {
  const percent = before === 0 ? 0 : Math.round((Math.abs(after - before) / before) * 100);
  if (percent === 0) return after === before ? '±0%' : after < before ? '−<1%' : '+<1%';
  return `${after < before ? '−' : '+'}${percent}%`;
}

function countOf(count: number, one: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : `${one}s`}`;
}

/** Why tools were left alone, in the user's words, most common first. */
const SKIP_GROUPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/built at run time|not static/, 'built at run time'],
  [/shared with/, 'shared text'],
  [/written in/, 'text in another file'],
  [/could not be planned/, 'could not be planned'],
];

/** "26 tools found: 12 slimmed, 14 skipped — 11 built at run time, 3 shared text". */
export function buildCounts(plan: Pick<SlimPlan, 'tools' | 'skipped' | 'totals'> & Partial<Pick<SlimPlan, 'unread'>>, dryRun: boolean): string {
  const slimmed = plan.tools.length;
  const skipped = plan.skipped.length;
  const unread = plan.unread?.length ?? 0;
  // "Already slim" only for tools whose text was read in full; the others say what was not read.
  const alreadySlim = Math.max(0, plan.totals.found - slimmed - skipped - unread);
  const parts = slimmed === 0 && skipped === 0 ? [] : [`${formatNumber(slimmed)} ${dryRun ? 'to slim' : 'slimmed'}`];
  if (alreadySlim > 0) parts.push(`${formatNumber(alreadySlim)} already slim`);
  if (unread > 0) parts.push(`${formatNumber(unread)} with nothing to move in the text slim could read (not all of it: see below)`);
  let text = `${countOf(plan.totals.found, 'tool')} found: ${parts.join(', ')}`;
  if (skipped > 0) {
    const groups = new Map<string, number>();
    for (const tool of plan.skipped) {
      const label = SKIP_GROUPS.find(([pattern]) => pattern.test(tool.reason))?.[1] ?? 'other';
      groups.set(label, (groups.get(label) ?? 0) + 1);
    }
    const reasons = [...groups].sort((a, b) => b[1] - a[1]).map(([label, count]) => `${formatNumber(count)} ${label}`);
    text += `, ${formatNumber(skipped)} skipped — ${reasons.join(', ')}`;
  }
  return `${text}.`;
}

/** Skipped tools, errors and wiring left to the user; wiring that is done is printed once it is written. */
function printNotes(plan: SlimPlan, style: Style, relative: (file: string) => string, dryRun: boolean): string {
  const lines = [
    ...plan.wiring.map((wiring) =>
      wiring.wired
        ? dryRun
          ? [`${style.green('would wire')} ${relative(wiring.file)}: the instruction files would be served at run time (as resources and a tool).`, ...buildWiringNotes(wiring, style)].join('\n')
          : undefined
        : `${style.yellow('to do')} ${relative(wiring.file)}: ${wiring.reason}; add these lines so agents can read the moved text:\n${wiring.lines.map((line) => `    ${line}`).join('\n')}`,
    ),
    ...(plan.tools.length > 0 && plan.wiring.length === 0
      ? [`${style.yellow('to do')} no MCP server setup found: serve ${relative(plan.instructionsDir)} to the agent, e.g. with serveInstructions from @toolslim/runtime.`]
      : []),
    ...buildReviewLines(plan, style, dryRun),
    ...plan.skipped.map((tool) => `${style.yellow('skipped')} ${tool.name ?? '(unnamed tool)'} at ${tool.file}:${tool.line}: ${tool.reason}`),
    ...(plan.unread ?? []).map((tool) => `${style.yellow('not read')} ${tool.name ?? '(unnamed tool)'} at ${tool.file}:${tool.line}: ${tool.reason}.`),
    ...plan.keptShared.map((text) => `${style.dim('kept')} ${text.file}:${text.line}: the text shared by ${text.params.join(', ')} is left as it is: ${text.reason}.`),
    ...plan.errors.map((error) => `${style.red('error')} ${error.file}: ${error.message} (left untouched)`),
  ].filter((line) => line !== undefined);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** How many moved sentences are printed for review; `--json` lists them all (`tools[].review`). */
const REVIEW_LINES = 10;

/**
 * Moved sentences the prose model gives a guardrail probability above its review threshold, to be read
 * before committing, with what each may put at risk (money, secrets, people, data loss, access).
 */
function buildReviewLines(plan: Pick<SlimPlan, 'tools'>, style: Style, dryRun: boolean): string[] {
  // One line per sentence: boilerplate appended to many tools is read once.
  const bySentence = new Map<string, { text: string; topics: readonly string[]; places: string[] }>();
  for (const tool of plan.tools) {
    for (const item of tool.review) {
      const text = item.text.replace(/\s+/g, ' ').trim();
      const where = `${item.param === undefined ? tool.name : `${tool.name}.${item.param}`} at ${tool.file}:${tool.line}`;
      const entry = bySentence.get(text) ?? { text, topics: item.topics, places: [] };
      entry.places.push(where);
      bySentence.set(text, entry);
    }
  }
  if (bySentence.size === 0) return [];
  const verb = dryRun ? 'would move' : 'moved';
  const entries = [...bySentence.values()];
  const lines = entries.slice(0, REVIEW_LINES).map(({ text, topics, places }) => {
    const others = places.length > 1 ? ` and ${countOf(places.length - 1, 'other place')}` : '';
    const risk = topics.length > 0 ? ` (${topics.join(', ')})` : '';
    return `${style.yellow('review')} ${places[0]}${others}: ${verb}${risk}\n  "${text.length > 90 ? `${text.slice(0, 87)}…` : text}"`;
  });
  const one = entries.length === 1;
  const count = formatNumber(entries.length);
  const subject = dryRun ? `${count} sentence${one ? ' that would move' : 's that would move'}` : `${count} moved sentence${one ? '' : 's'}`;
  const more = entries.length - lines.length;
  const summary = `${subject} may guard against harm: read ${one ? 'it' : 'them'} before committing${more > 0 ? ` (${formatNumber(more)} more not shown; --json lists all under tools[].review)` : ''}.`;
  return [...lines, `${style.yellow('review')} ${summary}`];
}

/** After the write: what was slimmed, and the servers that now serve the instruction files. */
function printWritten(plan: SlimPlan, style: Style, relative: (file: string) => string): string {
  const lines = [
    buildCounts(plan, false),
    ...plan.wiring
      .filter((wiring) => wiring.wired)
      .flatMap((wiring) => [`${style.green('wired')} ${relative(wiring.file)}: the instruction files are served at run time (as resources and a tool).`, ...buildWiringNotes(wiring, style)]),
  ];
  return `${lines.join('\n')}\n`;
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
    unread: plan.unread,
    keptShared: plan.keptShared,
    errors: plan.errors,
    problems: plan.problems,
    uncommitted: dirty.map(relative),
    wiring: plan.wiring.map((wiring) => ({ ...wiring, file: relative(wiring.file) })),
    ...(diff === undefined ? {} : { diff }),
  };
}


