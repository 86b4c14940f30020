#!/usr/bin/env node
/**
 * Ecosystem check: install published MCP servers from the registry (scripts off), run toolslim's static
 * report over the JavaScript they ship, start each one with a throwaway HOME and dummy credentials, list
 * its tools with the MCP SDK client, and compare. Writes docs/accuracy.md.
 *
 *   node test/ecosystem/run.mjs            # after `pnpm build`; installs into test/ecosystem/.work
 *   node test/ecosystem/run.mjs --no-install
 *   node test/ecosystem/run.mjs --no-install --saved   # re-read statically; compare with the lists saved by the last start
 *   node test/ecosystem/run.mjs --only=hevy-mcp --saved --misses   # one package, every miss printed
 *   node test/ecosystem/run.mjs --list test/ecosystem/unseen-1.json          # a named list (see below)
 *   node test/ecosystem/run.mjs --list test/ecosystem/unseen-2.json --runtime-only   # record tools/list, read nothing
 *   node test/ecosystem/run.mjs --list test/ecosystem/unseen-3.json --work=/scratch/eco --no-install --saved   # packages installed elsewhere
 *
 * A named list is `{ "defaultEnv", "settings", "servers": { "<package>": { "version", "args", "env", "bin",
 * "source", "repo" } } }`. Its runtime lists are kept beside it in `test/ecosystem/recordings/<list>/` (committed,
 * so `--saved` measures without starting anything) and its table is written to `recordings/<list>/summary.md`
 * instead of docs/accuracy.md. A server with `source` is read from that folder of TypeScript source (under
 * `--sources=<dir>`, default test/ecosystem/.work/sources, which git ignores) instead of the JavaScript the package ships, and still
 * compared with the published package's `tools/list`.
 *
 * Not part of `pnpm test`: it installs ~25 packages and starts each server (a few minutes).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { buildReport, buildRuntimeReport } from '@toolslim/core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const argValue = (flag) => {
  const at = process.argv.indexOf(flag);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1);
};
/** Where packages are installed (and read from): `--work=<dir>`, default test/ecosystem/.work (git ignores it). */
const work = resolve(argValue('--work') ?? join(here, '.work'));
/** A named list of servers with their own start settings; without it, packages.json and servers.json. */
const listFile = argValue('--list');
const list = listFile ? JSON.parse(readFileSync(resolve(listFile), 'utf8')) : undefined;
const listName = listFile ? listFile.replace(/^.*\//, '').replace(/\.json$/, '') : undefined;
const recordings = listName ? join(here, 'recordings', listName) : undefined;
const sourcesDir = resolve(argValue('--sources') ?? join(work, 'sources'));
/** Start the servers of a list and keep their `tools/list`, without reading any of them statically. */
const runtimeOnly = process.argv.includes('--runtime-only');
const baseConfig = JSON.parse(readFileSync(join(here, 'servers.json'), 'utf8'));
const packages = list ? Object.keys(list.servers) : JSON.parse(readFileSync(join(here, 'packages.json'), 'utf8'));
const config = list
  ? { ...list.servers, defaultEnv: { ...baseConfig.defaultEnv, ...list.defaultEnv }, settings: list.settings ?? baseConfig.settings }
  : baseConfig;
const noInstall = process.argv.includes('--no-install');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
/** Compare with the `tools/list` saved by the last run that started the server, without starting it again. */
const saved = process.argv.includes('--saved');
const printMisses = process.argv.includes('--misses');
const START_LIMIT_MS = 20_000;

/** A stdio transport whose child runs in its own process group, so the whole group can be killed. */
class GroupStdioTransport {
  constructor(command, args, options) {
    this.command = command;
    this.args = args;
    this.options = options;
    this.buffer = new ReadBuffer();
    this.stderr = '';
    /** `tools/list` results exactly as the server sent them (the client's parsing may reshape objects). */
    this.rawTools = [];
  }
  async start() {
    this.child = spawn(this.command, this.args, { ...this.options, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.on('error', (error) => this.onerror?.(error));
    // A server that exits early closes its stdin; the write error is reported through the failed request.
    this.child.stdin.on('error', () => {});
    this.child.on('exit', () => this.onclose?.());
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child.stdout.on('data', (chunk) => {
      this.buffer.append(chunk);
      for (;;) {
        let message;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.nonProtocol = true;
          this.onerror?.(error);
          continue;
        }
        if (!message) break;
        if (message.result && Array.isArray(message.result.tools)) this.rawTools.push(...message.result.tools);
        this.onmessage?.(message);
      }
    });
  }
  async send(message) {
    if (!this.child.stdin.writable) throw new Error('server closed its input');
    this.child.stdin.write(serializeMessage(message));
  }
  async close() {
    this.kill();
  }
  kill() {
    if (this.child?.pid && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}

function packageDir(name) {
  return join(work, name.replace(/[/@]/g, '_'));
}

function install(name) {
  const dir = packageDir(name);
  if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  const spec = config[name]?.version ? `${name}@${config[name].version}` : name;
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: dir, stdio: 'inherit', timeout: 300_000 });
}

/** The JavaScript a package ships (its own files, not its dependencies). */
function findShippedFiles(dir) {
  const out = [];
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) visit(p);
      else if (/\.(?:c|m)?js$/.test(entry.name) && !entry.name.endsWith('.min.js') && statSync(p).size < 5_000_000) out.push(p);
    }
  };
  visit(dir);
  return out;
}

