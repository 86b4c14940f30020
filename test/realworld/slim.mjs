#!/usr/bin/env node
/**
 * `toolslim slim` on the real-world corpus, end to end (issue 11). For each entry of the corpus manifest:
 * copy the repository to a scratch folder, run its own install, build and start commands and record
 * `tools/list`, `resources/list` and the server instructions; slim it for real; install again (the
 * runtime comes from a local `npm pack` of packages/runtime, since it is not on the registry), build,
 * start, and check:
 *
 * - the tools are the same apart from description text, plus `read_instructions`;
 * - `read_instructions` returns each family's file, byte for byte; the server's own resources stay;
 * - the server instructions name every family;
 * - no tool grew; slim's own verification passed (every moved unit is in a markdown file);
 * - a second `slim` changes nothing.
 *
 * Usage (after `pnpm build`): node test/realworld/slim.mjs [--keep] [entry names…]
 *   CORPUS=/work/corpus  MANIFEST=<path to manifest.json>  OUT=/tmp/slim-rw
 * Prints a markdown table and writes <OUT>/<entry>.result.json; the copied repository is removed after each entry unless --keep.
 */
import { execSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPins } from './pins.mjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { measureTool } from '@toolslim/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = process.env.CORPUS ?? '/work/corpus';
const manifestFile = [process.env.MANIFEST, path.join(root, 'test/realworld/manifest.json'), '/work/wt-corpus/test/realworld/manifest.json'].find(
  (file) => file && existsSync(file),
);
if (!manifestFile) throw new Error('No corpus manifest: set MANIFEST=<path to manifest.json>.');
const manifestDir = path.dirname(manifestFile);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const out = process.env.OUT ?? '/tmp/slim-rw';
const cli = path.join(root, 'packages/cli/dist/bin.js');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const keep = process.argv.includes('--keep');
const only = process.argv.slice(2).filter((arg) => arg !== '--keep');

mkdirSync(out, { recursive: true });
const tarball = packRuntime();
const results = [];
for (const entry of manifest.servers) {
  if (only.length > 0 ? !only.includes(entry.name) : !entry.start) continue;
  const result = { name: entry.name, steps: [], checks: {}, notes: [] };
  results.push(result);
  // A throwaway HOME per entry (package-manager and wrangler caches land there, ~900 MB for a Worker).
  const home = mkdtempSync(path.join(tmpdir(), 'slim-home-'));
  try {
    await runEntry(entry, result, home);
  } catch (error) {
    result.failed = error instanceof Error ? error.message.slice(0, 600) : String(error);
  } finally {
    rmSync(home, { recursive: true, force: true });
    // The copied repository with its install is ~0.5 GB; keep it only when asked (`--keep`).
    if (!keep) rmSync(path.join(out, entry.name), { recursive: true, force: true });
  }
  writeFileSync(path.join(out, `${entry.name}.result.json`), JSON.stringify(result, null, 2));
  console.error(`${entry.name}: ${result.failed ? `FAILED ${result.failed}` : 'ok'}`);
}
console.log(buildTable(results));

