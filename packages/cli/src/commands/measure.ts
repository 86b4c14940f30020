/** `toolslim measure [--json] [--top N] [--check] -- <command…>` / `--url <url>`: what a running server lists. */
import { getPositiveNumber, parseFlags, splitServerCommand } from '../args.js';
import { CliError, EXIT } from '../exit-codes.js';
import { MEASURE_HELP } from '../help.js';
import type { Command } from '../io.js';
import { withSpinner } from '../progress.js';
import { createStyle, printJson, printMeasure } from '../print.js';
import { describeTarget, getServerTarget, getTimeoutSeconds, measureServer, SERVER_FLAGS } from '../target.js';
import { runMeasureCheck } from './measure-check.js';

export const measure: Command = async (args, io) => {
  const { head, serverCommand } = splitServerCommand(args);
  const { values, positionals } = parseFlags(head, {
    ...SERVER_FLAGS,
    json: { type: 'boolean' },
    top: { type: 'string' },
    check: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  }, 'measure');
  if (values.help) {
    io.stdout(MEASURE_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) {
    throw new CliError(`Unexpected "${positionals[0]}": put the server command after --, e.g. toolslim measure -- node server.js`, EXIT.usage);
  }
  const top = getPositiveNumber(values.top, '--top', { integer: true });
  const target = getServerTarget(values, serverCommand, io);
  if (!target) throw new CliError('Name a server: toolslim measure -- <command…> or toolslim measure --url <url>.', EXIT.usage);
  const timeout = getTimeoutSeconds(values);
  const measured = await withSpinner(io, !values.json, `waiting for ${describeTarget(target)} to list its tools`, timeout, () => measureServer(target, timeout));
  if (values.check) return runMeasureCheck(measured, describeTarget(target), values.json === true, io, createStyle(io.isTTY, io.env));
  if (values.json) {
    io.stdout(printJson(measured.report));
  } else {
    const { listed } = measured;
    const view = { report: measured.report, serverName: listed.serverName, serverVersion: listed.serverVersion, instructions: measured.instructions, pages: listed.pages, top };
    io.stdout(printMeasure(view, createStyle(io.isTTY, io.env)));
  }
  return EXIT.ok;
};
