#!/usr/bin/env node
/**
 * core's tool finder next to the parse it reads: every source file of the MCP SDK, zod and
 * typescript-eslint as installed, parsed with `parseSource`, then searched with `findTools`.
 * Budget: findTools ≤ 0.5 × parse (sums over all files, medians of rounds).
 *
 *   pnpm build && node test/bench/find-tools.bench.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTools, parseSource } from '@toolslim/core';

const store = fileURLToPath(new URL('../../node_modules/.pnpm/', import.meta.url));
const PACKAGES = /^(@modelcontextprotocol\+sdk|zod|typescript-eslint|@typescript-eslint\+[a-z-]+)@/;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;
const MAX_BYTES = 5 * 1024 * 1024;

function findSourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') findSourceFiles(path, out);
    else if (entry.isFile() && SOURCE_FILE.test(entry.name) && statSync(path).size <= MAX_BYTES) out.push(path);
  }
  return out;
}

const files = readdirSync(store)
  .map((entry) => [entry, PACKAGES.exec(entry)])
  .filter(([, match]) => match)
  .flatMap(([entry, match]) => findSourceFiles(join(store, entry, 'node_modules', match[1].replace('+', '/'))));
const sources = files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }));

function round() {
  let parseMs = 0;
  let findMs = 0;
  for (const { filePath, code } of sources) {
    let program;
    const parseStart = performance.now();
    try {
      program = parseSource(code, filePath);
    } catch {
      continue;
    }
    parseMs += performance.now() - parseStart;
    const findStart = performance.now();
    findTools(program, { filePath });
    findMs += performance.now() - findStart;
  }
  return { parseMs, findMs };
}

const rounds = Array.from({ length: Number(process.env.ROUNDS ?? 3) }, round);
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const parseMs = median(rounds.map((r) => r.parseMs));
const findMs = median(rounds.map((r) => r.findMs));
const ratio = findMs / parseMs;
console.log(JSON.stringify({ files: sources.length, parseMs: Math.round(parseMs), findToolsMs: Math.round(findMs), ratio: Number(ratio.toFixed(2)), budget: 0.5 }));
if (ratio > 0.5) process.exitCode = 1;
