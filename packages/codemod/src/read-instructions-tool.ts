/**
 * The tool `serveInstructions` adds, as `tools/list` publishes it, so that slim's totals count it (the
 * numbers then agree with the running server's) and a run that would save less than it costs is not made.
 * It is core's, which the lint rule reads too.
 */
export { buildReadInstructionsTool, READ_INSTRUCTIONS_DESCRIPTION } from '@toolslim/core';
