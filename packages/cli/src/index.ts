/** The programmatic API: run the CLI in-process with your own streams. */
export { run } from './run.js';
export { commands } from './commands/index.js';
export { EXIT, CliError, type ExitCode } from './exit-codes.js';
export type { Command, CommandIO } from './io.js';
export { findSourceFiles, isSourceFile, SOURCE_EXTENSIONS, MAX_FILE_BYTES } from './files.js';
export { listServerTools, type ListedServer, type ServerTarget } from './server.js';
