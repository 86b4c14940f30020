/** What a command needs from the process, so tests can run commands in-process. */
export interface CommandIO {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when stdout is a terminal (progress bars, colour). */
  readonly isTTY: boolean;
  readonly env: NodeJS.ProcessEnv;
}

/** Every command: `(args after the command name, io) → exit code`. */
export type Command = (args: readonly string[], io: CommandIO) => Promise<number>;