async function runEntry(entry, result, home) {
  const work = path.join(out, entry.name);
  rmSync(work, { recursive: true, force: true });
  cpSync(path.join(corpus, entry.repo), work, { recursive: true, filter: (file) => !file.includes(`${path.sep}node_modules${path.sep}`) });
  const env = { ...process.env, ...manifest.defaultEnv, ...entry.env, HOME: home };
  const pkg = path.join(work, entry.package ?? '.');
  const steps = (list, label, edit = (command) => command) => {
    for (const step of list ?? []) run(edit(step.run), path.join(work, step.cwd ?? '.'), env, result, label);
  };
  const harness = entry.harness === undefined ? [] : Array.isArray(entry.harness) ? entry.harness : [entry.harness];
  for (const file of harness) cpSync(path.join(manifestDir, file.file), path.join(work, file.dest));

  // Look first: a server with nothing to slim needs no install, build or start.
  const sources = entry.sources.map((source) => path.relative(pkg, path.join(work, source)) || '.');
  const look = runJson([cli, 'slim', ...sources, '--json', '--dry-run'], pkg, env);
  if (look.tools.length === 0) {
    result.slim = { status: look.status, tools: 0, skipped: look.skipped.length, problems: look.problems };
    const reasons = [...new Set(look.skipped.map((tool) => tool.reason.replace(/\(\d+ bytes\)|\d+ bytes/g, 'N bytes')))];
    result.notes.push(`nothing to slim (dry run: ${look.totals.tools} tools measured, ${look.skipped.length} skipped${reasons.length ? `: ${reasons.join('; ')}` : ''})`);
    return;
  }
  applyPins(entry, work);
  steps(entry.install, 'install');
  steps(entry.build, 'build');
  const before = await listServer(entry, work, env);
  result.before = summarise(before.tools);
  const report = runJson([cli, 'report', ...sources, '--json'], pkg, env);

  // Slim from the server package, so the instruction folder lands inside it (and ships with it).
  const slim = runJson([cli, 'slim', ...sources, '--json', '--force'], pkg, env);
  result.slim = { status: slim.status, tools: slim.tools.length, skipped: slim.skipped.length, problems: slim.problems, wiring: slim.wiring, install: slim.install };
  result.checks.verified = slim.problems.length === 0;
  result.checks.nothingGrew = slim.tools.every((tool) => !tool.after || !tool.before || tool.after.bytes <= tool.before.bytes);
  if (slim.tools.length === 0) {
    result.notes.push('nothing slimmed');
    return;
  }
  // The runtime is not on the registry: point the dependency slim added at the local tarball.
  // (in the package.json slim changed: for a server made in another workspace package, that package's)
  const packageJson = path.resolve(pkg, slim.install?.packageJson ?? 'package.json');
  writeFileSync(packageJson, readFileSync(packageJson, 'utf8').replace(/("@toolslim\/runtime":\s*)"[^"]*"/, `$1"file:${tarball}"`));
  // The lockfile does not list the new dependency yet: install without freezing it.
  steps(entry.install, 'install after slim', (command) =>
    command.replace('--frozen-lockfile', '--no-frozen-lockfile').replace(/\bnpm ci\b/, 'npm install').replace('--no-package-lock', ''),
  );
  steps(entry.build, 'build after slim');
  const after = await listServer(entry, work, env, true);
  result.after = summarise(after.tools);
  // What the server lists after the migration, kept beside the result for reading a failed check.
  writeFileSync(path.join(out, `${entry.name}.tools-after.json`), JSON.stringify(after.tools, null, 2));
  compare(before, after, slim, result, pkg);
  compareNumbers(before, after, slim, report, result);

  const again = runJson([cli, 'slim', ...sources, '--json', '--force'], pkg, env);
  result.checks.secondRunNoChange = again.changed === false;
}

function compare(before, after, slim, result, pkg) {
  const strip = (value) =>
    JSON.stringify(value, (key, v) => (key === 'description' && typeof v === 'string' ? undefined : v));
  const byName = new Map(before.tools.map((tool) => [tool.name, tool]));
  const added = after.tools.filter((tool) => !byName.has(tool.name)).map((tool) => tool.name);
  const missing = before.tools.filter((tool) => !after.tools.some((t) => t.name === tool.name)).map((tool) => tool.name);
  const changed = after.tools.filter((tool) => byName.has(tool.name) && strip(tool) !== strip(byName.get(tool.name))).map((tool) => tool.name);
  const grew = after.tools
    .filter((tool) => byName.has(tool.name) && JSON.stringify(tool).length > JSON.stringify(byName.get(tool.name)).length)
    .map((tool) => tool.name);
  result.checks.sameToolsPlusReadInstructions = missing.length === 0 && changed.length === 0 && added.join() === 'read_instructions';
  result.checks.noToolGrewAtRuntime = grew.length === 0;
  if (missing.length || changed.length || added.join() !== 'read_instructions') result.notes.push(`tools: missing ${missing}, changed ${changed}, added ${added}`);
  if (grew.length) result.notes.push(`grew at run time: ${grew.join(', ')}`);
  const ownResources = before.resources.map((r) => r.uri);
  result.checks.resourcesKept = ownResources.every((uri) => after.resources.some((r) => r.uri === uri));
  const dir = path.join(pkg, 'docs/tools');
  const families = readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md').map((file) => file.slice(0, -3));
  result.checks.readInstructionsServesEachFamily = families.every((family) => after.familyTexts[family] === readFileSync(path.join(dir, `${family}.md`), 'utf8'));
  result.checks.instructionsNameEachFamily = families.every((family) => (after.instructions ?? '').includes(family));
  result.families = families;
}

/**
 * Numbers that agree (issue 11 item 7): for every slimmed tool, slim's before → after bytes equal `report`'s
 * and the running server's, and its totals (with the added read_instructions) equal the server's when slim
 * could measure every tool. A tool slim cannot measure (schema not readable) prints no number: then its
 * description must read at run time as slim planned it.
 */
function compareNumbers(before, after, slim, report, result) {
  const size = (tool) => (tool ? measureTool(tool).bytes : undefined);
  const runtimeBefore = new Map(before.tools.map((tool) => [tool.name, tool]));
  const runtimeAfter = new Map(after.tools.map((tool) => [tool.name, tool]));
  // report's reading of a tool: at the same place, else the one tool of that name (a definition registered by a
  // loop elsewhere is planned where its text is written and reported where the loop registers it).
  const byPlace = new Map(report.tools.map((tool) => [`${tool.file}:${tool.line}`, tool]));
  const byName = new Map();
  for (const tool of report.tools) byName.set(tool.name, byName.has(tool.name) ? null : tool);
  const reportOf = (tool) => byPlace.get(`${tool.file}:${tool.line}`) ?? byName.get(tool.name) ?? undefined;
  const published = (text) => Buffer.byteLength(JSON.stringify(text));
  const rows = slim.tools.map((tool) => ({
    name: tool.name,
    slim: tool.before && tool.after ? [tool.before.bytes, tool.after.bytes] : undefined,
    // Both are static readings: equal, lower bounds included.
    report: reportOf(tool)?.bytes,
    lowerBound: reportOf(tool)?.dynamic === true,
    listed: runtimeBefore.has(tool.name) && runtimeAfter.has(tool.name),
    server: [size(runtimeBefore.get(tool.name)), size(runtimeAfter.get(tool.name))],
    descriptionAsPlanned: !runtimeAfter.has(tool.name) || report.tools.filter((t) => t.name === tool.name).length > 1 || (runtimeAfter.get(tool.name)?.description ?? '').includes(tool.descriptionAfter),
    // What slim's descriptions save, against what the server's tool saves (equal unless parameter text moved too).
    savedByDescription: published(tool.descriptionBefore) - published(tool.descriptionAfter),
    savedAtRuntime: (size(runtimeBefore.get(tool.name)) ?? 0) - (size(runtimeAfter.get(tool.name)) ?? 0),
  }));
  // A tool the server does not list by default (a feature flag) has no run-time size to compare, nor has
  // a name that two declarations in source share (only one of them is served).
  const declared = new Map();
  for (const tool of report.tools) declared.set(tool.name, (declared.get(tool.name) ?? 0) + 1);
  const measured = rows.filter((row) => row.slim && row.listed && declared.get(row.name) === 1);
  const disagree = measured.filter((row) => row.report !== undefined && row.report !== row.slim[0]);
  const savingsDiffer = measured.filter((row) => row.slim[0] - row.slim[1] !== row.server[0] - row.server[1]);
  // A tool report marks partly readable (text built at run time, such as a notice from the request) is a
  // lower bound: the server may publish more, never less, and it saves what slim says it saves.
  const isLowerBound = (row) => row.lowerBound;
  const absoluteDiffer = measured.filter((row) =>
    isLowerBound(row) ? row.slim[0] > row.server[0] || row.slim[1] > row.server[1] : row.slim[0] !== row.server[0] || row.slim[1] !== row.server[1],
  );
  const lowerBoundRows = measured.filter(isLowerBound);
  result.numbers = {
    measuredTools: measured.length,
    unmeasuredTools: rows.length - measured.length,
    disagree,
    savingsDiffer,
    absoluteDiffer: absoluteDiffer.map((row) => `${row.name}: slim ${row.slim.join(' → ')}, server ${row.server.join(' → ')}`),
    totals: { slim: slim.totals, server: { before: result.before, after: result.after } },
    sample: measured[0] ?? rows[0],
    savedByDescriptionEqualsRuntime: rows.filter((row) => row.savedByDescription === row.savedAtRuntime).length,
  };
  // slim prints what report prints for the same tool; what a tool saves is what the running server saves.
  result.checks.slimEqualsReport = disagree.length === 0;
  result.checks.savingsAgree = savingsDiffer.length === 0;
  result.checks.sizesEqualServer = absoluteDiffer.length === 0;
  if (slim.totals.tools === before.tools.length && slim.totals.tools > 0) {
    const saved = (totals) => totals.before.bytes - totals.after.bytes;
    result.checks.totalsAgree =
      lowerBoundRows.length === 0
        ? slim.totals.before.bytes === result.before.bytes && slim.totals.after.bytes === result.after.bytes
        : slim.totals.before.bytes <= result.before.bytes && slim.totals.after.bytes <= result.after.bytes && saved(slim.totals) === saved(result);
  }
  result.checks.descriptionsAsPlanned = rows.every((row) => row.descriptionAsPlanned);
  if (disagree.length) result.notes.push(`slim and report disagree: ${disagree.map((row) => `${row.name} slim ${row.slim[0]} report ${row.report}`).join('; ')}`);
  if (savingsDiffer.length) result.notes.push(`savings differ from the server's: ${savingsDiffer.map((row) => `${row.name} slim −${row.slim[0] - row.slim[1]} server −${row.server[0] - row.server[1]}`).join('; ')}`);
  if (lowerBoundRows.length) result.notes.push(`${lowerBoundRows.length} of ${measured.length} measured tools are lower bounds (report marks their text partly readable): their sizes are checked as at most the server's, and their savings as equal`);
  if (absoluteDiffer.length) result.notes.push(`${absoluteDiffer.length} of ${measured.length} measured tools: the server publishes other sizes than the static reading (e.g. ${result.numbers.absoluteDiffer[0]})`);
  if (rows.length > measured.length) result.notes.push(`${rows.length - measured.length} slimmed tools slim could not measure (schema not readable statically)`);
}

async function listServer(entry, work, env, readFamilies = false) {
  const command = entry.start.command.map((part) => part.replace('$TSX', tsx));
  const transport = new StdioClientTransport({ command: command[0], args: command.slice(1), cwd: path.join(work, entry.start.cwd ?? '.'), env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'toolslim-slim-check', version: '1.0.0' });
  const timeout = setTimeout(() => transport.close(), entry.timeoutMs ?? 60_000);
  try {
    await client.connect(transport);
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const resources = client.getServerCapabilities()?.resources ? (await client.listResources()).resources : [];
    const familyTexts = {};
    const readTool = tools.find((tool) => tool.name === 'read_instructions');
    if (readFamilies && readTool) {
      for (const family of readTool.inputSchema.properties?.family?.enum ?? []) {
        const answer = await client.callTool({ name: 'read_instructions', arguments: { family } });
        familyTexts[family] = answer.content?.[0]?.text;
      }
    }
    return { tools, resources, instructions: client.getInstructions(), familyTexts };
  } catch (error) {
    throw new Error(`start failed: ${error instanceof Error ? error.message : error} — stderr: ${stderr.slice(-400)}`);
  } finally {
    clearTimeout(timeout);
    await client.close().catch(() => undefined);
  }
}

function summarise(tools) {
  let bytes = 0;
  let tokens = 0;
  for (const tool of tools) {
    const measured = measureTool(tool);
    bytes += measured.bytes;
    tokens += measured.tokens;
  }
  return { tools: tools.length, bytes, tokens };
}

function run(command, cwd, env, result, label) {
  const started = Date.now();
  const child = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 20 * 60_000 });
  result.steps.push({ label, command, seconds: Math.round((Date.now() - started) / 1000), status: child.status });
  if (child.status !== 0) throw new Error(`${label} \`${command}\` exited ${child.status}: ${(child.stderr || child.stdout || '').slice(-600)}`);
}

