/** Checks on a published tool: the judgement rules and `toolslim measure --check` share. */
export { formatMessage, formatCount, joinNames, type CheckFinding } from './format.js';
export { findToolNameProblem, TOOL_NAME_MESSAGES, type ToolNameMessageId } from './tool-name.js';
export { buildClientClause, findPassedLimits, getDescriptionLimits, type DescriptionLimit } from './description-length.js';
export { isNameRestatement } from './description.js';
export { checkPublishedTools, type PublishedCheckOptions, type PublishedCheckProblem } from './published-tools.js';
export { findDescriptionConstraints, buildConstraintTarget, CONSTRAINT_MESSAGE, type DescriptionConstraints } from './constraints.js';
export { findUnboundedOutputs, buildUnboundedOutputAdvice, type UnboundedOutput } from './unbounded-output.js';
