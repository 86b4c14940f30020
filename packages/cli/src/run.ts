/** argv → command → exit code, with every failure turned into a message and its exit code. */
import { readFileSync } from 'node:fs';
import { getEditDistance } from './args.js';
import { commands } from './commands/index.js';
import { CliError, EXIT } from './exit-codes.js';
import { MAIN_HELP } from './help.js';
import type { CommandIO } from './io.js';
import { createStyle, printError } from './print.js';

export async function run(argv: readonly string[], io: CommandIO): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(MAIN_HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${getVersion()}\n`);
    return EXIT.ok;
  }
  const style = createStyle(io.isTTY, io.env);
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr(printError(buildUnknownCommand(name), style));
    return EXIT.usage;
  }
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(printError(error.message, style));
      return error.exitCode;
    }
    throw error;
  }
}

function buildUnknownCommand(name: string): string {
  const names = Object.keys(commands);
  let closest: string | undefined;
  let distance = Infinity;
  for (const candidate of names) {
    const d = getEditDistance(name.toLowerCase(), candidate);
    if (d < distance) [closest, distance] = [candidate, d];
  }
  const suggestion = closest !== undefined && distance <= 2 ? ` Did you mean toolslim ${closest}?` : '';
  const flag = name.startsWith('-') ? ' Flags go after the command, e.g. toolslim report --json.' : '';
  return `Unknown command "${name}".${suggestion}${flag}\nCommands: ${names.join(', ')}. See toolslim --help.`;
}

function getVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
