/**
 * `toolslim slim --server "<start command>"` (or `--url <url>`): slims from what the running server
 * publishes. The server's own `tools/list` is planned on (`planSlimFromPublished`); the planned files are
 * written to a copy of the project, the server is started there again and must list the same tools with
 * only their description text changed plus `read_instructions`, which must serve every family. Only then
 * are the files written, each atomically. With `--url` slim cannot start the server again: it says so and
 * never calls the wiring proved.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildUnifiedDiff,
  DATA_FILE,
  findPackageRoot,
  findUncommittedFiles,
  hasChanges,
  isTestPath,
  loadToolslimSettings,
  planSlimFromPublished,
  SlimError,
  writeSlimPlan,
  type PublishedSlimPlan,
} from '@toolslim/codemod';
import { measureTool, type PublishedTool } from '@toolslim/core';
import { getPositiveNumber, parseHeaders } from '../args.js';
import { CliError, EXIT } from '../exit-codes.js';
import { findSourceFiles } from '../files.js';
import type { CommandIO } from '../io.js';
import { formatNumber, printJson, renderTable, type Style } from '../print.js';
import type { ListedServer, ServerTarget, ToolCall } from '../server.js';
import { DEFAULT_TIMEOUT_SECONDS } from '../target.js';
import { formatFiles } from '../format.js';

export interface SlimServerValues {
  readonly 'move-threshold'?: string;
  readonly server?: string;
  readonly url?: string;
  readonly header?: string[];
  readonly build?: string;
  readonly timeout?: string;
  readonly instructions?: string;
  readonly pointer?: string;
  readonly 'tool-name'?: string;
  readonly keep?: string;
  readonly 'dry-run'?: boolean;
  readonly check?: boolean;
  readonly json?: boolean;
  readonly force?: boolean;
  readonly 'no-wire'?: boolean;
  readonly 'even-if-larger'?: boolean;
}

const RUNTIME = '@toolslim/runtime';

export async function slimFromServer(values: SlimServerValues, positionals: readonly string[], io: CommandIO, style: Style): Promise<number> {
  const timeoutSeconds = getPositiveNumber(values.timeout, '--timeout') ?? DEFAULT_TIMEOUT_SECONDS;
  const launch = getLaunch(values, io);
  const before = await askServer(launch, io.cwd, timeoutSeconds, [], io.env);

  const relative = (file: string) => path.relative(io.cwd, file).split(path.sep).join('/') || '.';
  const found = findSourceFiles(positionals.length > 0 ? positionals : ['.'], io.cwd);
  // A copy left by a check that was interrupted is no part of the project.
  const files = found.files.filter((file) => !isTestPath(relative(file)) && !/(?:^|\/)\.toolslim-check-/.test(relative(file)));
  const dataFiles = findDataFiles(io.cwd, relative);
  const loaded = await loadToolslimSettings(io.cwd, files[0]);
  if (loaded.note) io.stderr(`${style.yellow('note')} ${loaded.note}\n`);
  const keep = values.keep === '0' ? 0 : getPositiveNumber(values.keep, '--keep', { integer: true });
  let plan: PublishedSlimPlan;
  try {
    plan = planSlimFromPublished({
      cwd: io.cwd,
      files,
      dataFiles,
      tools: before.tools,
      serverName: before.serverName,
      packageRoot: findServerPackage(launch, io.cwd),
      settings: loaded.settings,
      instructionsDir: values.instructions,
      pointer: values.pointer,
      instructionsTool: values['tool-name'],
      extraSentences: keep,
      moveThreshold: getMoveThreshold(values['move-threshold']),
      wire: !values['no-wire'],
      skipUnprofitable: !values['even-if-larger'],
    });
  } catch (error) {
    if (error instanceof SlimError) throw new CliError(error.message, EXIT.usage);
    throw error;
  }
  const dryRun = Boolean(values['dry-run'] || values.check);
  if (!values.json) {
    if (values['dry-run']) io.stdout(buildUnifiedDiff(plan));
    io.stdout(printPlan(plan, before, style, dryRun));
    io.stderr(printNotes(plan, style));
  }
  if (plan.problems.length > 0) {
    if (!values.json) io.stderr(`${style.red('error')} verification failed, nothing was written:\n${plan.problems.map((p) => `  ${p}`).join('\n')}\n`);
    else io.stdout(printJson(buildJson(plan, before, undefined, relative)));
    return EXIT.findings;
  }
  if (values.check) return hasChanges(plan) ? EXIT.findings : EXIT.ok;
  if (dryRun || !hasChanges(plan)) {
    if (values.json) io.stdout(printJson(buildJson(plan, before, undefined, relative)));
    return EXIT.ok;
  }
  const changing = [...plan.sources, ...plan.instructions].map((change) => change.file);
  const dirty = values.force ? [] : findUncommittedFiles(changing, io.cwd);
  if (dirty.length > 0) {
    throw new CliError(`These files have uncommitted changes; commit or stash them, or pass --force:\n${dirty.map((file) => `  ${relative(file)}`).join('\n')}`, EXIT.findings);
  }
  const outside = changing.filter((file) => relative(file).startsWith('..'));
  if (outside.length > 0) throw new CliError(`slim --server changes files outside ${io.cwd} (${outside.map(relative).join(', ')}); run it from the folder that holds them all.`, EXIT.usage);

  let checked: CheckResult | undefined;
  let written = plan;
  if (launch.canRestart) {
    // With --no-wire the moved text is served by hand later: the check is of the descriptions alone.
    const result = await checkInCopy(plan, launch, values.build, io, timeoutSeconds, values['no-wire'] ? undefined : (values['tool-name'] ?? 'read_instructions'));
    if (result.problems.length > 0) {
      if (values.json) io.stdout(printJson(buildJson(plan, before, result, relative)));
      else io.stderr(`${style.red('error')} the slimmed server did not pass its check, nothing was written:\n${result.problems.map((p) => `  ${p}`).join('\n')}\n`);
      return EXIT.findings;
    }
    checked = result;
    written = result.formatted;
  }
  try {
    writeSlimPlan(written);
  } catch (error) {
    if (error instanceof SlimError) throw new CliError(error.message, EXIT.findings);
    throw error;
  }
  if (values.json) io.stdout(printJson(buildJson(written, before, checked, relative)));
  else io.stdout(printWritten(written, before, checked, style, relative, changing.length));
  return written.partial || !checked ? EXIT.findings : EXIT.ok;
}

/** How to reach the server: a command over stdio, a URL, or a command that serves the URL (both flags). */
interface Launch {
  readonly target: ServerTarget;
  /** The command that starts an HTTP server, given with --url. */
  readonly start?: { readonly command: string; readonly args: readonly string[] };
  /** False for a URL alone: slim cannot start that server again. */
  readonly canRestart: boolean;
}

