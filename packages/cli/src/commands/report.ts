/** `toolslim report [paths…] [--json]`: what the tools declared in source will publish, and what to do next. */
import { parseFlags } from '../args.js';
import { CliError, EXIT } from '../exit-codes.js';
import { REPORT_HELP } from '../help.js';
import type { Command } from '../io.js';
import { createStyle, printJson, printProblems, printReport } from '../print.js';
import { createProgress } from '../progress.js';
import { buildSourceReport, toRelative } from '../source.js';
import { estimateSlim, findClientProblems, findDuplicateDeclarations, findFamilyTotals, findNextCommand, getTargetedClients, type Story } from '../story.js';

export const REPORT_FLAGS = {
  json: { type: 'boolean' },
  wide: { type: 'boolean' },
  clients: { type: 'string' },
  'no-estimate': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const report: Command = async (args, io) => {
  const { values, positionals } = parseFlags(args, REPORT_FLAGS, 'report');
  if (values.help) {
    io.stdout(REPORT_HELP);
    return EXIT.ok;
  }
  let profiles;
  try {
    profiles = getTargetedClients(values.clients);
  } catch (error) {
    throw new CliError(`--clients: ${(error as Error).message}`, EXIT.usage);
  }
  const style = createStyle(io.isTTY, io.env);
  const paths = positionals.length > 0 ? positionals : ['.'];
  const progress = createProgress(io, !values.json);
  const source = buildSourceReport(paths, io.cwd, progress);
  const { report: result } = source;
  const estimate =
    result.tools.length === 0 || values['no-estimate'] ? null : await estimateSlim(io.cwd, source.files, progress.phase('planning what slim would move'), source.programs);
  progress.stop();
  const duplicates = findDuplicateDeclarations(result);
  const facts = { families: findFamilyTotals(result), clientProblems: findClientProblems(result, profiles, io.cwd, source.programs), slimEstimate: estimate };
  const story: Story = { ...facts, ...(duplicates ? { duplicates } : {}), next: findNextCommand(result, facts, paths, io.cwd) };
  // Files that could not be read come first: every number below is missing their tools.
  io.stderr(printProblems(source.skipped, values.json ? [] : result.errors, (filePath) => toRelative(filePath, io.cwd), style));
  io.stdout(values.json ? printJson({ ...result, ...facts, ...(duplicates ? { duplicates } : {}) }) : printReport({ ...source, story, wide: values.wide }, style));
  return result.errors.length > 0 ? EXIT.findings : EXIT.ok;
};