/** Minified bundles cannot be read statically; say so instead of reporting zero tools. */
function isMinified(code) {
  const lines = code.split('\n');
  const long = lines.filter((l) => l.length > 1000).length;
  return code.length > 20_000 && (long / lines.length > 0.2 || code.length / lines.length > 400);
}

function getBin(pkgJson, name) {
  const bin = pkgJson.bin;
  if (typeof bin === 'string') return bin;
  if (bin && typeof bin === 'object') {
    const wanted = config[name]?.bin;
    return bin[wanted] ?? Object.values(bin)[0];
  }
  return pkgJson.main;
}

async function listRuntime(name, pkgDir) {
  const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const bin = getBin(pkgJson, name);
  if (!bin) return { error: 'no bin entry' };
  const home = mkdtempSync(join(tmpdir(), 'toolslim-eco-'));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    NODE_ENV: 'production',
    npm_config_offline: 'true',
    ...config.defaultEnv,
    ...(config[name]?.env ?? {}),
  };
  const args = (config[name]?.args ?? []).map((a) => a.replace('$HOME', home));
  const transport = new GroupStdioTransport(process.execPath, [join(pkgDir, bin), ...args], { cwd: home, env });
  const client = new Client({ name: 'toolslim-ecosystem', version: '0.0.0' });
  const timer = setTimeout(() => transport.kill(), START_LIMIT_MS);
  try {
    await client.connect(transport, { timeout: START_LIMIT_MS });
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: START_LIMIT_MS });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return { tools: transport.rawTools.length === tools.length ? transport.rawTools : tools };
  } catch (error) {
    const tail = transport.stderr.trim().split('\n').slice(-3).join(' | ');
    const downloads = /download|installing|npm (?:i|install)|npx /i.test(transport.stderr);
    return { error: `${downloads ? 'tries to download/install at start; ' : ''}${error.message}${tail ? ` — stderr: ${tail}` : ''}` };
  } finally {
    clearTimeout(timer);
    transport.kill();
  }
}

const SOURCE_SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', 'out', '.git']);
/** The TypeScript and JavaScript source of a repository folder (declaration files and build output left out). */
function findSourceFiles(dir) {
  const out = [];
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (SOURCE_SKIP.has(entry.name) || entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) visit(p);
      else if (/\.(?:[cm]?[jt]s|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.min.') && statSync(p).size < 5_000_000) out.push(p);
    }
  };
  visit(dir);
  return out;
}

function staticReport(pkgDir, sourceDir) {
  const files = sourceDir ? findSourceFiles(sourceDir) : findShippedFiles(pkgDir);
  const sources = [];
  let minified = 0;
  for (const filePath of files) {
    const code = readFileSync(filePath, 'utf8');
    if (isMinified(code)) {
      minified++;
      // A named list measures what `toolslim report` gives a user, and the CLI reads minified files too.
      if (!list) continue;
    }
    sources.push({ filePath, code });
  }
  const report = buildReport(sources, { cwd: sourceDir ?? pkgDir, settings: config.settings ?? {} });
  return { report, files: files.length, minified };
}

const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

const isTestFile = (file) => /(^|\/)(__tests__|__mocks__|tests?|e2e|evals?|fixtures?|mocks?)\//.test(file) || /\.(test|spec|e2e|eval)\.[cm]?[jt]sx?$/.test(file);
const isUnnamed = (t) => /^\(.*\)$/.test(t.name) || t.unreadable?.some((u) => u.field === 'name');