function getLaunch(values: SlimServerValues, io: CommandIO): Launch {
  const words = values.server === undefined ? undefined : splitCommandLine(values.server);
  if (words?.length === 0) throw new CliError('--server needs the command that starts the server, e.g. --server "node dist/index.js".', EXIT.usage);
  if (values.url !== undefined) {
    const target: ServerTarget = { kind: 'http', url: values.url, headers: parseHeaders(values.header) };
    return words ? { target, start: { command: words[0], args: words.slice(1) }, canRestart: true } : { target, canRestart: false };
  }
  return { target: { kind: 'stdio', command: words![0], args: words!.slice(1), cwd: io.cwd, env: io.env }, canRestart: true };
}

/**
 * List the server's tools (and make the calls), started in `cwd`. A command that serves the URL is started,
 * asked once it answers, and stopped.
 */
async function askServer(launch: Launch, cwd: string, timeoutSeconds: number, calls: readonly ToolCall[], env: NodeJS.ProcessEnv = process.env): Promise<ListedServer> {
  const { listServerTools } = await import('../server.js');
  if (launch.target.kind === 'stdio') return listServerTools({ ...launch.target, cwd }, { timeoutSeconds, calls });
  if (!launch.start) return listServerTools(launch.target, { timeoutSeconds, calls });
  const child = spawn(launch.start.command, [...launch.start.args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let exited: number | null | undefined;
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const gone = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code), resolve())));
  child.once('error', () => undefined);
  const deadline = Date.now() + timeoutSeconds * 1000;
  try {
    for (;;) {
      try {
        return await listServerTools(launch.target, { timeoutSeconds, calls });
      } catch (error) {
        if (exited !== undefined) throw new CliError(`The server "${[launch.start.command, ...launch.start.args].join(' ')}" exited (${exited}) before ${launch.target.url} answered.${stderr ? `\n${stderr.trimEnd()}` : ''}`, EXIT.serverCrashed);
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    if (exited === undefined) {
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (exited === undefined) child.kill('SIGKILL');
    }
  }
}

/**
 * The package of the file the start command runs (`node packages/api/dist/index.js` → `packages/api`), where
 * the instruction folder goes; the current folder when the command names no file of the project.
 */
function findServerPackage(launch: Launch, cwd: string): string | undefined {
  const args = launch.target.kind === 'stdio' ? [launch.target.command, ...launch.target.args] : launch.start ? [launch.start.command, ...launch.start.args] : [];
  for (const arg of args) {
    const file = path.resolve(cwd, arg);
    if (!arg.startsWith('-') && file.startsWith(path.resolve(cwd) + path.sep) && existsSync(file) && lstatSync(file).isFile()) {
      const root = findPackageRoot(file);
      return root !== undefined && (root === path.resolve(cwd) || root.startsWith(path.resolve(cwd) + path.sep)) ? root : undefined;
    }
  }
  return undefined;
}

/** A command line split into words as a shell would for a simple command: quotes and backslashes, no expansion. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word = (word ?? '') + line[++i];
      else word = (word ?? '') + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i];
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (quote) throw new CliError(`--server "${line}": a quote is not closed.`, EXIT.usage);
  if (word !== undefined) words.push(word);
  return words;
}

/** Files that are not where a server keeps its text. */
const NOT_DATA = /(?:^|\/)(?:package(?:-lock)?\.json|tsconfig(?:\.[\w-]+)?\.json|jsconfig\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|\.?eslintrc(?:\.[\w-]+)?\.(?:json|ya?ml)|biome\.jsonc?|\.prettierrc(?:\.json|\.ya?ml)?|renovate\.json|lerna\.json|turbo\.json|vercel\.json|\.github\/.*|docker-compose\.ya?ml)$/;
const MAX_DATA_BYTES = 1024 * 1024;

/** JSON and YAML files of the project a server may read its text from (no dependencies, no tests, no tool configs). */
function findDataFiles(root: string, relative: (file: string) => string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.isFile() && DATA_FILE.test(entry.name) && !NOT_DATA.test(relative(file)) && !isTestPath(relative(file)) && lstatSync(file).size <= MAX_DATA_BYTES) out.push(file);
    }
  };
  visit(root);
  return out.sort();
}

