// `toolslim measure --check`: core's published-tool checks on a server started here (test/measure-check/server.mjs).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { runCli } from '../packages/cli/tests/support/run-cli.js';

const SERVER = fileURLToPath(new URL('./measure-check/server.mjs', import.meta.url));

interface CheckMessage {
  ruleId: string;
  severity: number;
  message: string;
  messageId: string;
  tool?: string;
  param?: string;
}

describe('toolslim measure --check', () => {
  it('reports each problem once, in the rules report shape, and exits 1', async () => {
    const result = await runCli(['measure', '--check', '--json', '--', process.execPath, SERVER]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT.findings);
    const [report] = JSON.parse(result.stdout) as Array<{ filePath: string; messages: CheckMessage[]; errorCount: number }>;
    expect(report.filePath).toContain('server.mjs');
    const found = report.messages.map((message) => [message.ruleId, message.messageId, message.tool, message.param ?? null]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['toolslim/valid-tool-name', 'invalidMcpName', 'search docs', null],
        // Past the rule's 1,024 characters; the OpenAI API's cut counts only when it is targeted.
        ['toolslim/max-description-length', 'descriptionTooLong', 'search docs', null],
        ['toolslim/no-redundant-param-description', 'redundantParam', 'search docs', 'query'],
        ['toolslim/no-redundant-param-description', 'redundantParam', 'search docs', 'order'],
        ['toolslim/require-tool-description', 'descriptionRestatesName', 'ping', null],
      ]),
    );
    expect(found.filter(([, , tool]) => tool === 'notes_search')).toEqual([]);
    // One finding per rule per text.
    const keys = report.messages.map((message) => `${message.ruleId} ${message.tool} ${message.param}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(report.errorCount).toBe(report.messages.length);
    const long = report.messages.find((message) => message.messageId === 'descriptionTooLong')!;
    expect(long.message).not.toContain('OpenAI');
    for (const message of report.messages) expect(message.message.length).toBeLessThan(200);
  }, 60_000);

  it('prints one line per problem for people', async () => {
    const result = await runCli(['measure', '--check', '--', process.execPath, SERVER]);
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toMatch(/search docs › query {2}The description of parameter "query" restates the name/);
    expect(result.stdout).toMatch(/problems in 3 tools\.\n$/);
  }, 60_000);

  it('exits 0 when the listed tools have no problem', async () => {
    const result = await runCli(['measure', '--check', '--', process.execPath, SERVER], { env: { ...process.env, TOOLSLIM_CHECK_CLEAN: '1' } });
    expect(result.stdout).toBe('✓ No problems in 1 tool.\n');
    expect(result.code).toBe(EXIT.ok);
  }, 60_000);

  it('advises bounded results for output schemas that allow unbounded text, without changing the exit code', async () => {
    const env = { ...process.env, TOOLSLIM_CHECK_CLEAN: '1', TOOLSLIM_CHECK_OUTPUT: '1' };
    const result = await runCli(['measure', '--check', '--', process.execPath, SERVER], { env });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain('✓ No problems in 3 tools.\n');
    expect(result.stdout).toContain('advice 1 tool can return results of any size:');
    expect(result.stdout).toContain(
      'notes_export  The output schema of "notes_export" lets it return unbounded text: "body" (a string with no maxLength) and "attachments" (an array with no maxItems).',
    );
    expect(result.stdout).not.toContain('notes_count  ');
    expect(result.stdout).toContain("Claude Code's cut (25,000 tokens)");
    expect(result.stdout).toContain('serveInstructions(server, { dir, results: true }), or serveBoundedResults(server)');

    const json = await runCli(['measure', '--check', '--json', '--', process.execPath, SERVER], { env });
    expect(json.code).toBe(EXIT.ok);
    const [report] = JSON.parse(json.stdout) as Array<{ messages: Array<CheckMessage & { ruleId: string | null }>; errorCount: number; warningCount: number }>;
    expect(report.errorCount).toBe(0);
    expect(report.warningCount).toBe(1);
    expect(report.messages.map((message) => [message.ruleId, message.severity, message.messageId, message.tool])).toEqual([[null, 1, 'unboundedOutput', 'notes_export']]);

    // With problems too, the exit code is the problems' own.
    const both = await runCli(['measure', '--check', '--', process.execPath, SERVER], { env: { ...process.env, TOOLSLIM_CHECK_OUTPUT: '1' } });
    expect(both.code).toBe(EXIT.findings);
    expect(both.stdout).toMatch(/problems in 5 tools\.\n\nadvice 1 tool/);
  }, 60_000);
});