/** The runtime list: saved by an earlier start (`--saved`), or from starting the server now (then saved). */
async function getRuntime(name, pkgDir) {
  const file = recordings ? join(recordings, `${name.replace(/[/@]/g, '_')}.json`) : join(packageDir(name), 'runtime-tools.json');
  if (saved && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  if (saved && recordings) return { error: `no saved tools/list (${relative(root, file)})` };
  const runtime = await listRuntime(name, pkgDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(runtime, null, 1) + '\n');
  return runtime;
}

/**
 * Compare the static report with the runtime list, as the real-world corpus does (test/realworld/run.mjs):
 * every listed tool counts, a tool only partly readable with its lower-bound bytes; a name declared twice
 * (ESM and CommonJS twins) is compared with the closer declaration among those with the fewest conditions.
 */
function compare(name, row, report, runtimeTools) {
  const byName = new Map();
  const nonTest = report.tools.filter((t) => !isTestFile(t.file ?? ''));
  for (const t of nonTest) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const runtimeReport = buildRuntimeReport(runtimeTools, config.settings ?? {});
  const sizeNote = config[name]?.sizeNote ? ` — ${config[name].sizeNote}` : '';
  for (const rt of runtimeReport.tools) {
    const candidates = byName.get(rt.name);
    if (!candidates) {
      row.misses.push(`${rt.name}: ${!list && row.minified > 0 && report.tools.length === 0 ? 'shipped minified' : 'not found statically'}`);
      continue;
    }
    row.found++;
    const rank = (t) => (t.conditional ? 1 : 0);
    const best = Math.min(...candidates.map(rank));
    const st = candidates.filter((t) => rank(t) === best).reduce((a, t) => (Math.abs(t.bytes - rt.bytes) < Math.abs(a.bytes - rt.bytes) ? t : a));
    const diff = Math.abs(st.bytes - rt.bytes) / rt.bytes;
    if (diff <= 0.02) row.within2++;
    if (diff <= 0.1) row.within10++;
    const marked = st.dynamic || (st.unreadable?.length ?? 0) > 0;
    if (marked) row.unreadable.push(`${rt.name}: ${(st.unreadable ?? []).map((u) => `${u.field}: ${u.reason}`).join('; ') || 'dynamic'}`);
    if (diff > 0.02) {
      if (!marked) row.readableButOff.push(rt.name);
      row.misses.push(`${rt.name}: static ${st.bytes} B vs runtime ${rt.bytes} B (${(diff * 100).toFixed(1)}%)${marked ? `, marked partly readable (${describeUnreadable(st)})` : ', NOT marked'}${sizeNote}`);
    }
  }
  const listed = new Set(runtimeReport.tools.map((t) => t.name));
  const seen = new Set();
  for (const t of nonTest) {
    if (isUnnamed(t) || listed.has(t.name) || seen.has(t.name) || t.conditional) continue;
    seen.add(t.name);
    row.phantoms.push(`${t.name} (${t.file}:${t.line})`);
  }
}

/** `inputSchema, outputSchema: why` — the fields of a partly readable tool, grouped by reason. */
function describeUnreadable(st) {
  const byReason = new Map();
  for (const u of st.unreadable ?? []) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u.field]);
  return [...byReason].map(([reason, fields]) => `${fields.join(', ')}: ${reason}`).join('; ') || 'dynamic';
}