interface CheckResult {
  readonly problems: string[];
  /** The plan with every changed file as the project's formatter left it. */
  readonly formatted: PublishedSlimPlan;
  readonly after: ListedServer | undefined;
  /** Files of the copy formatted with the project's formatter, and which one. */
  readonly formatter: string | undefined;
  /** Texts the server lists with other spacing than planned (the same words, a line break more or less). */
  readonly spacing?: readonly string[];
}

/**
 * Write the plan into a copy of the project (inside it, so that packages resolve as they do for the
 * server), format what changed with the project's formatter, build when asked, start the server there and
 * compare what it lists with what it listed before.
 */
async function checkInCopy(
  plan: PublishedSlimPlan,
  launch: Launch,
  build: string | undefined,
  io: CommandIO,
  timeoutSeconds: number,
  toolName: string | undefined,
): Promise<CheckResult> {
  const root = path.resolve(io.cwd);
  const copy = mkdtempSync(path.join(root, '.toolslim-check-'));
  const inCopy = (file: string) => path.join(copy, path.relative(root, file));
  try {
    copyProject(root, copy);
    const changes = [...plan.instructions, ...plan.sources];
    for (const change of changes) {
      mkdirSync(path.dirname(inCopy(change.file)), { recursive: true });
      writeFileSync(inCopy(change.file), change.after);
    }
    const problems: string[] = [];
    const runtimeProblem = plan.install?.added ? provideRuntime(inCopy(path.dirname(plan.install.packageJson))) : undefined;
    if (runtimeProblem) return { problems: [runtimeProblem], formatted: plan, after: undefined, formatter: undefined };
    const formatter = formatFiles(root, copy, changes.map((change) => inCopy(change.file)));
    const formatted: PublishedSlimPlan = {
      ...plan,
      sources: plan.sources.map((change) => ({ ...change, after: readFileSync(inCopy(change.file), 'utf8') })),
      instructions: plan.instructions.map((change) => ({ ...change, after: readFileSync(inCopy(change.file), 'utf8') })),
    };
    if (build !== undefined) {
      const built = spawnSync(build, { cwd: copy, shell: true, encoding: 'utf8', env: io.env });
      if (built.status !== 0) return { problems: [`the build (${build}) failed in the slimmed copy:\n${(built.stderr || built.stdout).trim().split('\n').slice(-10).join('\n')}`], formatted, after: undefined, formatter };
    }
    const addedName = plan.families.length > 0 ? toolName : undefined;
    const families = [...plan.served.keys()];
    let after: ListedServer;
    try {
      after = await askServer(launch, copy, timeoutSeconds, addedName ? families.map((family) => ({ name: addedName, arguments: { family } })) : [], io.env);
    } catch (error) {
      return { problems: [`the slimmed server did not start and list its tools: ${error instanceof Error ? error.message : String(error)}`], formatted, after: undefined, formatter };
    }
    const compared = compareLists(plan, after, addedName, families);
    problems.push(...compared.problems);
    return { problems, formatted, after, formatter, spacing: compared.spacing };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** What must hold of the slimmed server's list: the same tools, only description text changed, plus the added tool serving every family. */
function compareLists(plan: PublishedSlimPlan, after: ListedServer, addedName: string | undefined, families: readonly string[]): { problems: string[]; spacing: string[] } {
  const problems: string[] = [];
  const spacing: string[] = [];
  const listed = new Map(after.tools.map((tool) => [tool.name, tool]));
  for (const [name, expected] of plan.expected) {
    const tool = listed.get(name);
    if (!tool) {
      problems.push(`${name} is no longer listed`);
      continue;
    }
    if (JSON.stringify(stripDescriptions(tool)) !== JSON.stringify(stripDescriptions(expected))) problems.push(`${name} changed more than its description text`);
    for (const [where, want, got] of listDescriptions(expected, tool)) {
      if (want !== got && normalise(want) !== normalise(got)) problems.push(`${name}${where}: ${describeDifference(normalise(want), normalise(got))}`);
      else if (want !== got) spacing.push(`${name}${where}`);
    }
  }
  const extra = after.tools.filter((tool) => !plan.expected.has(tool.name) && tool.name !== addedName);
  if (extra.length > 0) problems.push(`the slimmed server lists tools it did not list before: ${extra.map((tool) => tool.name).join(', ')}`);
  if (addedName) {
    if (!listed.has(addedName)) problems.push(`${addedName} is not listed: the wiring does not reach the list the server publishes`);
    families.forEach((family, i) => {
      const call = after.calls[i];
      const wanted = plan.served.get(family) ?? [];
      if (!call || call.isError) problems.push(`${addedName} family="${family}" did not answer (${call?.text ?? 'no answer'})`);
      else if (wanted.some((text) => !normalise(call.text).includes(normalise(text)))) problems.push(`${addedName} family="${family}" does not serve all of the moved text`);
    });
  }
  return { problems, spacing };
}

function stripDescriptions(tool: PublishedTool): unknown {
  const strip = (value: unknown, key: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => strip(item, undefined));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'description' && typeof v === 'string' && key !== 'properties' ? [] : [[k, strip(v, k)]])));
  };
  return strip(tool, undefined);
}

