/**
 * What a plan file holds (docs/plan-file.md): a markdown list with one mark per unit for a person or a
 * coding agent to change, and a machine part (a fenced `json toolslim-plan` block) with what apply
 * checks: the hashes of the files the plan was made from, each unit's id, its text's hash and its mark
 * as planned, and the options to run again with.
 */

/** The mark of a unit: where the author wants it. */
export type Mark = { readonly kind: 'stay' } | { readonly kind: 'move'; readonly guardrail: boolean } | { readonly kind: 'param'; readonly param: string };

export const PLAN_FORMAT = 'toolslim-slim-plan';
export const PLAN_VERSION = 1;
/** The info string of the machine part's fence: "```json toolslim-plan". */
export const MACHINE_LANG = 'json';
export const MACHINE_META = 'toolslim-plan';

/** The options a plan was made with, replayed by apply (paths relative to the folder it ran in). */
export interface PlanRun {
  readonly paths: readonly string[];
  readonly instructionsDir?: string;
  readonly pointer?: string;
  readonly instructionsTool?: string;
  readonly extraSentences?: number;
  readonly moveThreshold?: number;
  readonly tsconfig?: string;
  readonly wire: boolean;
  readonly skipUnprofitable: boolean;
}

/** One unit as the machine part records it. */
export interface MachineUnit {
  /** The tool: `<file>#<index>`. */
  readonly tool: string;
  /** The tool's name (what decisions are keyed by). */
  readonly name: string;
  /** Set for a parameter's unit. */
  readonly param?: string;
  /** The mark as planned (`formatMark`). */
  readonly planned: string;
  /** sha256 of the unit's text, to tell an edited text. */
  readonly sha256: string;
  /** Why no mark can move it (`UnitAnchor`). */
  readonly anchor?: string;
  /** A guardrail, or a unit that names a harm: moving it takes `[move!]`. */
  readonly guarded?: true;
}

export interface MachinePart {
  readonly format: typeof PLAN_FORMAT;
  readonly version: typeof PLAN_VERSION;
  readonly run: PlanRun;
  /** sha256 of every file the plan read, by path relative to the folder it ran in; null for a file that did not exist. */
  readonly sources: Readonly<Record<string, string | null>>;
  /** By tool id: the parameters a constraint of its description can go to. */
  readonly tools: Readonly<Record<string, { readonly name: string; readonly targets: readonly string[] }>>;
  /** By unit id (`u1`, `u2`, … in the order of the list). */
  readonly units: Readonly<Record<string, MachineUnit>>;
}

/** `[stay]`, `[move]`, `[move!]`, `[param:limit]` without the brackets. */
export function formatMark(mark: Mark): string {
  return mark.kind === 'stay' ? 'stay' : mark.kind === 'move' ? (mark.guardrail ? 'move!' : 'move') : `param:${mark.param}`;
}

/** The mark written between the brackets, or undefined when it is no mark. */
export function parseMark(text: string): Mark | undefined {
  if (text === 'stay') return { kind: 'stay' };
  if (text === 'move') return { kind: 'move', guardrail: false };
  if (text === 'move!') return { kind: 'move', guardrail: true };
  const param = /^param:(\S+)$/.exec(text);
  return param ? { kind: 'param', param: param[1] } : undefined;
}

/** An error in a plan file, at a line of it when there is one. */
export class PlanFileError extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
  ) {
    super(line === undefined ? reason : `line ${line}: ${reason}`);
    this.name = 'PlanFileError';
  }
}
