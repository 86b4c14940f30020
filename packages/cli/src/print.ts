/**
 * Every piece of text the CLI prints is built here (tables, totals, notes, markdown, JSON), so the
 * commands stay flag parsing plus calls into `core`, and CLI snapshots have one place to change.
 */
import { createColors } from 'picocolors';
import { getClientProfiles, type ReportJson, type ReportTool } from '@toolslim/core';
import type { Budget, BudgetChange, BudgetCheck, BudgetOffender, GrownTool } from './budget.js';
import type { CompareRow } from './compare.js';
import type { SkippedFile } from './files.js';
import { isWorthSlimming, type ClientProblem, type Story } from './story.js';
import { buildToolsetsLine } from './toolsets-line.js';

export type Style = ReturnType<typeof createColors>;

/** Colour only on a terminal, and never when NO_COLOR is set. */
export function createStyle(isTTY: boolean, env: NodeJS.ProcessEnv): Style {
  return createColors(isTTY && !env.NO_COLOR);
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

function formatPercent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

function formatSigned(value: number): string {
  return `${value > 0 ? '+' : ''}${formatNumber(value)}`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

export function printJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

type Align = 'left' | 'right';

/** A plain-text table: columns padded to their widest cell, numbers right-aligned, two spaces between. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[], style: Style): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => visibleLength(row[column]))));
  const renderRow = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const padding = ' '.repeat(widths[column] - visibleLength(cell));
        return align[column] === 'right' ? padding + cell : cell + padding;
      })
      .join('  ')
      .trimEnd();
  return [style.bold(renderRow(headers)), ...rows.map(renderRow)].join('\n');
}

function visibleLength(text: string): number {
  // Colour codes take no room on screen.
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}

function formatSplit(tool: ReportTool): string {
  return `${formatNumber(tool.nameBytes)} / ${formatNumber(tool.descriptionBytes)} / ${formatNumber(getSchemaBytes(tool))}`;
}

// ---------------------------------------------------------------- report

/** The width the default output keeps to (`report --wide` lifts it for the table). */
export const OUTPUT_WIDTH = 100;

export interface ReportView {
  readonly report: ReportJson;
  readonly fileCount: number;
  /** What the report says after the table; absent when there are no tools. */
  readonly story?: Story;
  /** Show every column in full instead of fitting the table to OUTPUT_WIDTH. */
  readonly wide?: boolean;
}

/**
 * `toolslim report`: the heaviest tools first, totals, how many were only partly readable, and then the
 * story: per-family totals, client limits broken, what `slim` would remove, the next command.
 */
export function printReport({ report, fileCount, story, wide }: ReportView, style: Style): string {
  const lines: string[] = [];
  if (report.tools.length === 0) {
    const broken = report.errors.length;
    lines.push(
      broken === 0
        ? `Read ${plural(fileCount, 'file')}: no tool declarations found.`
        : `Read ${plural(fileCount, 'file')}: ${plural(broken, 'file')} could not be parsed (above), and no tool declarations were found in the rest.`,
    );
    lines.push(...printUnread(report, style));
    lines.push(...printRequests(report));
    if (story) lines.push('', `Next: ${story.next}`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`Read ${plural(fileCount, 'file')}: ${plural(report.tools.length, 'tool')}, heaviest first.`, '');
  const rows = report.tools.map((tool) => {
    // No bytes at all: the name or the input schema cannot be read, so nothing can be measured.
    const unknown = tool.dynamic && tool.bytes === 0;
    return [
      tool.name,
      tool.family,
      unknown ? '?' : formatNumber(tool.bytes),
      unknown ? '?' : formatNumber(tool.tokens),
      unknown ? '?' : formatSplit(tool),
      `${tool.file}:${tool.line}`,
    ];
  });
  const headers = ['tool', 'family', 'bytes', '~tokens', wide ? 'name / description / schema' : 'name/desc/schema', 'declared at'];
  const fitted = wide ? rows : fitColumns(headers, rows, [{ column: 5, from: 'left', min: 16 }, { column: 0, from: 'right', min: 20 }], OUTPUT_WIDTH - 2);
  // The dynamic marker is added after fitting so that a cut name keeps it.
  const marked = fitted.map((row, i) => {
    const tool = report.tools[i];
    const marks = `${tool.dynamic ? ` ${style.yellow('*')}` : ''}${tool.conditional === undefined ? '' : ` ${style.yellow('?')}`}`;
    return marks ? [`${row[0]}${marks}`, ...row.slice(1)] : row;
  });
  lines.push(
    renderTable(headers, marked, ['left', 'left', 'right', 'right', 'right', 'left'], style),
    '',
    `Total: ${plural(report.totals.tools, 'tool')}, ${formatNumber(report.totals.bytes)} bytes, ~${formatNumber(report.totals.tokens)} tokens (o200k_base).`,
  );
  const dynamic = report.tools.filter((tool) => tool.dynamic).length;
  if (dynamic > 0) {
    lines.push(
      ...wrap(`${style.yellow('*')} ${plural(dynamic, 'tool')} only partly readable (dynamic text): counted with the text that can be read statically.`),
    );
  }
  if (story?.duplicates) {
    const { tools, folders } = story.duplicates;
    lines.push(
      ...wrap(
        `${style.yellow('note:')} ${plural(tools, 'tool')} ${tools === 1 ? 'is' : 'are'} declared the same in ${folders.join(' and ')} (source and build output?): ` +
          `the totals count each copy. Report one of them: toolslim report ${folders[0]}`,
      ),
    );
  }
  const conditional = report.tools.filter((tool) => tool.conditional !== undefined).length;
  if (conditional > 0) {
    lines.push(
      ...wrap(
        `${style.yellow('?')} ${plural(conditional, 'tool')} registered only under a run-time condition (an environment flag, a branch, a wrapper that may drop it): a server lists each only when its condition holds (\`report --json\`: \`conditional\`).`,
      ),
    );
  }
  lines.push(...printUnread(report, style));
  lines.push(...printRequests(report));
  if (story) lines.push(...printStory(story, report, style));
  return `${lines.join('\n')}\n`;
}

/** How many unread sinks are listed one by one; the rest are counted (`--json` has all). */
const UNREAD_SHOWN = 10;

/** Sinks whose tools could not be read: not counted above, so never left out in silence. */
function printUnread(report: ReportJson, style: Style): string[] {
  const unread = report.unread ?? [];
  if (unread.length === 0) return [];
  const lines = ['', ...wrap(`${style.yellow('!')} Not read (${plural(unread.length, 'place')}): toolslim could not read the tools registered here, so they are neither counted nor checked.`)];
  for (const miss of unread.slice(0, UNREAD_SHOWN)) lines.push(...wrap(`${miss.file}:${miss.line} ${miss.sink}: ${miss.reason}.`, '  ', '    '));
  if (unread.length > UNREAD_SHOWN) lines.push(`  … and ${plural(unread.length - UNREAD_SHOWN, 'more place')} (\`report --json\`: \`unread\`).`);
  return lines;
}

/** What each model-API request's tool array loads per call, and with every tool deferred (Anthropic tool search). */
function printRequests(report: ReportJson): string[] {
  if (!report.requests?.length) return [];
  const lines = ['', `Model API requests: ${plural(report.requests.length, 'tool array')}.`];
  for (const request of report.requests) {
    const vendor = request.vendor === 'anthropic' ? 'Anthropic' : 'OpenAI';
    const partly = request.unreadable === undefined ? '' : ` (partly readable: ${request.unreadable}; a lower bound)`;
    const deferral =
      request.withDeferralTokens === undefined
        ? ''
        : request.deferred
          ? `; ${plural(request.deferred, 'tool')} deferred`
          : `; ~${formatNumber(request.withDeferralTokens)} with every tool deferred behind tool search`;
    lines.push(
      ...wrap(
        `${request.file}:${request.line} ${vendor}, ${plural(request.tools, 'tool')}: ~${formatNumber(request.loadedTokens)} tokens loaded per request of ~${formatNumber(request.allTokens)}${deferral}${partly}.`,
        '  ',
        '    ',
      ),
    );
  }
  return lines;
}

function printStory(story: Story, report: ReportJson, style: Style): string[] {
  const lines: string[] = [];
  if (story.families.length > 1) {
    const rows = story.families.map((family) => [
      family.family,
      formatNumber(family.tools),
      formatNumber(family.bytes),
      formatNumber(family.tokens),
      `${Math.round(family.share * 100)}%`,
    ]);
    lines.push('', 'Per family:', renderTable(['family', 'tools', 'bytes', '~tokens', 'share'], rows, ['left', 'right', 'right', 'right', 'right'], style));
    lines.push(...[buildToolsetsLine(story.families, report.totals.bytes)].flatMap((line) => (line ? ['', ...wrap(line)] : [])));
  }
  const unknown = report.tools.filter((tool) => tool.dynamic && tool.bytes === 0).length;
  lines.push(
    '',
    ...(story.clientProblems.length === 0 && unknown > 0
      ? [`No readable tool is over a client's hard limit; ${plural(unknown, 'tool')} could not be measured from source.`]
      : printClientProblems(story.clientProblems, style)),
  );
  const estimate = story.slimEstimate;
  if (estimate && isWorthSlimming(report, story)) {
    const share = formatPercent(estimate.bytesSaved, report.totals.bytes);
    lines.push(
      '',
      ...wrap(
        `toolslim slim could slim ${formatNumber(estimate.slimmable)} of ${plural(estimate.tools, 'tool')}: about ${formatNumber(estimate.bytesSaved)} bytes ` +
          `(~${formatNumber(estimate.tokensSaved)} tokens, ${share}) less on every request, moved to instruction files the agent reads when it needs them` +
          `${estimate.skipped > 0 ? `; ${formatNumber(estimate.skipped)} would be left as ${estimate.skipped === 1 ? 'it is' : 'they are'}` : ''}.`,
      ),
    );
  } else if (estimate && estimate.slimmable > 0 && estimate.bytesSaved <= 0) {
    lines.push('', `toolslim slim could slim ${formatNumber(estimate.slimmable)} of ${plural(estimate.tools, 'tool')}; what it saves cannot be measured from source.`);
  } else if (estimate) {
    const little = estimate.slimmable > 0 ? `little to move (about ${formatNumber(estimate.bytesSaved)} bytes)` : 'nothing to move';
    // Tools whose moves would not pay (for the pointer, or for serving the text) are left as they are,
    // which is not the same as nothing to move: `slim --dry-run` says why for each.
    const text =
      estimate.slimmable === 0 && estimate.unprofitable > 0
        ? `toolslim slim leaves all ${plural(estimate.tools, 'tool')} as they are: what it would move from ${formatNumber(estimate.unprofitable)} of them does not pay for serving it (\`toolslim slim --dry-run\` says why).`
        : `toolslim slim finds ${little} in ${plural(estimate.tools, 'tool')}.`;
    lines.push('', ...wrap(text));
  }
  lines.push('', `Next: ${style.bold(story.next)}`);
  return lines;
}

/** What a group of problems of one kind breaks, for one client, in words. */
function describeProblems(first: ClientProblem, count: number): string {
  const limit = formatNumber(first.limit);
  const many = (one: string, more = `${one}s`) => `${formatNumber(count)} ${count === 1 ? one : more}`;
  switch (first.kind) {
    case 'description-cut':
      return `${many('description')} longer than its ${limit}-character limit`;
    case 'name-too-long':
      return `${many('name')} longer than its ${limit}-character limit`;
    case 'name-not-accepted': {
      const pattern = getClientProfiles([first.client])[0]?.toolNamePattern;
      return `${many('name')} it does not accept${pattern ? ` (${pattern.source})` : ''}`;
    }
    case 'qualified-name-too-long':
      return `${many('name')} longer than ${limit} characters as mcp__${first.server ?? '<server>'}__<tool>`;
    case 'server-and-name-too-long':
      return `${many('server + tool name')} longer than its ${limit}-character limit`;
    case 'too-many-tools':
      return `${formatNumber(first.actual)} tools, more than the ${limit} it uses`;
  }
}

/** One line per client and kind of problem, with the worst tools named. */
export function printClientProblems(problems: readonly ClientProblem[], style: Style): string[] {
  if (problems.length === 0) return ['No tool is over a client\'s hard limit (description, name, tool count).'];
  const groups = new Map<string, ClientProblem[]>();
  for (const problem of problems) {
    const key = `${problem.clientName}\u0000${problem.kind}\u0000${problem.server ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  const lines = [`${style.yellow('Over a client\'s hard limit')} (${plural(problems.length, 'problem')}):`];
  const shown = 3;
  for (const group of groups.values()) {
    const [first] = group;
    let text = `${first.clientName}: ${describeProblems(first, group.length)}`;
    if (first.kind !== 'too-many-tools') {
      const worst = [...group].sort((a, b) => b.actual - a.actual);
      const named = worst.slice(0, shown).map((problem) => `${problem.tool} (${formatNumber(problem.actual)})`);
      const more = worst.length > shown ? `, … and ${formatNumber(worst.length - shown)} more` : '';
      text += `: ${named.join(', ')}${more}`;
    }
    lines.push(...wrap(`${text}.`, '  ', '    '));
  }
  return lines;
}

/** Wrap prose to the output width, breaking at spaces; continuation lines get `rest` as indent. */
export function wrap(text: string, first = '', rest = first, width = OUTPUT_WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && visibleLength(line) + 1 + visibleLength(word) > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

interface Shrink {
  readonly column: number;
  /** `left`: keep the end (paths); `right`: keep the start (names). */
  readonly from: 'left' | 'right';
  readonly min: number;
}

/** Shorten the cells of the given columns, in order, until the table fits `width`. */
export function fitColumns(headers: readonly string[], rows: readonly (readonly string[])[], shrinks: readonly Shrink[], width: number): string[][] {
  const out = rows.map((row) => [...row]);
  const widths = () => headers.map((header, column) => Math.max(header.length, ...out.map((row) => visibleLength(row[column]))));
  for (const shrink of shrinks) {
    const current = widths();
    const total = current.reduce((sum, w) => sum + w, 0) + 2 * (headers.length - 1);
    if (total <= width) break;
    const target = Math.max(shrink.min, headers[shrink.column].length, current[shrink.column] - (total - width));
    for (const row of out) row[shrink.column] = shorten(row[shrink.column], target, shrink.from);
  }
  return out;
}

function shorten(text: string, width: number, from: 'left' | 'right'): string {
  if (text.length <= width) return text;
  if (from === 'right') return `${text.slice(0, width - 1)}…`;
  const tail = text.slice(text.length - (width - 1));
  // Start at a folder boundary, so the path still reads as a path.
  const slash = tail.indexOf('/');
  return slash >= 0 && slash < tail.length - 1 ? `…${tail.slice(slash)}` : `…${tail}`;
}

/** Notes for files left out and errors for files that failed; they go to stderr. */
export function printProblems(skipped: readonly SkippedFile[], errors: ReportJson['errors'], toShownPath: (filePath: string) => string, style: Style): string {
  const lines: string[] = [];
  for (const file of skipped) lines.push(`${style.dim('note:')} ${toShownPath(file.filePath)}: ${file.reason}`);
  for (const error of errors) lines.push(`${style.red('error:')} ${error.file}: ${error.message}`);
  if (errors.length > 0) lines.push(`${plural(errors.length, 'file')} could not be read or parsed; every other file is reported.`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- measure

export interface MeasureView {
  readonly report: ReportJson;
  readonly serverName: string | undefined;
  readonly serverVersion: string | undefined;
  readonly instructions: { readonly bytes: number; readonly tokens: number } | undefined;
  readonly pages: number;
  readonly top: number | undefined;
}

/** `toolslim measure`: what a running server lists, heaviest first, with the instructions and totals. */
export function printMeasure(view: MeasureView, style: Style): string {
  const { report } = view;
  const name = view.serverName ? `${view.serverName}${view.serverVersion ? ` ${view.serverVersion}` : ''}` : 'The server';
  const instructions = view.instructions
    ? `instructions ${formatNumber(view.instructions.bytes)} bytes (${formatNumber(view.instructions.tokens)} tokens)`
    : 'no instructions';
  const pages = view.pages > 1 ? ` over ${formatNumber(view.pages)} pages` : '';
  const lines = [`${name} lists ${plural(report.totals.tools, 'tool')}${pages}; ${instructions}.`, ''];
  const shown = view.top === undefined ? report.tools : report.tools.slice(0, view.top);
  const rows = shown.map((tool) => [
    tool.name,
    formatNumber(tool.bytes),
    formatNumber(tool.tokens),
    formatNumber(getQuarterBytes(tool.bytes)),
    formatSplit(tool),
    formatPercent(getSchemaBytes(tool), tool.bytes),
  ]);
  lines.push(
    renderTable(['tool', 'bytes', 'tokens', 'bytes/4', 'name / description / schema', 'schema share'], rows, ['left', 'right', 'right', 'right', 'right', 'right'], style),
  );
  if (shown.length < report.tools.length) lines.push(style.dim(`… and ${plural(report.tools.length - shown.length, 'lighter tool')} (--top ${view.top}).`));
  const schemaBytes = report.tools.reduce((sum, tool) => sum + getSchemaBytes(tool), 0);
  lines.push(
    '',
    `Total: ${plural(report.totals.tools, 'tool')}, ${formatNumber(report.totals.bytes)} bytes, ${formatNumber(report.totals.tokens)} tokens (o200k_base), ` +
      `${formatNumber(getQuarterBytes(report.totals.bytes))} by bytes/4; schemas are ${formatPercent(schemaBytes, report.totals.bytes)} of the bytes.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The rule-of-thumb estimate people quote next to a real tokenizer count. */
export function getQuarterBytes(bytes: number): number {
  return Math.round(bytes / 4);
}

// ---------------------------------------------------------------- budget

export interface BudgetView {
  readonly check: BudgetCheck;
  readonly budget: Budget;
  readonly budgetFile: string;
  /** `source` or the server it was measured from. */
  readonly measuredFrom: string;
  /** Set after `--update`. */
  readonly changes: readonly BudgetChange[] | undefined;
}

function describeOffender(offender: BudgetOffender): string {
  switch (offender.kind) {
    case 'total':
      return 'total over totalBytes';
    case 'grew':
      return 'listed in oversized, grew';
    case 'over-per-tool':
      return 'over perToolBytes, not listed';
  }
}

function getOffenderLabel(offender: BudgetOffender): string {
  return offender.kind === 'total' ? 'total' : offender.name;
}

function formatLimit(field: string, limit: number | undefined): string {
  return limit === undefined ? `no ${field}` : `${field} ${formatNumber(limit)}`;
}

export function printBudget(view: BudgetView, style: Style): string {
  const { check } = view;
  const lines = [
    `Budget ${view.budgetFile} (${formatLimit('totalBytes', view.budget.totalBytes)}, ${formatLimit('perToolBytes', view.budget.perToolBytes)}),`,
    `measured from ${view.measuredFrom}: ${plural(check.tools, 'tool')}, ${formatNumber(check.totalBytes)} bytes.`,
  ];
  if (check.offenders.length > 0) {
    const rows = check.offenders.map((offender) => [
      getOffenderLabel(offender),
      formatNumber(offender.bytes),
      formatNumber(offender.limit),
      style.red(formatSigned(offender.bytes - offender.limit)),
      describeOffender(offender),
    ]);
    lines.push('', renderTable(['over budget', 'bytes', 'limit', 'over by', 'why'], rows, ['left', 'right', 'right', 'right', 'left'], style));
    if (check.offenders.some((offender) => offender.kind === 'total')) lines.push('', ...wrap(describeGrowth(check.grew, view.budgetFile)));
  }
  for (const tool of check.shrank) {
    const hint = view.changes ? '' : ' (`toolslim budget --update` lowers its number)';
    lines.push(`${style.green('shrank:')} ${tool.name} is ${formatNumber(tool.bytes)} bytes, listed at ${formatNumber(tool.limit)}${hint}.`);
  }
  for (const tool of check.missing) {
    const hint = view.changes ? '' : ' (`toolslim budget --update` drops it)';
    lines.push(`${style.dim('gone:')} ${tool.name} is listed in oversized but was not found${hint}.`);
  }
  if (check.dynamicTools > 0) {
    lines.push(`${style.yellow('note:')} ${plural(check.dynamicTools, 'tool')} only partly readable from source: their bytes are a lower bound.`);
  }
  if (view.changes) lines.push(printChanges(view.changes, view.budgetFile));
  lines.push(
    '',
    check.ok
      ? style.green('Within budget.')
      : style.red(`Over budget: ${plural(check.offenders.length, 'problem')}.`),
  );
  if (!check.ok) lines.push(...wrap(buildAcceptIncrease(view.budgetFile)));
  return `${lines.join('\n')}\n`;
}

/** The grown tools, most first: what made the total go over. */
function describeGrowth(grew: readonly GrownTool[] | undefined, budgetFile: string): string {
  if (grew === undefined) return `${budgetFile} records no per-tool sizes, so the tools that grew cannot be named: \`toolslim budget --update\` adds them.`;
  if (grew.length === 0) return 'No tool grew past its recorded size: the total was already near its limit.';
  const shown = grew.slice(0, 5).map(describeGrown);
  const rest = grew.length > shown.length ? `, and ${plural(grew.length - shown.length, 'more tool')}` : '';
  return `Grew since ${budgetFile} recorded it: ${shown.join(', ')}${rest}.`;
}

function describeGrown(tool: GrownTool): string {
  return tool.recorded === undefined
    ? `${tool.name} (new, ${formatNumber(tool.bytes)} bytes)`
    : `${tool.name} (${formatNumber(tool.recorded)} → ${formatNumber(tool.bytes)}, ${formatSigned(tool.bytes - tool.recorded)})`;
}

/** `--update` only lowers numbers, by design: a bigger number is a decision, made by an edit. */
function buildAcceptIncrease(budgetFile: string): string {
  return `If the increase is intended, raise its number in ${budgetFile} (or start over from today's sizes: toolslim budget --init --force).`;
}

/** `budget` from a folder with no tools, against a budget that lists some: a wrong folder, not a pass. */
export function printNoToolsFound(folders: readonly string[], fileCount: number, budgetFile: string, listed: number): string {
  return (
    `No tools found in ${folders.join(', ')} (${plural(fileCount, 'file')} read),\n` +
    `but ${budgetFile} lists ${plural(listed, 'tool')}: a wrong folder?\n` +
    `Run toolslim budget in the server's folder, or name its source (toolslim budget src/).`
  );
}

function printChanges(changes: readonly BudgetChange[], budgetFile: string): string {
  if (changes.length === 0) return `Updated ${budgetFile}: nothing to lower.`;
  const list = changes.map((change) =>
    change.to === undefined ? `  ${change.field}: dropped (was ${formatNumber(change.from)})` : `  ${change.field}: ${formatNumber(change.from)} → ${formatNumber(change.to)}`,
  );
  return [`Updated ${budgetFile}:`, ...list].join('\n');
}

export function printBudgetMarkdown(view: BudgetView): string {
  const { check } = view;
  const lines = [
    `### toolslim budget: ${check.ok ? 'within budget' : 'over budget'}`,
    '',
    `Measured from ${view.measuredFrom} against \`${view.budgetFile}\`.`,
    '',
    '| | bytes | limit |',
    '| --- | ---: | ---: |',
    `| total (${plural(check.tools, 'tool')}) | ${formatNumber(check.totalBytes)} | ${view.budget.totalBytes === undefined ? '–' : formatNumber(view.budget.totalBytes)} |`,
  ];
  if (check.offenders.length > 0) {
    lines.push('', '**Over budget**', '', '| what | bytes | limit | over by | why |', '| --- | ---: | ---: | ---: | --- |');
    for (const offender of check.offenders) {
      const label = offender.kind === 'total' ? 'total' : `\`${offender.name}\``;
      lines.push(
        `| ${label} | ${formatNumber(offender.bytes)} | ${formatNumber(offender.limit)} | ${formatSigned(offender.bytes - offender.limit)} | ${describeOffender(offender)} |`,
      );
    }
    if (check.offenders.some((offender) => offender.kind === 'total')) lines.push('', describeGrowth(check.grew, `\`${view.budgetFile}\``));
  }
  if (check.shrank.length > 0) {
    lines.push('', '**Shrank** (run `toolslim budget --update` to lock the savings in)', '');
    for (const tool of check.shrank) lines.push(`- \`${tool.name}\`: ${formatNumber(tool.limit)} → ${formatNumber(tool.bytes)} bytes`);
  }
  if (check.missing.length > 0) {
    lines.push('', '**Listed but not found**', '');
    for (const tool of check.missing) lines.push(`- \`${tool.name}\` (listed at ${formatNumber(tool.limit)} bytes)`);
  }
  if (check.dynamicTools > 0) lines.push('', `${plural(check.dynamicTools, 'tool')} only partly readable from source: their bytes are a lower bound.`);
  if (!check.ok) lines.push('', buildAcceptIncrease(`\`${view.budgetFile}\``));
  return `${lines.join('\n')}\n`;
}

export function printInitialBudget(budget: Budget, budgetFile: string, report: ReportJson): string {
  const listed = Object.keys(budget.oversized).length;
  return (
    `Wrote ${budgetFile}: totalBytes ${formatNumber(budget.totalBytes ?? 0)} (today ${formatNumber(report.totals.bytes)} + 10% headroom), ` +
    `perToolBytes ${formatNumber(budget.perToolBytes ?? 0)}, ${plural(listed, 'oversized tool')} listed at today's size.\n`
  );
}

// ---------------------------------------------------------------- compare

const STATUS_TEXT: Record<CompareRow['status'], string> = {
  same: 'same',
  differs: 'differs',
  dynamic: 'partly readable in source',
  'runtime-only': 'only at run time',
  'source-only': 'only in source',
};

export function printCompare(rows: readonly CompareRow[], style: Style): string {
  const table = rows.map((row) => [
    row.name,
    row.staticBytes === undefined ? '–' : formatNumber(row.staticBytes),
    row.runtimeBytes === undefined ? '–' : formatNumber(row.runtimeBytes),
    row.staticBytes === undefined || row.runtimeBytes === undefined ? '' : formatSigned(row.runtimeBytes - row.staticBytes),
    row.status === 'same' ? STATUS_TEXT[row.status] : style.yellow(STATUS_TEXT[row.status]),
    row.file === undefined ? '' : `${row.file}:${row.line}`,
  ]);
  const count = (status: CompareRow['status']) => rows.filter((row) => row.status === status).length;
  const summary =
    `${formatNumber(count('same'))} same, ${formatNumber(count('differs'))} differ, ${formatNumber(count('dynamic'))} partly readable in source, ` +
    `${formatNumber(count('runtime-only'))} only at run time (the source analysis cannot see them), ${formatNumber(count('source-only'))} only in source.`;
  return `${renderTable(['tool', 'source bytes', 'server bytes', 'difference', 'status', 'declared at'], table, ['left', 'right', 'right', 'right', 'left', 'left'], style)}\n\n${summary}\n`;
}

export function printError(message: string, style: Style): string {
  return `${style.red('toolslim:')} ${message}\n`;
}

/** Input and output schemas together: what "schema" means in the human table. */
function getSchemaBytes(tool: { schemaBytes: number; outputSchemaBytes?: number }): number {
  return tool.schemaBytes + (tool.outputSchemaBytes ?? 0);
}