/** Every description of the tool (its own and, at any depth, its schema's), by path, as planned and as listed. */
function listDescriptions(expected: PublishedTool, got: PublishedTool): Array<[string, string, string]> {
  const collect = (value: unknown, where: string, key: string | undefined, out: Map<string, string>) => {
    if (Array.isArray(value)) value.forEach((item, i) => collect(item, `${where}[${i}]`, undefined, out));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'description' && typeof v === 'string' && key !== 'properties') out.set(where, v);
        else collect(v, key === 'properties' ? `${where}.${k}` : `${where}/${k}`, k, out);
      }
    }
  };
  const want = new Map<string, string>();
  const have = new Map<string, string>();
  collect(expected, '', undefined, want);
  collect(got, '', undefined, have);
  return [...want].map(([where, text]) => [where === '' ? ' description' : ` ${where.replace(/^\/inputSchema\/properties/, '')}`, text, have.get(where) ?? '']);
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Where two texts first differ: the server's text and the planned one from a little before that point. */
function describeDifference(want: string, got: string): string {
  let at = 0;
  while (at < want.length && at < got.length && want[at] === got[at]) at++;
  const from = Math.max(0, at - 30);
  const quote = (text: string) => `${from > 0 ? '…' : ''}${text.slice(from, at + 50)}${text.length > at + 50 ? '…' : ''}`;
  return `from character ${at + 1} the server lists "${quote(got)}", the plan expected "${quote(want)}"`;
}

