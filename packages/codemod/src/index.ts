export { planSlim, writeSlimPlan, writeAtomically, hasChanges, SlimError, type SlimPlan, type FileChange, type ToolChange, type SkippedTool, type FileError, type SlimTotals, type SizeTotals, type RuntimeInstall } from './slim.js';
export { findUncommittedFiles } from './git.js';
export { buildUnifiedDiff } from './diff.js';
export {
  DEFAULT_INSTRUCTIONS_DIR,
  DEFAULT_INSTRUCTIONS_TOOL,
  DEFAULT_POINTER,
  DEFAULT_EXTRA_SENTENCES,
  buildPointer,
  type SlimOptions,
} from './options.js';
export type { Wiring } from './wire-runtime.js';
export { loadToolslimSettings, type LoadedSettings } from './settings.js';
export { planSlimFromPublished, type PublishedSlimOptions, type PublishedSlimPlan } from './slim-published.js';
export { findTextSites, DATA_FILE } from './written-text.js';
export { isTestPath } from '@toolslim/core';
export { findPackageRoot } from './package-json.js';
export { buildPlanFile, parsePlanFile, planSlimFromPlanFile, PlanFileError, KEPT_FILE, type PlanRun, type ParsedPlan, type SlimDecisions } from './plan-file/index.js';
export type { ToolUnits, TextUnits, UnitRecord } from './slim-types.js';
