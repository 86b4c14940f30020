#!/usr/bin/env node
/**
 * After `slim --plan` and `slim --apply` (marks unchanged) on a corpus server, start the slimmed server with
 * the real MCP SDK client over stdio and check, for every slimmed tool: the first call is gated (an error
 * result holding its moved text) and the next call gets past the gate. The server runs with a preload that
 * refuses every connection off loopback, so a tool that runs reaches no network (its error says so).
 *
 * Usage (after `pnpm build`): node test/realworld/plan-apply-gate.mjs <entry names…>
 *   INSTALLS=/tmp/corpus/work  OUT=/tmp/plan-scratch/gate
 * Only entries started with `$TSX` and no build step are supported. A server answering stateless HTTP
 * behind its harness (the Cloudflare Workers) has no session, so it is not gated, by design.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copySources } from './copy-sources.mjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const installs = process.env.INSTALLS ?? '/tmp/corpus/work';
const out = process.env.OUT ?? '/tmp/plan-scratch/gate';
const cli = path.join(root, 'packages/cli/dist/bin.js');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const manifestDir = path.join(root, 'test/realworld');
const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8'));

const PRELOAD = `const net = require('node:net');
const connect = net.Socket.prototype.connect;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);
net.Socket.prototype.connect = function (...args) {
  const first = args[0];
  const options = Array.isArray(first) ? first[0] : typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (options.path === undefined && !LOOPBACK.has(options.host ?? 'localhost')) {
    process.nextTick(() => this.destroy(new Error('network blocked by the toolslim harness: ' + options.host)));
    return this;
  }
  return connect.apply(this, args);
};
`;

for (const name of process.argv.slice(2)) {
  const entry = manifest.servers.find((server) => server.name === name);
  if (!entry?.start || (entry.build ?? []).length > 0 || entry.start.command[0] !== '$TSX') {
    console.log(`${name}: not started here (needs a build, or no start command)`);
    continue;
  }
  const work = path.join(out, name);
  prepare(path.join(installs, entry.repo), work);
  for (const harness of entry.harness === undefined ? [] : [entry.harness].flat()) cpSync(path.join(manifestDir, harness.file), path.join(work, harness.dest));
  writeFileSync(path.join(out, `${name}.preload.cjs`), PRELOAD);
  const pkg = path.join(work, entry.package ?? '.');
  const sources = entry.sources.map((source) => path.relative(pkg, path.join(work, source)) || '.');
  const planFile = path.join(out, `${name}.plan.md`);
  const plan = spawnSync(process.execPath, [cli, 'slim', ...sources, '--plan', planFile], { cwd: pkg, encoding: 'utf8' });
  const apply = spawnSync(process.execPath, [cli, 'slim', '--apply', planFile, '--force'], { cwd: pkg, encoding: 'utf8' });
  if (apply.status !== 0) {
    console.log(`${name}: plan exit ${plan.status}, apply exit ${apply.status}: ${apply.stderr.slice(0, 400)}`);
    continue;
  }
  const slimmed = findSlimmedTools(planFile);
  const home = mkdtempSync(path.join(tmpdir(), 'plan-gate-home-'));
  const env = { ...process.env, ...manifest.defaultEnv, ...entry.env, HOME: home, NODE_OPTIONS: `--require ${path.join(out, `${name}.preload.cjs`)}` };
  const transport = new StdioClientTransport({ command: tsx, args: entry.start.command.slice(1), cwd: path.join(work, entry.start.cwd ?? '.'), env, stderr: 'pipe' });
  const client = new Client({ name: 'toolslim-plan-gate', version: '1.0.0' });
  const counts = { slimmed: slimmed.length, gated: 0, passed: 0 };
  const failures = [];
  try {
    await client.connect(transport);
    const tools = (await client.listTools()).tools;
    const listed = new Set(tools.map((tool) => tool.name));
    const argumentsOf = new Map(tools.map((tool) => [tool.name, buildArguments(tool.inputSchema)]));
    for (const { tool, moved } of slimmed) {
      if (!listed.has(tool)) {
        failures.push(`${tool} is not listed`);
        continue;
      }
      // Without arguments first; a server that validates before the gate (fastmcp) refuses that, and is
      // called again with arguments built from the schema (its gate has not seen the call).
      let args = {};
      let first = await call(client, tool, args);
      if (!first.text.startsWith('Not run yet:') && /-32602|validation/i.test(first.text)) first = await call(client, tool, (args = argumentsOf.get(tool)));
      const text = first.text;
      const gated = first.isError === true && text.startsWith('Not run yet:') && text.includes(moved);
      if (gated) counts.gated++;
      else failures.push(`${tool}: first call not gated (${text.slice(0, 120)})`);
      // Past the gate the tool runs (it reaches no network) or the server's own validation answers.
      const again = (await call(client, tool, args)).text;
      if (!again.startsWith('Not run yet:')) counts.passed++;
      else failures.push(`${tool}: second call gated again`);
    }
  } catch (error) {
    failures.push(`client: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.close().catch(() => {});
    rmSync(home, { recursive: true, force: true });
  }
  console.log(`${name}: ${counts.slimmed} slimmed tools; first call gated with its moved text: ${counts.gated}; next call past the gate: ${counts.passed}${failures.length ? `; ${failures.slice(0, 5).join('; ')}` : ''}`);
  rmSync(work, { recursive: true, force: true });
}

/** A call's text and error flag; a protocol error (invalid arguments) is an answer from past the gate too. */
async function call(client, name, args) {
  try {
    const result = await client.callTool({ name, arguments: args ?? {} });
    return { isError: result.isError === true, text: result.content?.map((part) => part.text ?? '').join('\n') ?? '' };
  } catch (error) {
    return { isError: true, text: `protocol error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Arguments a schema accepts, built from its required properties: a server that validates before the
 * gate (fastmcp) must see a valid call to reach it. URLs point at a closed loopback port.
 */
function buildArguments(schema, key = '') {
  if (!schema || typeof schema !== 'object') return 'x';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variant)) return buildArguments(variant.find((v) => v.type !== 'null') ?? variant[0], key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out = {};
    for (const name of schema.required ?? []) out[name] = buildArguments(schema.properties?.[name], name);
    return out;
  }
  if (type === 'array') return schema.minItems ? Array.from({ length: schema.minItems }, () => buildArguments(schema.items, key)) : [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (schema.format === 'uri' || schema.format === 'url' || /url|uri/i.test(key)) return 'http://127.0.0.1:9/';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Each slimmed tool of the plan and one moved unit of it (marks unchanged: what apply moved). */
function findSlimmedTools(planFile) {
  const out = [];
  let tool;
  for (const line of readFileSync(planFile, 'utf8').split('\n')) {
    const heading = /^## (\S+) — /.exec(line);
    if (heading) tool = heading[1];
    const moved = /^- \[move\] u\d+ (`+)(.*?)\1 — /.exec(line);
    if (moved && tool && !out.some((t) => t.tool === tool)) out.push({ tool, moved: moved[2].trim() });
  }
  return out;
}

/** The sources copied; node_modules a folder of links to the cached install, with the runtime of this repository added. */
function prepare(from, to) {
  copySources(from, to, { linkNodeModules: linkPackages });
}

/** Each installed package linked one by one, so that the top folder can take this repository's runtime too. */
function linkPackages(fromFolder, toFolder, parentRel) {
  mkdirSync(toFolder);
  for (const item of readdirSync(fromFolder)) {
    if (item.startsWith('@')) {
      mkdirSync(path.join(toFolder, item));
      for (const scoped of readdirSync(path.join(fromFolder, item))) symlinkSync(path.join(fromFolder, item, scoped), path.join(toFolder, item, scoped));
    } else symlinkSync(path.join(fromFolder, item), path.join(toFolder, item));
  }
  if (parentRel === '.') {
    mkdirSync(path.join(toFolder, '@toolslim'), { recursive: true });
    if (!existsSync(path.join(toFolder, '@toolslim/runtime'))) symlinkSync(path.join(root, 'packages/runtime'), path.join(toFolder, '@toolslim/runtime'));
  }
}