/** Copy a project: `node_modules` folders are linked (the copy's own top one holds links, so the runtime can be added to it). */
function copyProject(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name === '.git' || entry.name.startsWith('.toolslim-check-')) continue;
    if (entry.name === 'node_modules' && entry.isDirectory()) symlinkSync(realpathSync(source), target, 'dir');
    else if (entry.isDirectory()) {
      mkdirSync(target);
      copyProject(source, target);
    } else if (entry.isSymbolicLink()) symlinkSync(realpathSync(source), target);
    else if (entry.isFile()) copyFileSync(source, target);
  }
}

/**
 * The slimmed server imports the runtime, which the project installs only after this run ("Next:"): for
 * the check, the package that declares it gets a copy of the runtime this CLI runs with, whose own imports
 * (the SDK, zod) resolve to the project's.
 */
function provideRuntime(packageDir: string): string | undefined {
  let runtimeDir: string;
  try {
    const entry = createRequire(import.meta.url).resolve(RUNTIME);
    runtimeDir = path.dirname(path.dirname(entry));
  } catch {
    return `${RUNTIME} is not installed beside toolslim, so the slimmed server cannot be started to check it; install ${RUNTIME} in the project first`;
  }
  const modules = path.join(packageDir, 'node_modules');
  if (existsSync(path.join(modules, ...RUNTIME.split('/')))) return undefined;
  // The linked node_modules becomes a folder of links, so that adding the runtime changes nothing of the project's own.
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    const real = realpathSync(modules);
    rmSync(modules);
    mkdirSync(modules);
    for (const name of readdirSync(real)) symlinkSync(path.join(real, name), path.join(modules, name));
  }
  const scope = path.join(modules, RUNTIME.split('/')[0]);
  if (existsSync(scope) && lstatSync(scope).isSymbolicLink()) {
    const real = realpathSync(scope);
    rmSync(scope);
    mkdirSync(scope);
    for (const name of readdirSync(real)) symlinkSync(path.join(real, name), path.join(scope, name));
  }
  const target = path.join(modules, ...RUNTIME.split('/'));
  mkdirSync(target, { recursive: true });
  copyFileSync(path.join(runtimeDir, 'package.json'), path.join(target, 'package.json'));
  copyTree(path.join(runtimeDir, 'dist'), path.join(target, 'dist'));
  return undefined;
}

function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) copyTree(path.join(from, entry.name), path.join(to, entry.name));
    else copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
  }
}

function sumBytes(tools: readonly PublishedTool[]): number {
  return tools.reduce((sum, tool) => sum + measureTool(tool).bytes, 0);
}

function printPlan(plan: PublishedSlimPlan, before: ListedServer, style: Style, dryRun: boolean): string {
  if (plan.tools.length === 0) return `${before.tools.length} tools listed: nothing to slim.\n`;
  const rows = plan.tools.map((tool) => [tool.name, `${tool.file}:${tool.line}`, `${formatNumber(tool.before?.bytes ?? 0)} → ${formatNumber(tool.after?.bytes ?? 0)}`, String(tool.movedUnits), tool.instructions]);
  const table = renderTable(['tool', 'text written in', 'bytes', 'moved', 'instructions'], rows, ['left', 'left', 'right', 'right', 'left'], style);
  const verb = dryRun ? 'would go from' : 'planned:';
  return `${table}\n\n${before.tools.length} tools listed: ${plan.tools.length} ${dryRun ? 'to slim' : 'slimmed'}, ${plan.partlySlimmed.length} partly, ${plan.skipped.length} left as they are. Published bytes ${verb} ${formatNumber(plan.totals.before.bytes)} → ${formatNumber(plan.totals.after.bytes)} (estimate).\n`;
}