async function main() {
  const rows = [];
  for (const name of packages) {
    if (only && name !== only) continue;
    const row = { name, listed: 0, found: 0, within2: 0, within10: 0, unreadable: [], readableButOff: [], phantoms: [], misses: [], notRead: [], silent: 0, note: '' };
    rows.push(row);
    try {
      if (!noInstall) install(name);
    } catch (error) {
      row.note = `install failed: ${String(error.message).split('\n')[0]}`;
      continue;
    }
    const pkgDir = join(packageDir(name), 'node_modules', name);
    if (!existsSync(pkgDir)) {
      row.note = 'not installed';
      continue;
    }
    row.version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
    if (runtimeOnly) {
      const runtime = await getRuntime(name, pkgDir);
      row.listed = runtime.tools?.length ?? 0;
      row.note = runtime.error ? `not started: ${runtime.error}`.slice(0, 300) : 'runtime list recorded, not read';
      process.stderr.write(`${name}: ${runtime.error ? row.note : `listed ${row.listed} (recorded, not read)`}\n`);
      continue;
    }
    const source = config[name]?.source;
    const sourceDir = source ? join(sourcesDir, source) : undefined;
    if (sourceDir && !existsSync(sourceDir)) {
      row.note = `source ${config[name].repo ?? source} not checked out under ${sourcesDir}`;
      continue;
    }
    if (sourceDir) row.read = `source ${config[name].repo ?? source}`;
    const { report, files, minified } = staticReport(pkgDir, sourceDir);
    row.minified = minified;
    row.files = files;
    const runtime = await getRuntime(name, pkgDir);
    if (runtime.error) {
      row.note = `not started: ${runtime.error}`.slice(0, 300);
      row.staticTools = report.tools.length;
      continue;
    }
    row.listed = runtime.tools.length;
    compare(name, row, report, runtime.tools);
    // No silent miss: a server with tools not found must have named what it could not read.
    row.notRead = (report.unread ?? []).map((u) => `${u.file}:${u.line} ${u.sink}: ${u.reason}`);
    row.silent = row.notRead.length === 0 ? row.listed - row.found : 0;
    if (row.listed === 0) row.note = 'lists no tools';
    process.stderr.write(
      `${name}: listed ${row.listed}, found ${row.found}, within 2% ${row.within2}, within 10% ${row.within10}, unreadable ${row.unreadable.length}, readable but off ${row.readableButOff.length}, phantoms ${row.phantoms.length}, not read ${row.notRead.length}, silent misses ${row.silent}\n`,
    );
    if (printMisses) for (const line of [...row.misses, ...row.unreadable.map((u) => `unreadable ${u}`), ...row.phantoms.map((p) => `phantom ${p}`), ...row.notRead.map((u) => `not read ${u}`)]) process.stderr.write(`  ${line}\n`);
  }
  if (only) return;
  if (list) writeListSummary(rows);
  else writeAccuracy(rows);
}

