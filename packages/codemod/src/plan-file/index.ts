/** The plan file of `toolslim slim --plan` / `--apply` (docs/plan-file.md). */
export { buildPlanFile } from './render.js';
export { parsePlanFile, type ParsedPlan, type MarkedUnit } from './parse.js';
export { planSlimFromPlanFile, findChangedSources, findMarkProblems, findUnfollowedMarks } from './apply.js';
export { PlanFileError, type PlanRun, type MachinePart, type Mark } from './format.js';
export { KEPT_FILE } from './kept-file.js';
export type { SlimDecisions, ToolDecisions, TextDecisions } from './decisions.js';
