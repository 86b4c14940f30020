// Issue 2's first "must show": for every fixture server and every tool whose text is static, the bytes
// `toolslim report` computes from source equal the bytes the running server publishes in tools/list.
import { describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { FIXTURES_ROOT, listFixtures, listToolsOf } from './support/fixture-servers.js';
import { runCli } from '../packages/cli/tests/support/run-cli.js';

interface Row {
  name: string;
  bytes: number;
  dynamic: boolean;
}

describe('toolslim report against the running fixture servers', () => {
  const fixtures = listFixtures();

  it('finds the fixture servers', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s: static bytes equal published bytes', async (_name, fixture) => {
    const result = await runCli(['report', '--json', fixture.folder], { cwd: FIXTURES_ROOT });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { tools: Row[] };
    const { tools: published } = await listToolsOf(fixture, { timeoutMs: 90_000 });
    expect(published.length).toBeGreaterThan(0);
    let compared = 0;
    for (const tool of published) {
      const found = report.tools.filter((row) => row.name === tool.name);
      expect(found, `${fixture.name}: ${tool.name} is not found in the source`).not.toHaveLength(0);
      const readable = found.filter((row) => !row.dynamic);
      if (readable.length === 0) continue;
      // Compiled twins can declare a tool twice; every readable copy must match what is published.
      for (const row of readable) expect(row.bytes, `${fixture.name}: ${tool.name}`).toBe(Buffer.byteLength(JSON.stringify(tool)));
      compared++;
    }
    expect(compared, `${fixture.name}: no tool with static text to compare`).toBeGreaterThan(0);
  }, 180_000);
});
