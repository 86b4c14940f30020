// docs/ci.md: ESLint's SARIF output (@microsoft/eslint-formatter-sarif) carries toolslim's findings
// with their rule ids, regions and rule pages, as GitHub code scanning reads them.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import toolslim from 'eslint-plugin-toolslim';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

interface Sarif {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string; shortDescription?: { text: string } }[] } };
    results: { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
  }[];
}

describe('SARIF for code scanning', () => {
  it('formats toolslim findings with rule ids, regions and rule pages', async () => {
    const eslint = new ESLint({
      cwd: repoDir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser } }, toolslim.configs.recommended],
    });
    const results = await eslint.lintFiles(['fixtures/verbose-catalogue/src/issue.ts']);
    const formatter = await eslint.loadFormatter(require.resolve('@microsoft/eslint-formatter-sarif'));
    const sarif = JSON.parse(await formatter.format(results)) as Sarif;
    expect(sarif.version).toBe('2.1.0');
    const [run] = sarif.runs;
    expect(run.tool.driver.name).toBe('ESLint');
    expect(run.results.length).toBeGreaterThan(0);
    for (const result of run.results) {
      expect(result.ruleId).toMatch(/^toolslim\//);
      expect(result.message.text).toMatch(/\.$/);
      expect(result.locations[0].physicalLocation.artifactLocation.uri).toMatch(/fixtures\/verbose-catalogue\/src\/issue\.ts$/);
      expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
    }
    const rules = new Map(run.tool.driver.rules.map((rule) => [rule.id, rule]));
    for (const id of new Set(run.results.map((result) => result.ruleId))) {
      expect(rules.get(id)?.helpUri).toBe(`https://github.com/toolslim/toolslim/blob/main/docs/rules/${id.slice('toolslim/'.length)}.md`);
      expect(rules.get(id)?.shortDescription?.text).toBeTruthy();
    }
  });
});
