export { findApiToolArrays, type ApiToolArray, type ApiToolEntry, type ApiVendor } from './find-requests.js';
export { checkApiToolArray, findRecursiveRef, findStrictSchemaProblem, API_TOOL_LIMIT_MESSAGES, type ApiToolLimitFinding, type ApiToolLimitMessageId } from './check.js';
export { estimateDeferral, findLargestLoadedTools, measureApiToolArray, type ApiToolArrayTokens, type DeferralEstimate, type ToolTokens } from './deferral.js';
