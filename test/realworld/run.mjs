#!/usr/bin/env node
/**
 * Real-world corpus check (issue 9): for each server in manifest.json, copy its checked-out repository to a
 * scratch folder, install and build it there, start it over stdio (fresh HOME, dummy credentials, a time limit,
 * whole process group killed), record `tools/list`, run `toolslim report --json` on its source folders, and
 * compare the two by name and by bytes.
 *
 *   node test/realworld/run.mjs /work/corpus                  # every entry
 *   node test/realworld/run.mjs /work/corpus --only figma     # one entry (or a repo folder name)
 *   options: --cli <bin.js> (default packages/cli/dist/bin.js), --scratch <dir> (default /tmp/corpus/work),
 *            --out <dir> (default /work/realworld-out), --no-install, --no-docs,
 *            --static-only (re-read the source after the cached install; compare with the saved runtime list),
 *            --runtime <dir> (where saved runtime lists are read from; default: --out),
 *            --from-saved (recompute from the tools.json/report.json a previous run saved: nothing is started),
 *            --manifest <file> (another manifest of the same form, e.g. a held-out batch; its harness files are
 *            read beside it), --runtime-only (install, build, start and save tools.json; toolslim is not run:
 *            for recording a held-out batch before anyone reads it)
 *
 * Re-runnable: copies, installs and builds are cached by marker files in the scratch folder (keyed by the
 * commit and the command); the repositories given are never modified. Not part of `pnpm test`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPins } from './pins.mjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq ? eq.slice(name.length + 1) : fallback;
};
const optionValues = new Set(['--only', '--cli', '--scratch', '--out', '--runtime', '--manifest'].flatMap((n) => [args.indexOf(n) + 1]).filter((i) => i > 0));
const corpusDir = args.find((a, i) => !a.startsWith('--') && !optionValues.has(i));
if (!corpusDir) {
  process.stderr.write('usage: node test/realworld/run.mjs <folder-of-checked-out-repos> [--only name] [--cli bin.js]\n');
  process.exit(2);
}
const only = option('--only');
const cli = resolve(option('--cli', join(root, 'packages/cli/dist/bin.js')));
const scratch = resolve(option('--scratch', '/tmp/corpus/work'));
const outDir = resolve(option('--out', '/work/realworld-out'));
/** Where --static-only and --from-saved read saved runtime lists (another developer can keep their own --out). */
const runtimeDir = resolve(option('--runtime', outDir));
const noInstall = flag('--no-install');
const staticOnly = flag('--static-only');
const runtimeOnly = flag('--runtime-only');
const manifestFile = resolve(option('--manifest', join(here, 'manifest.json')));
const manifestDir = dirname(manifestFile);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const reasons = existsSync(join(here, 'reasons.json')) ? JSON.parse(readFileSync(join(here, 'reasons.json'), 'utf8')) : {};
const TSX_VERSION = '4.20.6';
const toolsDir = join(dirname(scratch), 'tools');

/** Test, spec, fixture and eval files: tools declared there are not part of what a server publishes. */
const isTestFile = (file) => /(^|\/)(__tests__|__mocks__|tests?|e2e|evals?|fixtures?|mocks?)\//.test(file) || /\.(test|spec|e2e|eval)\.[cm]?[jt]sx?$/.test(file);

