// Runs core's published-tool checks (what `toolslim measure --check` runs) on the runtime tool lists
// recorded under /work/realworld-out/<entry>/tools.json, and writes one line per problem to a TSV.
// Usage: node test/realworld/check-runtime.mjs [recordingsDir] [out.tsv]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPublishedTools } from '@toolslim/core';

const [dir = '/work/realworld-out', out = 'tmp/runtime-checks.tsv'] = process.argv.slice(2);
const rows = [['entry', 'tool', 'param', 'rule', 'message'].join('\t')];
const counts = {};
for (const entry of readdirSync(dir).sort()) {
  const file = join(dir, entry, 'tools.json');
  if (!existsSync(file)) continue;
  const tools = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(tools)) continue;
  for (const problem of checkPublishedTools(tools)) {
    counts[problem.rule] = (counts[problem.rule] ?? 0) + 1;
    rows.push([entry, problem.tool ?? '', problem.param ?? '', problem.rule, problem.message.replace(/\s+/g, ' ')].join('\t'));
  }
}
writeFileSync(out, `${rows.join('\n')}\n`);
console.log(JSON.stringify(counts, null, 1), rows.length - 1, 'problems in', out);
