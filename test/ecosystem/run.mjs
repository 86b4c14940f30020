#!/usr/bin/env node
/**
 * Ecosystem check: install published MCP servers from the registry (scripts off), run toolslim's static
 * report over the JavaScript they ship, start each one with a throwaway HOME and dummy credentials, list
 * its tools with the MCP SDK client, and compare. Writes docs/accuracy.md.
 *
 *   node test/ecosystem/run.mjs            # after `pnpm build`; installs into test/ecosystem/.work
 *   node test/ecosystem/run.mjs --no-install
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
const work = join(here, '.work');
const packages = JSON.parse(readFileSync(join(here, 'packages.json'), 'utf8'));
const config = JSON.parse(readFileSync(join(here, 'servers.json'), 'utf8'));
const noInstall = process.argv.includes('--no-install');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const START_LIMIT_MS = 20_000;

/** A stdio transport whose child runs in its own process group, so the whole group can be killed. */
class GroupStdioTransport {
  constructor(command, args, options) {
    this.command = command;
    this.args = args;
    this.options = options;
    this.buffer = new ReadBuffer();
    this.stderr = '';
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
    return { tools };
  } catch (error) {
    const tail = transport.stderr.trim().split('\n').slice(-3).join(' | ');
    const downloads = /download|installing|npm (?:i|install)|npx /i.test(transport.stderr);
    return { error: `${downloads ? 'tries to download/install at start; ' : ''}${error.message}${tail ? ` — stderr: ${tail}` : ''}` };
  } finally {
    clearTimeout(timer);
    transport.kill();
  }
}

function staticReport(pkgDir) {
  const files = findShippedFiles(pkgDir);
  const sources = [];
  let minified = 0;
  for (const filePath of files) {
    const code = readFileSync(filePath, 'utf8');
    if (isMinified(code)) {
      minified++;
      continue;
    }
    sources.push({ filePath, code });
  }
  const report = buildReport(sources, { cwd: pkgDir, settings: config.settings ?? {} });
  return { report, files: files.length, minified };
}

const pct = (n, d) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

async function main() {
  const rows = [];
  for (const name of packages) {
    if (only && name !== only) continue;
    const row = { name, listed: 0, found: 0, comparable: 0, within10: 0, misses: [], note: '' };
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
    const { report, files, minified } = staticReport(pkgDir);
    row.minified = minified;
    row.files = files;
    const runtime = await listRuntime(name, pkgDir);
    if (runtime.error) {
      row.note = `not started: ${runtime.error}`.slice(0, 300);
      row.staticTools = report.tools.length;
      continue;
    }
    const runtimeReport = buildRuntimeReport(runtime.tools, config.settings ?? {});
    row.listed = runtime.tools.length;
    const byName = new Map();
    for (const t of report.tools) if (!byName.has(t.name)) byName.set(t.name, t);
    for (const rt of runtimeReport.tools) {
      const st = byName.get(rt.name);
      if (!st) {
        row.misses.push(`${rt.name}: ${minified > 0 && report.tools.length === 0 ? 'shipped minified' : 'not found statically'}`);
        continue;
      }
      row.found++;
      if (st.dynamic) continue;
      row.comparable++;
      const diff = Math.abs(st.bytes - rt.bytes) / rt.bytes;
      if (diff <= 0.1) row.within10++;
      else {
        const why = config[name]?.sizeNote ? ` — ${config[name].sizeNote}` : '';
        row.misses.push(`${rt.name}: static ${st.bytes} B vs runtime ${rt.bytes} B (${(diff * 100).toFixed(0)}%)${why}`);
      }
    }
    if (row.listed === 0) row.note = 'lists no tools';
    process.stderr.write(`${name}: listed ${row.listed}, found ${row.found}, within 10% ${row.within10}/${row.comparable}\n`);
  }
  writeAccuracy(rows);
}

function writeAccuracy(rows) {
  const started = rows.filter((r) => r.listed > 0);
  const readable = started.filter((r) => !(r.found === 0 && r.minified > 0));
  const listed = readable.reduce((s, r) => s + r.listed, 0);
  const found = readable.reduce((s, r) => s + r.found, 0);
  const comparable = readable.reduce((s, r) => s + r.comparable, 0);
  const within = readable.reduce((s, r) => s + r.within10, 0);
  const lines = [
    '# Static analysis accuracy on published MCP servers',
    '',
    'Produced by `node test/ecosystem/run.mjs` (after `pnpm build`) on ' + new Date().toISOString().slice(0, 10) + '.',
    'Each package is installed from the npm registry with `--ignore-scripts`, `toolslim report` reads the JavaScript it ships,',
    'and the server is started (throwaway HOME, dummy credentials, 20 s limit, whole process group killed) and asked for `tools/list`.',
    '',
    `Readable packages that started: **${readable.length}**. Tools listed at run time: **${listed}**; found statically: **${found}** (${pct(found, listed)}).`,
    `Found tools with static text: **${comparable}**; static bytes within 10% of runtime bytes: **${within}** (${pct(within, comparable)}).`,
    '',
    '| package | version | listed | found | static text | within 10% | note |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.version ?? ''} | ${r.listed} | ${r.found} | ${r.comparable} | ${r.within10} | ${(r.note || (r.minified ? `${r.minified} minified file(s) skipped` : '')).replace(/\|/g, '\\|')} |`,
    ),
    '',
    '## Misses',
    '',
    ...rows.flatMap((r) => (r.misses.length ? [`- **${r.name}**`, ...r.misses.map((m) => `  - ${m}`)] : [])),
    '',
  ];
  // The real-world corpus section (test/realworld/run.mjs) follows this one in the same page: keep it.
  const previous = existsSync(join(root, 'docs', 'accuracy.md')) ? readFileSync(join(root, 'docs', 'accuracy.md'), 'utf8') : '';
  const corpusAt = previous.indexOf('\n## Real-world corpus');
  writeFileSync(join(root, 'docs', 'accuracy.md'), lines.join('\n') + (corpusAt >= 0 ? previous.slice(corpusAt) : ''));
  process.stderr.write(`wrote docs/accuracy.md (${relative(root, join(root, 'docs', 'accuracy.md'))})\n`);
}

await main();