const log = (line) => process.stderr.write(`${line}\n`);
const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** A stdio transport whose child runs in its own process group, so the whole group can be killed. */
class GroupStdioTransport {
  constructor(command, commandArgs, options) {
    Object.assign(this, { command, commandArgs, options, buffer: new ReadBuffer(), stderr: '', rawTools: new Map() });
  }
  async start() {
    this.child = spawn(this.command, this.commandArgs, { ...this.options, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.on('error', (error) => this.onerror?.(error));
    this.child.stdin.on('error', () => {});
    this.child.on('exit', () => this.onclose?.());
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-6000);
    });
    this.child.stdout.on('data', (chunk) => {
      this.buffer.append(chunk);
      for (;;) {
        let message;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error);
          continue;
        }
        if (!message) break;
        // Keep the tools exactly as the server sent them: the client's schema parsing may reshape objects.
        if (message.result && Array.isArray(message.result.tools)) this.rawTools.set(message.id, message.result.tools);
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

function run(command, cwd, logFile, timeout = 900_000) {
  const started = Date.now();
  const result = spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', timeout, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: '1', HUSKY: '0' } });
  writeFileSync(logFile, `$ (cd ${cwd} && ${command})\n${result.stdout ?? ''}\n${result.stderr ?? ''}\nexit ${result.status} after ${Date.now() - started} ms\n`, { flag: 'a' });
  if (result.status !== 0) {
    const tail = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-4).join(' | ');
    throw new Error(`\`${command}\` exited ${result.status ?? result.signal}: ${tail}`.slice(0, 600));
  }
}

function ensureTsx() {
  const bin = join(toolsDir, 'node_modules/.bin/tsx');
  if (!existsSync(bin)) {
    mkdirSync(toolsDir, { recursive: true });
    writeFileSync(join(toolsDir, 'package.json'), '{"private":true}\n');
    run(`npm install --no-audit --no-fund --loglevel=error tsx@${TSX_VERSION}`, toolsDir, join(toolsDir, 'install.log'));
  }
  return bin;
}

/** Copy the repository (without .git and node_modules) once per commit; later runs reuse it and its installs. */
function ensureCopy(entry) {
  const source = join(corpusDir, entry.repo);
  const dest = join(scratch, entry.repo);
  const marker = join(dest, '.toolslim-copy');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === entry.commit) return dest;
  const head = spawnSync('git', ['-C', source, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  if (head !== entry.commit) throw new Error(`${source} is at ${head || 'no commit'}, manifest pins ${entry.commit}`);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  cpSync(source, dest, { recursive: true, filter: (p) => !/\/(\.git|node_modules)$/.test(p) });
  writeFileSync(marker, `${entry.commit}\n`);
  return dest;
}

function runSteps(entry, dir, kind, logFile) {
  for (const step of entry[kind] ?? []) {
    const marker = join(dir, `.toolslim-${kind}-${hash(`${step.cwd}\n${step.run}`)}`);
    if (existsSync(marker)) continue;
    if (noInstall) throw new Error(`${kind} not done and --no-install given`);
    log(`  ${kind}: (${step.cwd}) ${step.run}`);
    run(step.run, join(dir, step.cwd), logFile);
    writeFileSync(marker, `${step.run}\n`);
  }
}

async function listRuntime(entry, dir, tsx) {
  for (const h of [entry.harness ?? []].flat()) cpSync(join(manifestDir, h.file), join(dir, h.dest));
  const home = mkdtempSync(join(tmpdir(), 'toolslim-corpus-home-'));
  const env = { PATH: process.env.PATH, HOME: home, TMPDIR: home, ...manifest.defaultEnv, ...(entry.env ?? {}) };
  const [command, ...rest] = entry.start.command.map((a) => a.replace('$TSX', tsx).replace('$HOME', home));
  const transport = new GroupStdioTransport(command === 'node' ? process.execPath : command, rest, { cwd: join(dir, entry.start.cwd), env });
  const client = new Client({ name: 'toolslim-corpus', version: '0.0.0' });
  const limit = entry.timeoutMs ?? 45_000;
  const timer = setTimeout(() => transport.kill(), limit);
  const started = Date.now();
  try {
    await client.connect(transport, { timeout: limit });
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: limit });
      tools.push(...(transport.rawTools.size ? [...transport.rawTools.values()].at(-1) : page.tools));
      transport.rawTools.clear();
      cursor = page.nextCursor;
    } while (cursor);
    return { tools, ms: Date.now() - started, stderr: transport.stderr };
  } catch (error) {
    const tail = transport.stderr.trim().split('\n').slice(-4).join(' | ');
    return { error: `${error.message}${tail ? ` — stderr: ${tail}` : ''}`.slice(0, 800), stderr: transport.stderr };
  } finally {
    clearTimeout(timer);
    transport.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

function staticReport(entry, dir) {
  const paths = [...entry.sources, ...(entry.shared ?? [])].filter((s) => existsSync(join(dir, s)));
  const result = spawnSync(process.execPath, [cli, 'report', '--json', '--no-estimate', ...paths], { cwd: dir, encoding: 'utf8', timeout: 600_000, maxBuffer: 512 * 1024 * 1024 });
  try {
    const report = JSON.parse(result.stdout);
    return { report, exit: result.status, stderr: result.stderr };
  } catch {
    return { crash: `exit ${result.status ?? result.signal}\n${(result.stderr || result.stdout || '').slice(-4000)}` };
  }
}

const bytesOf = (value) => Buffer.byteLength(JSON.stringify(value));
const split = (tool) => ({
  name: Buffer.byteLength(tool.name ?? ''),
  description: Buffer.byteLength(tool.description ?? ''),
  schema: tool.inputSchema ? bytesOf(tool.inputSchema) : 0,
});

/** Static minus runtime bytes per field: which part of a found tool the reader gets wrong. */
function getFieldDiff(st, rt) {
  const r = split(rt);
  const other = st.bytes - st.nameBytes - st.descriptionBytes - st.schemaBytes - (bytesOf(rt) - r.name - r.description - r.schema);
  return { description: st.descriptionBytes - r.description, schema: st.schemaBytes - r.schema, other };
}

/** Why static and runtime sizes differ, from the per-field split (what eval needs to look at first). */
function describeDiff(st, rt) {
  const r = split(rt);
  const parts = [];
  const d = st.descriptionBytes - r.description;
  if (Math.abs(d) > 2) parts.push(`description ${d > 0 ? '+' : ''}${d} B (static ${st.descriptionBytes} vs ${r.description})`);
  const s = st.schemaBytes - r.schema;
  if (Math.abs(s) > 2) parts.push(`inputSchema ${s > 0 ? '+' : ''}${s} B (static ${st.schemaBytes} vs ${r.schema})`);
  const other = st.bytes - st.nameBytes - st.descriptionBytes - st.schemaBytes - (bytesOf(rt) - r.name - r.description - r.schema);
  if (Math.abs(other) > 2) {
    const keys = Object.keys(rt).filter((k) => !['name', 'description', 'inputSchema'].includes(k));
    parts.push(`other fields ${other > 0 ? '+' : ''}${other} B (runtime has: ${keys.join(', ') || 'none'})`);
  }
  return parts.join('; ') || 'escaping/ordering only';
}

/** A declaration whose name report could not read: neither found nor a phantom, listed on its own. */
const isUnnamed = (t) => /^\(.*\)$/.test(t.name) || t.unreadable?.some((u) => u.field === 'name');

function getUnreadable(st) {
  if (Array.isArray(st.unreadable) && st.unreadable.length) return st.unreadable.map((u) => `${u.field}: ${u.reason}`);
  return st.dynamic ? ['marked dynamic (no reason given by report)'] : [];
}

function compare(entry, report, runtimeTools) {
  const all = report.tools ?? [];
  const nonTest = all.filter((t) => !isTestFile(t.file ?? ''));
  const byName = new Map();
  for (const t of nonTest) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const testNames = new Set(all.filter((t) => isTestFile(t.file ?? '')).map((t) => t.name));
  const row = { runtime: runtimeTools.length, found: 0, within2: 0, within10: 0, unreadable: [], misses: [], readableButOff: [], phantoms: [], conditional: [], unnamed: [], ambiguous: 0 };
  const runtimeNames = new Set(runtimeTools.map((t) => t.name));
  for (const rt of runtimeTools) {
    const rtBytes = bytesOf(rt);
    const candidates = byName.get(rt.name);
    const reason = reasons[`${entry.name}/${rt.name}`] ?? reasons[`${entry.name}/*`];
    if (!candidates) {
      row.misses.push({ tool: rt.name, kind: 'not-found', runtimeBytes: rtBytes, detail: testNames.has(rt.name) ? 'found only in test files' : 'not found statically', reason });
      continue;
    }
    row.found++;
    if (candidates.length > 1) row.ambiguous++;
    // Several declarations with one name (variants under conditions): compare with the closest of those
    // registered with the fewest conditions (none, then only a registrar wrapper that may drop tools, then
    // a branch), since a server started with no special setting runs those.
    const rank = (t) => (!t.conditional ? 0 : /^registered through a wrapper\b[^;]*$/.test(t.conditional) ? 1 : 2);
    const bestRank = Math.min(...candidates.map(rank));
    const st = candidates
      .filter((t) => rank(t) === bestRank)
      .reduce((best, t) => (Math.abs(t.bytes - rtBytes) < Math.abs(best.bytes - rtBytes) ? t : best));
    const diff = Math.abs(st.bytes - rtBytes) / rtBytes;
    if (diff <= 0.02) row.within2++;
    if (diff <= 0.1) row.within10++;
    const unreadable = getUnreadable(st);
    if (unreadable.length) row.unreadable.push({ tool: rt.name, at: `${st.file}:${st.line}`, reasons: unreadable });
    if (diff > 0.02) {
      const miss = { tool: rt.name, kind: diff <= 0.1 ? 'off-2-10' : 'off-10', at: `${st.file}:${st.line}`, staticBytes: st.bytes, runtimeBytes: rtBytes, pct: Math.round(diff * 1000) / 10, marked: unreadable.length > 0, fields: getFieldDiff(st, rt), detail: describeDiff(st, rt), reason };
      row.misses.push(miss);
      if (!unreadable.length) row.readableButOff.push(rt.name);
    }
  }
  const seen = new Set();
  // Folders shared with other servers (`shared`) help find a tool but do not make phantoms.
  const own = (t) => !(entry.shared ?? []).some((folder) => (t.file ?? '').startsWith(`${folder}/`));
  for (const t of nonTest.filter(own)) {
    if (isUnnamed(t)) {
      row.unnamed.push(`${t.file}:${t.line}`);
      continue;
    }
    if (runtimeNames.has(t.name) || seen.has(t.name)) continue;
    seen.add(t.name);
    // Registered only under a run-time condition that report names: not listed here, yet not a phantom.
    if (t.conditional) {
      row.conditional.push({ tool: t.name, at: `${t.file}:${t.line}`, reason: t.conditional });
      continue;
    }
    row.phantoms.push({ tool: t.name, at: `${t.file}:${t.line}`, reason: reasons[`${entry.name}/phantom:${t.name}`] ?? reasons[`${entry.name}/phantom:*`] });
  }
  return row;
}

/** Recompute one entry from the files a previous run saved (after editing reasons.json or this script). */
function runSaved(entry) {
  const out = join(outDir, entry.name);
  const result = { name: entry.name, repo: entry.repo, url: entry.url, commit: entry.commit, sources: entry.sources, static: entry.static ?? null, cannot: entry.cannot ?? [] };
  if (!existsSync(join(out, 'report.json'))) return { ...result, error: 'no saved report' };
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  const tools = report.tools ?? [];
  result.staticTools = tools.filter((t) => !isTestFile(t.file ?? '')).length;
  result.staticTestTools = tools.length - result.staticTools;
  result.staticDynamic = tools.filter((t) => !isTestFile(t.file ?? '') && getUnreadable(t).length).length;
  result.reportErrors = (report.errors ?? []).length;
  if (entry.static) return result;
  const saved = join(runtimeDir, entry.name, 'tools.json');
  if (!existsSync(saved)) return { ...result, error: 'no saved runtime list' };
  const runtimeTools = JSON.parse(readFileSync(saved, 'utf8'));
  return Object.assign(result, compare(entry, report, runtimeTools));
}

async function runEntry(entry, tsx) {
  if (flag('--from-saved')) return runSaved(entry);
  const out = join(outDir, entry.name);
  mkdirSync(out, { recursive: true });
  const logFile = join(out, 'install.log');
  const result = { name: entry.name, repo: entry.repo, url: entry.url, commit: entry.commit, sources: entry.sources, static: entry.static ?? null, cannot: entry.cannot ?? [] };
  let dir;
  try {
    dir = ensureCopy(entry);
  } catch (error) {
    result.error = `copy: ${error.message}`;
    return result;
  }
  // Install before reading: report converts schemas with the zod and MCP SDK the server itself installs.
  let installError;
  if (!entry.static && !staticOnly) {
    try {
      applyPins(entry, dir);
      runSteps(entry, dir, 'install', logFile);
      runSteps(entry, dir, 'build', logFile);
    } catch (error) {
      installError = `install/build: ${error.message}`;
    }
  }
  if (runtimeOnly) {
    if (installError) return { ...result, error: installError };
    const runtime = await listRuntime(entry, dir, tsx);
    writeFileSync(join(out, 'server-stderr.txt'), runtime.stderr ?? '');
    if (runtime.error) return { ...result, error: `start: ${runtime.error}` };
    writeFileSync(join(out, 'tools.json'), `${JSON.stringify(runtime.tools, null, 2)}\n`);
    return { ...result, startMs: runtime.ms, runtime: runtime.tools.length };
  }
  const stat = staticReport(entry, dir);
  if (stat.crash) {
    result.cliCrash = stat.crash;
    writeFileSync(join(out, 'report-crash.txt'), stat.crash);
  } else {
    writeFileSync(join(out, 'report.json'), `${JSON.stringify(stat.report, null, 2)}\n`);
    const tools = stat.report.tools ?? [];
    result.staticTools = tools.filter((t) => !isTestFile(t.file ?? '')).length;
    result.staticTestTools = tools.length - result.staticTools;
    result.staticDynamic = tools.filter((t) => !isTestFile(t.file ?? '') && getUnreadable(t).length).length;
    result.reportErrors = (stat.report.errors ?? []).length;
  }
  if (entry.static) return result;
  if (installError) return { ...result, error: installError };
  let runtimeTools;
  if (staticOnly) {
    // Re-read the source only; compare with the runtime list an earlier run saved.
    const saved = join(runtimeDir, entry.name, 'tools.json');
    if (!existsSync(saved)) return { ...result, error: 'no saved runtime list (run once without --static-only)' };
    runtimeTools = JSON.parse(readFileSync(saved, 'utf8'));
  } else {
    const runtime = await listRuntime(entry, dir, tsx);
    writeFileSync(join(out, 'server-stderr.txt'), runtime.stderr ?? '');
    if (runtime.error) return { ...result, error: `start: ${runtime.error}` };
    writeFileSync(join(out, 'tools.json'), `${JSON.stringify(runtime.tools, null, 2)}\n`);
    result.startMs = runtime.ms;
    runtimeTools = runtime.tools;
  }
  if (stat.crash) return { ...result, runtime: runtimeTools.length };
  return Object.assign(result, compare(entry, stat.report, runtimeTools));
}

function totalsOf(rows) {
  const started = rows.filter((r) => typeof r.runtime === 'number' && r.found !== undefined);
  const sum = (k) => started.reduce((s, r) => s + (r[k] ?? 0), 0);
  const runtime = sum('runtime');
  return {
    servers: rows.length,
    started: started.length,
    runtime,
    found: sum('found'),
    within2: sum('within2'),
    within10: sum('within10'),
    unreadable: started.reduce((s, r) => s + r.unreadable.length, 0),
    readableButOff: started.reduce((s, r) => s + r.readableButOff.length, 0),
    phantoms: started.reduce((s, r) => s + r.phantoms.length, 0),
    conditional: started.reduce((s, r) => s + (r.conditional ?? []).length, 0),
    staticOnlyTools: rows.filter((r) => r.static).reduce((s, r) => s + (r.staticTools ?? 0), 0),
  };
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

function buildMarkdown(results, totals) {
  const lines = [
    `Corpus run ${results.generatedAt.slice(0, 16).replace('T', ' ')} UTC with \`${results.cli}\`.`,
    '',
    `Servers started: **${totals.started}** of ${totals.servers} entries. Runtime tools: **${totals.runtime}**; found by name: **${totals.found}** (${pct(totals.found, totals.runtime)}, target ≥ 98%);`,
    `within 10%: **${totals.within10}** (${pct(totals.within10, totals.runtime)}, target ≥ 90%); within 2%: **${totals.within2}** (${pct(totals.within2, totals.runtime)}, target ≥ 75%);`,
    `found but marked unreadable: **${totals.unreadable}**; marked readable yet off by more than 2%: **${totals.readableButOff}** (target 0); phantom tools: **${totals.phantoms}** (target 0); conditional, not listed: **${totals.conditional}**.`,
    `Static-only entries (no runtime list) declare **${totals.staticOnlyTools}** tools outside test files.`,
    '',
    '| entry | commit | runtime | found | within 2% | within 10% | unreadable | readable but off | phantoms | static (test) | note |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of results.entries) {
    const started = typeof r.runtime === 'number' && r.found !== undefined;
    const entry = manifest.servers.find((e) => e.name === r.name);
    const note = r.cliCrash ? 'toolslim report crashed (see MISSES.md)' : r.error ? r.error : r.static ? 'static only' : entry?.harness ? 'started through a harness (below)' : '';
    lines.push(
      `| ${r.name} | ${r.commit.slice(0, 12)} | ${started ? r.runtime : '—'} | ${started ? r.found : '—'} | ${started ? r.within2 : '—'} | ${started ? r.within10 : '—'} | ${started ? r.unreadable.length : '—'} | ${started ? r.readableButOff.length : '—'} | ${started ? r.phantoms.length : '—'} | ${r.staticTools ?? '—'} (${r.staticTestTools ?? 0}) | ${cell(note).slice(0, 220)} |`,
    );
  }
  lines.push('', '### How each entry was run, and what it cannot do here', '');
  const notedBy = new Map();
  for (const r of results.entries) {
    // Entries of one monorepo share their notes: say them once.
    const notes = r.cannot.join(' ');
    const first = notedBy.get(notes);
    if (notes && !first) notedBy.set(notes, r.name);
    const row = first ? { ...r, cannot: [`Notes as for ${first}.`] } : r;
    const entry = manifest.servers.find((e) => e.name === r.name);
    const how = entry?.static ? `static only — ${entry.static.replace(/\.$/, '')}` : entry ? `started with \`${entry.start.command.join(' ')}\` in \`${entry.start.cwd}\`` : '';
    lines.push(`- **${r.name}** (${r.url.replace('https://github.com/', '')}, sources ${[...r.sources, ...(entry?.shared ?? [])].map((x) => `\`${x}\``).join(', ')}): ${how}.${row.cannot.length ? ` ${row.cannot.join(' ')}` : ''}`);
  }
  lines.push('', '### Every miss, with the pattern behind it', '');
  for (const r of results.entries) {
    const items = [...(r.misses ?? []), ...(r.phantoms ?? []).map((p) => ({ ...p, kind: 'phantom' }))];
    if (!items.length) continue;
    lines.push(`- **${r.name}**: ${items.map((m) => `\`${m.tool}\` ${describeKind(m)} — ${patternOf(m)}`).join('; ')}`);
  }
  lines.push('', '### Patterns we miss, with counts and examples', '', buildPatterns(results));
  return lines.join('\n');
}

const patternOf = (m) => (m.reason ?? 'unexplained').split(':')[0].trim();
const describeKind = (m) => (m.kind === 'not-found' ? 'not found' : m.kind === 'phantom' ? `phantom at ${m.at}` : `off ${m.pct}%`);

/** reasons.json values read "pattern-id: one line"; group every miss by its pattern, with counts and examples. */
function buildPatterns(results) {
  const groups = new Map();
  for (const r of results.entries) {
    const items = [...(r.misses ?? []), ...(r.phantoms ?? []).map((p) => ({ ...p, kind: 'phantom' }))];
    for (const m of items) {
      const reason = m.reason ?? (m.kind === 'phantom' ? 'unexplained-phantom: not yet looked at' : 'unexplained: not yet looked at');
      const id = reason.split(':')[0].trim();
      const group = groups.get(id) ?? { id, text: reason.slice(id.length + 1).trim(), count: 0, kinds: new Set(), examples: [] };
      group.count++;
      group.kinds.add(m.kind);
      if (group.examples.length < 4) group.examples.push(`${r.name}/${m.tool}${m.at ? ` (${m.at})` : ''}`);
      groups.set(id, group);
    }
  }
  const lines = ['| pattern | misses | kind | examples | what the reader misses |', '| --- | ---: | --- | --- | --- |'];
  for (const g of [...groups.values()].sort((a, b) => b.count - a.count)) {
    lines.push(`| ${g.id} | ${g.count} | ${[...g.kinds].join(', ')} | ${cell(g.examples.join('; '))} | ${cell(g.text)} |`);
  }
  return lines.join('\n');
}

/** Which fields make found tools miss: unread tools (0 B), only `other` (e.g. ±40 B `execution`), only the schema… */
function buildFieldTable(results) {
  const groups = new Map();
  for (const r of results.entries) {
    for (const m of r.misses ?? []) {
      if (m.kind === 'not-found') continue;
      const f = m.fields ?? {};
      const parts = ['description', 'schema', 'other'].filter((k) => Math.abs(f[k] ?? 0) > 2);
      const key = m.staticBytes === 0 ? 'nothing read (0 B)' : parts.length ? parts.map((k) => `${k} ${Math.sign(f[k]) > 0 ? '+' : '−'}`).join(', ') : 'escaping/order only';
      const otherNote = parts.length === 1 && parts[0] === 'other' ? ` (${f.other > 0 ? '+' : ''}${f.other} B)` : '';
      const g = groups.get(key + otherNote) ?? { key: key + otherNote, count: 0, marked: 0, examples: [] };
      g.count++;
      if (m.marked) g.marked++;
      if (g.examples.length < 3) g.examples.push(`${r.name}/${m.tool} (${m.at})`);
      groups.set(key + otherNote, g);
    }
  }
  const lines = ['| fields off | tools | of which marked unreadable | examples |', '| --- | ---: | ---: | --- |'];
  for (const g of [...groups.values()].sort((a, b) => b.count - a.count)) lines.push(`| ${g.key} | ${g.count} | ${g.marked} | ${cell(g.examples.join('; '))} |`);
  return lines.join('\n');
}

function buildMisses(results) {
  const lines = [
    '# Real-world corpus: what toolslim report misses',
    '',
    `Generated by \`node test/realworld/run.mjs\` at ${results.generatedAt} with \`${results.cli}\`. Runtime lists: \`/work/realworld-out/<entry>/tools.json\`; static reports: \`report.json\` beside them.`,
    '',
    '## Patterns we miss (counts over all entries that started)',
    '',
    buildPatterns(results),
    '',
    'Kinds: not-found (a runtime tool report does not name), off-10 / off-2-10 (found, size off by more than 10% / 2–10%), phantom (declared outside tests, never listed).',
    '',
    '## Size misses by the field that differs (static minus runtime bytes; found tools off by more than 2%)',
    '',
    buildFieldTable(results),
    '',
  ];
  for (const r of results.entries) {
    const misses = r.misses ?? [];
    if (!misses.length && !(r.phantoms ?? []).length && !(r.conditional ?? []).length && !r.cliCrash && !r.error && !(r.unreadable ?? []).length) continue;
    lines.push(`## ${r.name}`, '');
    if (r.cliCrash) lines.push('toolslim report crashed:', '', '```', r.cliCrash.trim(), '```', '');
    if (r.error) lines.push(`- not measured at run time: ${r.error}`);
    for (const m of misses) {
      if (m.kind === 'not-found') lines.push(`- NOT FOUND \`${m.tool}\` (${m.runtimeBytes} B): ${m.reason ?? m.detail}`);
      else lines.push(`- OFF ${m.pct}% \`${m.tool}\` at ${m.at}: static ${m.staticBytes} B vs runtime ${m.runtimeBytes} B${m.marked ? ' (marked unreadable)' : ' (NOT marked unreadable)'} — ${m.detail}${m.reason ? ` — ${m.reason}` : ''}`);
    }
    for (const u of r.unreadable ?? []) lines.push(`- UNREADABLE \`${u.tool}\` at ${u.at}: ${u.reasons.join('; ')}`);
    if ((r.unnamed ?? []).length) lines.push(`- UNNAMED declarations (name not readable): ${r.unnamed.join(', ')}`);
    for (const p of r.phantoms ?? []) lines.push(`- PHANTOM \`${p.tool}\` at ${p.at}${p.reason ? ` — ${p.reason}` : ''}`);
    for (const c of r.conditional ?? []) lines.push(`- conditional, not listed: \`${c.tool}\` at ${c.at} — ${c.reason}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** docs/accuracy.md keeps the ecosystem section; the corpus section lives between two markers. */
function writeDocsSection(markdown) {
  const file = join(root, 'docs/accuracy.md');
  const start = '<!-- realworld:start -->';
  const end = '<!-- realworld:end -->';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = `${start}\n${markdown}\n${end}`;
  if (text.includes(start) && text.includes(end)) writeFileSync(file, text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block));
  else log('docs/accuracy.md has no realworld markers: table left in test/realworld/results.md only');
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const entries = manifest.servers.filter((e) => !only || e.name === only || e.repo === only || e.name.startsWith(`${only}-`));
  if (!entries.length) throw new Error(`no manifest entry matches ${only}`);
  const tsx = staticOnly || flag('--from-saved') ? '' : ensureTsx();
  // A run with its own --out (another CLI, a trial) keeps its results there and leaves the committed ones alone.
  const resultsDir = option('--out') || option('--manifest') ? outDir : here;
  const resultsFile = join(resultsDir, 'results.json');
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : { entries: [] };
  const byName = new Map(previous.entries.map((r) => [r.name, r]));
  for (const entry of entries) {
    log(`${entry.name}:`);
    const row = await runEntry(entry, tsx);
    // Recomputing from saved files keeps how long the server took to start when it last ran.
    if (row.startMs === undefined && byName.get(entry.name)?.startMs !== undefined) row.startMs = byName.get(entry.name).startMs;
    byName.set(entry.name, row);
    log(`  runtime ${row.runtime ?? '—'}, found ${row.found ?? '—'}, within 2% ${row.within2 ?? '—'}, within 10% ${row.within10 ?? '—'}, phantoms ${row.phantoms?.length ?? '—'}, conditional not listed ${row.conditional?.length ?? '—'}${row.error ? `, ${row.error.slice(0, 200)}` : ''}${row.cliCrash ? ', CLI crashed' : ''}`);
  }
  // Keep manifest order; entries not run this time keep their previous result.
  const rows = manifest.servers.map((e) => byName.get(e.name)).filter(Boolean);
  const results = { generatedAt: new Date().toISOString(), cli: cli.startsWith(root) ? cli.slice(root.length + 1) : cli, totals: totalsOf(rows), entries: rows };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  const markdown = buildMarkdown(results, results.totals);
  writeFileSync(join(resultsDir, 'results.md'), `# Real-world corpus results\n\n${markdown}\n`);
  writeFileSync(join(outDir, 'MISSES.md'), buildMisses(results));
  if (!flag('--no-docs') && resultsDir === here) writeDocsSection(markdown);
  log(`totals: ${JSON.stringify(results.totals)}`);
}

await main();
