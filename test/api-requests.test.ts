// Model-API tool arrays through the real ESLint class and the CLI: the bundled example's arrays, sent by
// an honest agent, draw no report; `report --json` gives each request's tokens as computed here from the
// very objects the fixture modules export.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { countTokens } from '@toolslim/core';
import toolslim from 'eslint-plugin-toolslim';
import { runCli } from '../packages/cli/tests/support/run-cli.js';
import { anthropicTools } from '../fixtures/api-tool-arrays/anthropic-tools.js';
import { chatCompletionTools, responsesTools } from '../fixtures/api-tool-arrays/openai-tools.js';

const repoDir = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const agentFile = join(repoDir, 'packages/eslint-plugin/tests/fixtures/api-requests/honest-agent.ts');

function sumTokens(tools: readonly object[]): number {
  return tools.reduce((total, tool) => total + countTokens(JSON.stringify(tool)), 0);
}

describe('model-API tool arrays', () => {
  it('the recommended config reports nothing about the honest arrays and the agent that sends them', async () => {
    const eslint = new ESLint({
      cwd: repoDir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser } }, toolslim.configs.recommended],
    });
    const results = await eslint.lintFiles([agentFile, join(repoDir, 'fixtures/api-tool-arrays/*.ts')]);
    const messages = results.flatMap((result) => result.messages.filter((message) => /api-tool-limits|prefer-tool-search/.test(message.ruleId ?? '')));
    expect(results.length).toBe(4);
    expect(messages).toEqual([]);
  });

  it('report --json lists each request with the tokens its tools load', async () => {
    const result = await runCli(['report', agentFile, '--json', '--no-estimate'], { cwd: repoDir });
    const requests = (JSON.parse(result.stdout) as { requests: Array<Record<string, unknown>> }).requests;
    expect(requests.map((request) => [request.vendor, request.tools, request.loadedTokens, request.deferred])).toEqual([
      ['anthropic', anthropicTools.length, sumTokens(anthropicTools), 0],
      ['openai', chatCompletionTools.length, sumTokens(chatCompletionTools), undefined],
      ['openai', responsesTools.length, sumTokens(responsesTools), undefined],
    ]);
    expect(requests.every((request) => request.unreadable === undefined)).toBe(true);
  });
});