/** The table of a named list, written beside its recordings (docs/accuracy.md is the default list's page). */
function writeListSummary(rows) {
  const started = rows.filter((r) => r.listed > 0);
  const sum = (key) => started.reduce((s, r) => s + (Array.isArray(r[key]) ? r[key].length : r[key]), 0);
  const listed = sum('listed');
  const lines = [
    `# ${listName}${runtimeOnly ? ' (runtime lists only)' : ''}`,
    '',
    `Produced by \`node test/ecosystem/run.mjs --list ${relative(root, resolve(listFile))}${runtimeOnly ? ' --runtime-only' : saved ? ' --saved' : ''}\` on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    runtimeOnly
      ? `Servers that started: **${started.length}** of ${rows.length}; tools listed: **${listed}**.`
      : `Servers that started: **${started.length}** of ${rows.length}. Tools listed at run time: **${listed}**; found statically: **${sum('found')}** (${pct(sum('found'), listed)}); within 10%: **${sum('within10')}** (${pct(sum('within10'), listed)}); within 2%: **${sum('within2')}** (${pct(sum('within2'), listed)}); partly readable: **${sum('unreadable')}**; readable but off: **${sum('readableButOff')}**; phantoms: **${sum('phantoms')}**; sinks named as not read: **${sum('notRead')}**; tools missed in a server that named nothing (silent misses): **${sum('silent')}**.`,
    '',
    ...(runtimeOnly
      ? ['| server | version | to be read from | listed | note |', '| --- | --- | --- | ---: | --- |', ...rows.map((r) => `| ${r.name} | ${r.version ?? ''} | ${config[r.name]?.repo ? `source ${config[r.name].repo}` : 'shipped JS'} | ${r.listed} | ${r.note.replace(/\|/g, '\\|')} |`)]
      : []),
    ...(runtimeOnly ? [] : ['| server | version | read | listed | found | within 10% | within 2% | partly readable | readable but off | phantoms | not read | silent misses | note |', '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |']),
    ...(runtimeOnly ? [] : rows).map(
      (r) =>
        `| ${r.name} | ${r.version ?? ''} | ${runtimeOnly ? '—' : (r.read ?? 'shipped JS')} | ${r.listed} | ${r.found} | ${r.within10} | ${r.within2} | ${r.unreadable.length} | ${r.readableButOff.length} | ${r.phantoms.length} | ${r.notRead.length} | ${r.silent} | ${(r.note || (r.minified ? `${r.minified} minified file(s), read` : '')).replace(/\|/g, '\\|')} |`,
    ),
    '',
  ];
  if (!runtimeOnly) {
    lines.push('## Misses', '');
    for (const r of rows) {
      // A server with a thousand phantoms would bury the rest: the first 20 are shown, with the count.
      const phantoms = r.phantoms.slice(0, 20).map((p) => `phantom: ${p}`);
      if (r.phantoms.length > 20) phantoms.push(`… and ${r.phantoms.length - 20} more phantoms`);
      const items = [...r.misses, ...r.unreadable.map((u) => `partly readable: ${u}`), ...phantoms, ...r.notRead.map((u) => `not read: ${u}`)];
      if (items.length) lines.push(`- **${r.name}**`, ...items.map((m) => `  - ${m}`));
    }
    lines.push('');
  }
  mkdirSync(recordings, { recursive: true });
  writeFileSync(join(recordings, 'summary.md'), lines.join('\n'));
  process.stdout.write(lines.join('\n'));
}

function writeAccuracy(rows) {
  const started = rows.filter((r) => r.listed > 0);
  const readable = started.filter((r) => !(r.found === 0 && r.minified > 0));
  const sum = (key) => readable.reduce((s, r) => s + (Array.isArray(r[key]) ? r[key].length : r[key]), 0);
  const listed = sum('listed');
  const lines = [
    '# Static analysis accuracy on published MCP servers',
    '',
    'Produced by `node test/ecosystem/run.mjs` (after `pnpm build`) on ' + new Date().toISOString().slice(0, 10) + '.',
    'Each package is installed from the npm registry with `--ignore-scripts`, `toolslim report` reads the JavaScript it ships,',
    'and the server is started (throwaway HOME, dummy credentials, 20 s limit, whole process group killed) and asked for `tools/list`',
    '(saved in `test/ecosystem/.work/<package>/runtime-tools.json`; `--saved` compares with those instead of starting each server again).',
    'Every listed tool counts, as in the real-world corpus below: a tool only partly readable is compared with its lower-bound bytes,',
    'and a name declared twice (ESM and CommonJS twins) with the closer declaration.',
    '',
    `Readable packages that started: **${readable.length}**. Tools listed at run time: **${listed}**; found statically: **${sum('found')}** (${pct(sum('found'), listed)}, target ≥ 98%);`,
    `within 10%: **${sum('within10')}** (${pct(sum('within10'), listed)}, target ≥ 90%); within 2%: **${sum('within2')}** (${pct(sum('within2'), listed)}, target ≥ 75%);`,
    `marked partly readable: **${sum('unreadable')}**; marked readable yet off by more than 2%: **${sum('readableButOff')}** (target 0); phantom tools: **${sum('phantoms')}** (target 0).`,
    '',
    '| package | version | listed | found | within 2% | within 10% | partly readable | readable but off | phantoms | note |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.version ?? ''} | ${r.listed} | ${r.found} | ${r.within2} | ${r.within10} | ${r.unreadable.length} | ${r.readableButOff.length} | ${r.phantoms.length} | ${(r.note || (r.minified ? `${r.minified} minified file(s) skipped` : '')).replace(/\|/g, '\\|')} |`,
    ),
    '',
    '## Misses',
    '',
    ...rows.flatMap((r) => {
      const items = [...r.misses, ...r.phantoms.map((p) => `phantom: ${p}`)];
      return items.length ? [`- **${r.name}**`, ...items.map((m) => `  - ${m}`)] : [];
    }),
    '',
  ];
  // Hand-written notes (between the table's misses and the corpus section) and the real-world corpus
  // section (test/realworld/run.mjs) follow this one in the same page: keep them.
  const previous = existsSync(join(root, 'docs', 'accuracy.md')) ? readFileSync(join(root, 'docs', 'accuracy.md'), 'utf8') : '';
  const notesAt = previous.indexOf('\n## What changed');
  const corpusAt = previous.indexOf('\n## Real-world corpus');
  const keptAt = notesAt >= 0 ? notesAt : corpusAt;
  writeFileSync(join(root, 'docs', 'accuracy.md'), lines.join('\n') + (keptAt >= 0 ? previous.slice(keptAt) : ''));
  process.stderr.write(`wrote docs/accuracy.md (${relative(root, join(root, 'docs', 'accuracy.md'))})\n`);
}

await main();
