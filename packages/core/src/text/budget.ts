/**
 * One budget for every static evaluation (text, values, schemas, across files): how deeply evaluations
 * may nest in each other and how many steps one top-level evaluation may take. Whatever runs out becomes
 * "unreadable" with a reason, never a throw or a hang (cyclic constants, recursive helpers, huge files).
 */

/** How deeply one expression is followed (nested values, chains of constants and members), in every evaluator. */
export const MAX_DEPTH = 60;
/** Evaluations nested in each other (text → value → text …), counted across evaluators. */
export const MAX_NESTING = 24;
/** Nodes one top-level evaluation may visit. */
export const MAX_STEPS = 200_000;

let nesting = 0;
let steps = 0;

/** Enter an evaluation; false when the nesting limit is reached. Pair every `true` with `leave()`. */
export function enter(): boolean {
  if (nesting >= MAX_NESTING) return false;
  if (nesting === 0) steps = 0;
  nesting++;
  return true;
}

export function leave(): void {
  nesting--;
}

/** Count one step; false when the budget of the current top-level evaluation is spent. */
export function step(): boolean {
  return ++steps <= MAX_STEPS;
}
