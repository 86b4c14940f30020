#!/usr/bin/env node
/**
 * `toolslim slim` on fixtures/verbose-catalogue against loading the same files into a ts-morph project.
 * Budget (issue 4): ratio of medians ≤ 2. Each slim run works on a fresh copy (copying is not timed).
 *
 *   pnpm build && node test/bench/slim.bench.mjs
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { planSlim, writeSlimPlan } from '@toolslim/codemod';
import { median, root } from './corpus.mjs';

const { Project } = createRequire(join(root, 'packages/codemod/package.json'))('ts-morph');
const catalogue = join(root, 'fixtures/verbose-catalogue');
const rounds = Number(process.env.ROUNDS ?? 5);

function freshCopy() {
  // Inside fixtures/ so the copy's imports resolve like the original's.
  const dir = mkdtempSync(join(root, 'fixtures', '.bench-slim-'));
  cpSync(catalogue, dir, { recursive: true });
  return dir;
}

const sourceFiles = (dir) => readdirSync(join(dir, 'src')).filter((f) => f.endsWith('.ts')).map((f) => join(dir, 'src', f));

function loadProject(dir) {
  const project = new Project({ tsConfigFilePath: join(dir, 'tsconfig.json') });
  let chars = 0;
  for (const file of project.getSourceFiles()) chars += file.getFullText().length;
  return chars;
}

let before = 0;
let after = 0;
function slim(dir) {
  const plan = planSlim({ cwd: dir, files: sourceFiles(dir), instructionsDir: 'docs/tools' });
  writeSlimPlan(plan);
  before = plan.totals?.before?.bytes ?? before;
  after = plan.totals?.after?.bytes ?? after;
}

const times = { load: [], slim: [] };
for (let i = 0; i <= rounds; i++) {
  const a = freshCopy();
  const b = freshCopy();
  try {
    let t = performance.now();
    loadProject(a);
    const load = performance.now() - t;
    t = performance.now();
    slim(b);
    const slimMs = performance.now() - t;
    if (i > 0) {
      // round 0 warms both up
      times.load.push(load);
      times.slim.push(slimMs);
    }
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
}
const ratio = median(times.slim) / median(times.load);
console.log(
  JSON.stringify({
    files: sourceFiles(catalogue).length,
    tsMorphLoadMs: Math.round(median(times.load)),
    slimMs: Math.round(median(times.slim)),
    ratio: Number(ratio.toFixed(2)),
    budget: 2,
    publishedBytes: { before, after },
    rounds,
  }),
);
if (ratio > 2) process.exitCode = 1;
