/** The command map: the name a user types → the command. The one place a command is registered. */
import type { Command } from '../io.js';

/**
 * Commands load on first use: `slim` pulls in ts-morph and `measure` the MCP client, and neither
 * should slow down `report` or `--help`.
 */
function loadOnUse(load: () => Promise<Command>): Command {
  return async (args, io) => (await load())(args, io);
}

export const commands: Readonly<Record<string, Command>> = {
  report: loadOnUse(async () => (await import('./report.js')).report),
  measure: loadOnUse(async () => (await import('./measure.js')).measure),
  budget: loadOnUse(async () => (await import('./budget.js')).budget),
  slim: loadOnUse(async () => (await import('./slim.js')).slim),
};