function printNotes(plan: PublishedSlimPlan, style: Style): string {
  const lines = [
    ...plan.partlySlimmed.map((tool) => `${style.yellow('partly slimmed')} ${tool.name}: ${tool.reason}.`),
    ...plan.skipped.map((tool) => `${style.yellow('skipped')} ${tool.name ?? '(unnamed tool)'}: ${tool.reason}.`),
    ...plan.errors.map((error) => `${style.red('error')} ${error.file}: ${error.message} (left untouched)`),
    ...plan.wiring.filter((w) => !w.wired).map((w) => `${style.yellow('to do')} ${w.reason}; add these lines so agents can read the moved text:\n${w.lines.map((line) => `    ${line}`).join('\n')}`),
  ];
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function printWritten(plan: PublishedSlimPlan, before: ListedServer, checked: CheckResult | undefined, style: Style, relative: (file: string) => string, count: number): string {
  const lines = [`Wrote ${count} file${count === 1 ? '' : 's'}.`];
  if (checked?.after) {
    const families = [...plan.served.keys()];
    lines.push(`Published bytes, as the server lists them: ${formatNumber(sumBytes(before.tools))} → ${formatNumber(sumBytes(checked.after.tools))} (read_instructions included).`);
    for (const wiring of plan.wiring.filter((w) => w.wired)) {
      lines.push(`${style.green('wired')} ${relative(wiring.file)}: checked by starting the server again; it lists the same tools and read_instructions, which serves ${families.length} famil${families.length === 1 ? 'y' : 'ies'} (${families.join(', ')}).`);
    }
    if (checked.formatter) lines.push(`Formatted the changed files with ${checked.formatter}.`);
    if (checked.spacing && checked.spacing.length > 0) lines.push(`${checked.spacing.length} text${checked.spacing.length === 1 ? '' : 's'} read as planned with other spacing (${checked.spacing.slice(0, 3).join(', ')}${checked.spacing.length > 3 ? ', …' : ''}).`);
  } else {
    for (const wiring of plan.wiring.filter((w) => w.wired)) {
      lines.push(`${style.yellow('not checked')} ${relative(wiring.file)}: serveInstructions was added, but slim cannot start a server it reaches by --url; start it again and run \`toolslim measure --url …\` to see read_instructions listed.`);
    }
  }
  const packages = [...new Set([...(plan.install ? [plan.install] : [])].filter((install) => install.added).map((install) => `\`${install.command}\` in ${relative(path.dirname(install.packageJson))}`))];
  if (packages.length > 0) lines.push(`Next: run ${packages.join(', ')} (it now depends on ${RUNTIME}).`);
  return `${lines.join('\n')}\n`;
}

function buildJson(plan: PublishedSlimPlan, before: ListedServer, checked: CheckResult | undefined, relative: (file: string) => string) {
  return {
    changed: hasChanges(plan),
    status: plan.partial ? 'partial' : 'complete',
    checked: checked === undefined ? false : checked.problems.length === 0,
    spacing: checked?.spacing ?? [],
    published: { before: sumBytes(before.tools), ...(checked?.after ? { after: sumBytes(checked.after.tools) } : {}) },
    files: [...plan.sources, ...plan.instructions].map((change) => ({ file: relative(change.file), created: change.before === undefined })),
    tools: plan.tools,
    partlySlimmed: plan.partlySlimmed,
    skipped: plan.skipped,
    errors: plan.errors,
    problems: [...plan.problems, ...(checked?.problems ?? [])],
    wiring: plan.wiring.map((wiring) => ({ ...wiring, file: relative(wiring.file), proved: checked !== undefined && checked.problems.length === 0 && wiring.wired })),
    install: plan.install ? { ...plan.install, packageJson: relative(plan.install.packageJson) } : undefined,
    totals: plan.totals,
  };
}

/** `--move-threshold`: a number above 0 and at most 1. */
export function getMoveThreshold(value: string | undefined): number | undefined {
  const threshold = getPositiveNumber(value, '--move-threshold');
  if (threshold !== undefined && threshold > 1) throw new CliError(`--move-threshold needs a number above 0 and at most 1, got "${value}".`, EXIT.usage);
  return threshold;
}
