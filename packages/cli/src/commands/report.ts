/** `toolslim report [paths…] [--json]`: what the tools declared in source will publish. */
import { parseFlags } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { REPORT_HELP } from '../help.js';
import type { Command } from '../io.js';
import { createStyle, printJson, printProblems, printReport } from '../print.js';
import { buildSourceReport, toRelative } from '../source.js';

export const report: Command = async (args, io) => {
  const { values, positionals } = parseFlags(args, {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(REPORT_HELP);
    return EXIT.ok;
  }
  const style = createStyle(io.isTTY, io.env);
  const source = buildSourceReport(positionals.length > 0 ? positionals : ['.'], io.cwd);
  io.stdout(values.json ? printJson(source.report) : printReport(source, style));
  io.stderr(printProblems(source.skipped, values.json ? [] : source.report.errors, (filePath) => toRelative(filePath, io.cwd), style));
  return source.report.errors.length > 0 ? EXIT.findings : EXIT.ok;
};
