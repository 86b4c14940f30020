/**
 * `toolslim measure --check`: the checks that need only the published tools (names, client limits, sizes,
 * descriptions, redundancy, sentence categories), from `core`, on what a running server lists. Servers in
 * any language get the judgement the ESLint rules give TypeScript source. Exit 1 when anything is found.
 */
import { checkPublishedTools, type PublishedCheckProblem } from '@toolslim/core';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { CommandIO } from '../io.js';
import { printJson, type Style } from '../print.js';
import type { MeasuredServer } from '../target.js';

/** One result in the shape of ESLint's JSON formatter, so tools that read the rules' report read this too. */
export interface CheckReport {
  readonly filePath: string;
  readonly messages: ReadonlyArray<{
    readonly ruleId: string;
    readonly severity: 2;
    readonly message: string;
    readonly messageId: string;
    readonly tool?: string;
    readonly param?: string;
  }>;
  readonly errorCount: number;
  readonly fatalErrorCount: 0;
  readonly warningCount: 0;
  readonly fixableErrorCount: 0;
  readonly fixableWarningCount: 0;
}

export function buildCheckReport(problems: readonly PublishedCheckProblem[], label: string): CheckReport[] {
  const messages = problems.map((problem) => ({
    ruleId: `toolslim/${problem.rule}`,
    severity: 2 as const,
    message: problem.message,
    messageId: problem.messageId,
    ...(problem.tool === undefined ? {} : { tool: problem.tool }),
    ...(problem.param === undefined ? {} : { param: problem.param }),
  }));
  return [{ filePath: label, messages, errorCount: messages.length, fatalErrorCount: 0, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 }];
}

/** Run the checks on a measured server, print them (`--json`: the report), and return the exit code. */
export function runMeasureCheck(measured: MeasuredServer, label: string, json: boolean, io: CommandIO, style: Style): ExitCode {
  const problems = checkPublishedTools(measured.listed.tools, { serverName: measured.listed.serverName });
  if (json) {
    io.stdout(printJson(buildCheckReport(problems, label)));
  } else {
    io.stdout(printProblems(problems, measured.listed.tools.length, style));
  }
  return problems.length > 0 ? EXIT.findings : EXIT.ok;
}

function printProblems(problems: readonly PublishedCheckProblem[], toolCount: number, style: Style): string {
  const lines = problems.map((problem) => {
    const where = problem.tool === undefined ? '(server)' : problem.param === undefined ? problem.tool : `${problem.tool} › ${problem.param}`;
    return `  ${style.bold(where)}  ${problem.message}  ${style.dim(`toolslim/${problem.rule}`)}`;
  });
  const summary =
    problems.length === 0
      ? `${style.green('✓')} No problems in ${toolCount} tool${toolCount === 1 ? '' : 's'}.`
      : `${style.red('✖')} ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${toolCount} tool${toolCount === 1 ? '' : 's'}.`;
  return `${[...lines, ...(lines.length > 0 ? [''] : []), summary].join('\n')}\n`;
}
