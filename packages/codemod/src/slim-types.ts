/** The shapes a slimming run returns (`planSlim`) and the error that stops one. */
import type { CategoryProbabilities, FileModel, HarmTopic, MoveReason, ProseCategory, ToolMeasure, UnitAnchor } from '@toolslim/core';
import type { InstructionChange, FamilyContent } from './instructions.js';
import type { Wiring } from './wire-runtime.js';

export type FileChange = InstructionChange;

export interface ToolChange {
  readonly name: string;
  /** Relative to `cwd`. */
  readonly file: string;
  readonly line: number;
  readonly family: string;
  /** The instruction file, relative to `cwd`. */
  readonly instructions: string;
  /** Units moved out of the description and the parameters. */
  readonly movedUnits: number;
  /**
   * Moved units that name money, secrets, people, data loss or access (core's `findHarmTopics`): a person
   * should read them before committing, as the classifier misses guardrails it has no words for.
   */
  readonly review: readonly ReviewItem[];
  readonly before: ToolMeasure | undefined;
  readonly after: ToolMeasure | undefined;
  readonly descriptionBefore: string;
  readonly descriptionAfter: string;
}

/** A moved unit to read before committing, and why. */
export interface ReviewItem {
  /** Set for a parameter's text. */
  readonly param?: string;
  readonly text: string;
  /** What it may put at risk (money, secrets, people, data loss, access); may be empty. */
  readonly topics: readonly HarmTopic[];
  /** The prose model's probability that it is a guardrail. */
  readonly guardrail: number;
}

export interface SkippedTool {
  readonly name: string | undefined;
  readonly file: string;
  readonly line: number;
  readonly reason: string;
  /** Left alone on purpose (slimming it would not make the catalogue smaller): not a partial run. */
  readonly unprofitable?: true;
}

/** A parameter text several tools read (written once), left as it is for all of them. */
export interface KeptSharedText {
  /** Where the text is written, relative to `cwd`. */
  readonly file: string;
  readonly line: number;
  /** `tool.param` of every parameter that reads it. */
  readonly params: readonly string[];
  readonly reason: string;
}

export interface FileError {
  readonly file: string;
  readonly message: string;
}

export interface SlimPlan {
  readonly cwd: string;
  /** Absolute. */
  readonly instructionsDir: string;
  readonly sources: readonly FileChange[];
  readonly instructions: readonly FileChange[];
  readonly tools: readonly ToolChange[];
  readonly skipped: readonly SkippedTool[];
  /**
   * Tools left as they are with nothing found to move, whose text slim could not read in full (parameters
   * built at run time, say): not "already slim", since what was not read may hold how-text.
   */
  readonly unread?: readonly SkippedTool[];
  /** Parameter texts shared by several parameters that were left as they are (not every reader would get the same new text). */
  readonly keptShared: readonly KeptSharedText[];
  /** Files that could not be read or parsed: reported, left untouched. */
  readonly errors: readonly FileError[];
  /** Verification failures; when there are any, nothing may be written. */
  readonly problems: readonly string[];
  /** Every tool found (slimmed or not) whose published definition is readable. */
  readonly totals: SlimTotals;
  /** What moves, per family (to merge again under a lock when workers write in parallel). */
  readonly families: readonly FamilyContent[];
  /** Every static tool name the run saw. */
  readonly toolNames: ReadonlySet<string>;
  /** Servers the run wired to serve the instruction files, or the lines to add by hand. */
  readonly wiring: readonly Wiring[];
  /**
   * True when a tool was skipped, a file could not be read, or the moved text is not served yet (no
   * server wired): the rest was slimmed.
   */
  readonly partial: boolean;
  /** The package that now depends on the runtime, and the command that installs it. */
  readonly install: RuntimeInstall | undefined;
  /** Every package that declares the runtime for this run (one per server package; "Next:" names each). */
  readonly installs?: readonly RuntimeInstall[];
  /** Every unit of every tool found and where this run sends it: what a plan file lists (plan-file/). */
  readonly units?: readonly ToolUnits[];
  /** Absolute paths of every file the run read to plan (a plan file keeps their hashes). */
  readonly read?: readonly string[];
}

/** One tool's units and where this run sends them. */
export interface ToolUnits {
  /** `<file relative to cwd>#<index of the tool in that file>`. */
  readonly id: string;
  readonly name: string | undefined;
  /** Relative to `cwd`. */
  readonly file: string;
  readonly line: number;
  readonly family: string;
  /** The family file the moved text goes to, relative to `cwd`. */
  readonly instructions: string;
  /** True when this run slims the tool; otherwise `note` says why it is left as it is. */
  readonly slimmed: boolean;
  readonly note?: string;
  readonly before: ToolMeasure | undefined;
  readonly after: ToolMeasure | undefined;
  /** The description first, then each parameter with a static description. */
  readonly texts: readonly TextUnits[];
}

/** The units of one text (a description, or a parameter's description). */
export interface TextUnits {
  /** Set for a parameter's text. */
  readonly param?: string;
  readonly units: readonly UnitRecord[];
  /** For a description: the parameters a constraint can go to. */
  readonly targets?: readonly string[];
  /** Why this text keeps every unit although the planner would move some (a text other tools share, say). */
  readonly note?: string;
}

/** A unit, the planner's reading of it, and where the run sends it. */
export interface UnitRecord {
  readonly text: string;
  readonly category: ProseCategory;
  /** The prose model's probabilities (absent for a block moved whole, a block's tag and an existing pointer). */
  readonly probabilities?: CategoryProbabilities;
  /** The harm topics the unit names (money, secrets, people, data loss, access). */
  readonly topics: readonly HarmTopic[];
  /** What decided its category (a cue, the model). */
  readonly cue: string;
  readonly place: 'stays' | 'parameter' | 'markdown';
  /** For `parameter`: the parameter's key. */
  readonly param?: string;
  /** For `markdown`: why it moves. */
  readonly reason?: MoveReason;
  /**
   * Where the planner would send it when the run leaves its text as it is anyway (`ToolUnits.note` or
   * `TextUnits.note` says why); absent when the run carries the planner's reading out.
   */
  readonly planned?: { readonly place: 'parameter' | 'markdown'; readonly param?: string; readonly reason?: MoveReason };
  /** Why no mark can move it (the opening unit, an existing pointer, the tag of a block). */
  readonly anchor?: UnitAnchor;
  /** True when it stays because a decision of the author keeps it (`kept-in-descriptions.json`). */
  readonly keptByAuthor?: boolean;
}

export interface RuntimeInstall {
  /** Absolute path of the package.json that declares `@toolslim/runtime`. */
  readonly packageJson: string;
  /** True when this run adds the dependency (false: it was already declared). */
  readonly added: boolean;
  /** `pnpm install`, `npm install`, … for the package manager the package uses. */
  readonly command: string;
}

export interface SizeTotals {
  readonly bytes: number;
  readonly tokens: number;
}

export interface SlimTotals {
  readonly tools: number;
  /** Every tool found, readable or not (`tools` counts the readable ones). */
  readonly found: number;
  readonly before: SizeTotals;
  /** Includes `added`. */
  readonly after: SizeTotals;
  /** The `read_instructions` tool this run adds to the server (counted in `after`). */
  readonly added?: SizeTotals;
  /** The text this run adds to the server's `instructions` (counted in `after`). */
  readonly instructions?: SizeTotals;
}

/** An error that stops a run before anything is written. */
export class SlimError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlimError';
  }
}

export interface AnalysedFile {
  readonly file: string;
  readonly model: FileModel;
}