function runJson(args, cwd, env) {
  const child = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  try {
    return JSON.parse(child.stdout);
  } catch {
    throw new Error(`toolslim ${args.slice(1).join(' ')} exited ${child.status}: ${child.stderr.slice(-600)}`);
  }
}

function packRuntime() {
  const dir = path.join(out, 'runtime-pack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const name = execSync(`npm pack --silent --pack-destination ${dir}`, { cwd: path.join(root, 'packages/runtime'), encoding: 'utf8' }).trim().split('\n').pop();
  return path.join(dir, name);
}

function buildTable(list) {
  const checkNames = ['slimEqualsReport', 'savingsAgree', 'sizesEqualServer', 'totalsAgree', 'descriptionsAsPlanned', 'verified', 'nothingGrew', 'sameToolsPlusReadInstructions', 'noToolGrewAtRuntime', 'resourcesKept', 'readInstructionsServesEachFamily', 'instructionsNameEachFamily', 'secondRunNoChange'];
  const lines = [
    '| server | tools before → after | bytes before → after | tokens before → after | slimmed / skipped | checks failed | note |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of list) {
    const arrow = (key) => (r.before && r.after ? `${r.before[key]} → ${r.after[key]}` : r.before ? `${r.before[key]} → —` : '—');
    const failed = checkNames.filter((name) => r.checks[name] === false);
    lines.push(
      `| ${r.name} | ${arrow('tools')} | ${arrow('bytes')} | ${arrow('tokens')} | ${r.slim ? `${r.slim.tools} / ${r.slim.skipped}` : '—'} | ${failed.join(', ') || (r.after ? 'none' : '—')} | ${(r.failed ?? r.notes.join('; ')).replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 300)} |`,
    );
  }
  return lines.join('\n');
}
