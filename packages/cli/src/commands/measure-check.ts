/**
 * `toolslim measure --check`: the checks that need only the published tools (names, client limits, sizes,
 * descriptions, redundancy, sentence categories), from `core`, on what a running server lists. Servers in
 * any language get the judgement the ESLint rules give TypeScript source. Exit 1 when anything is found.
 */
import { buildUnboundedOutputAdvice, checkPublishedTools, findUnboundedOutputs, type PublishedCheckProblem, type UnboundedOutput } from '@toolslim/core';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { CommandIO } from '../io.js';
import { printJson, type Style } from '../print.js';
import type { MeasuredServer } from '../target.js';

/** One result in the shape of ESLint's JSON formatter, so tools that read the rules' report read this too. */
export interface CheckReport {
  readonly filePath: string;
  readonly messages: ReadonlyArray<{
    /** Null for advice no rule gives (an output schema that allows unbounded text). */
    readonly ruleId: string | null;
    /** 2 for a problem, 1 for advice (which never changes the exit code). */
    readonly severity: 1 | 2;
    readonly message: string;
    readonly messageId: string;
    readonly tool?: string;
    readonly param?: string;
  }>;
  readonly errorCount: number;
  readonly fatalErrorCount: 0;
  readonly warningCount: number;
  readonly fixableErrorCount: 0;
  readonly fixableWarningCount: 0;
}

export function buildCheckReport(problems: readonly PublishedCheckProblem[], label: string, unbounded: readonly UnboundedOutput[] = []): CheckReport[] {
  const errors = problems.map((problem) => ({
    ruleId: `toolslim/${problem.rule}`,
    severity: 2 as const,
    message: problem.message,
    messageId: problem.messageId,
    ...(problem.tool === undefined ? {} : { tool: problem.tool }),
    ...(problem.param === undefined ? {} : { param: problem.param }),
  }));
  const advice = unbounded.map((output) => ({ ruleId: null, severity: 1 as const, message: output.message, messageId: 'unboundedOutput', tool: output.tool }));
  const messages = [...errors, ...advice];
  return [{ filePath: label, messages, errorCount: errors.length, fatalErrorCount: 0, warningCount: advice.length, fixableErrorCount: 0, fixableWarningCount: 0 }];
}

/** Run the checks on a measured server, print them (`--json`: the report), and return the exit code. */
export function runMeasureCheck(measured: MeasuredServer, label: string, json: boolean, io: CommandIO, style: Style): ExitCode {
  const problems = checkPublishedTools(measured.listed.tools, { serverName: measured.listed.serverName });
  // Advice, after the problems: it never changes the exit code.
  const unbounded = findUnboundedOutputs(measured.listed.tools);
  if (json) {
    io.stdout(printJson(buildCheckReport(problems, label, unbounded)));
  } else {
    io.stdout(printProblems(problems, measured.listed.tools.length, style) + printUnboundedOutputs(unbounded, style));
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

/** One line per tool whose output schema allows unbounded text, then what to do about it. */
function printUnboundedOutputs(unbounded: readonly UnboundedOutput[], style: Style): string {
  if (unbounded.length === 0) return '';
  const lines = unbounded.map((output) => `  ${style.bold(output.tool)}  ${output.message}`);
  return `\n${style.yellow('advice')} ${unbounded.length} tool${unbounded.length === 1 ? '' : 's'} can return results of any size:\n${lines.join('\n')}\n  ${buildUnboundedOutputAdvice()}\n`;
}
