/**
 * The checks that need only what a server publishes (`tools/list`): names, client limits, sizes, hidden
 * instructions, annotations against prose, confusable tools,
 * descriptions, redundancy and sentence categories. `toolslim measure --check` runs them on a running
 * server, so a server written in any language gets the same judgement the ESLint rules give source.
 * Each finding names the rule that reports the same problem in source; one finding per rule per text.
 */
import { getClientProfiles } from '../clients.js';
import { countTokens, measureTool } from '../measure.js';
import type { JsonObject, JsonValue, PublishedTool } from '../model.js';
import { findPastLimit, getParamTargets, planDescription, type PlanOptions } from '../prose/plan.js';
import { findPointer } from '../prose/pointer.js';
import { buildUnitQuote } from '../prose/quote.js';
import { getSchemaFacts } from '../prose/schema-reading.js';
import { findRedundantParts } from '../prose/redundancy.js';
import { checkAnnotations } from './annotations.js';
import { isNameRestatement } from './description.js';
import { findConfusableTools } from './distinct-descriptions.js';
import { checkHiddenInstructions } from './hidden-instructions.js';
import { buildClientClause, findPassedLimits, getDescriptionLimits } from './description-length.js';
import { formatCount, formatMessage } from './format.js';
import { findToolNameProblem, TOOL_NAME_MESSAGES } from './tool-name.js';
import { CONSTRAINT_MESSAGE } from './constraints.js';

export interface PublishedCheckOptions {
  /** Client ids (`settings.toolslim.clients`); default: the MCP specification and the current MCP clients. */
  readonly clients?: readonly string[];
  /** The server's name, for qualified-name limits (`mcp__<server>__<tool>`). */
  readonly serverName?: string;
  /** Most characters of a tool description (`max-description-length`); default 1,024. */
  readonly maxChars?: number;
  /** Most bytes one tool may publish (`max-tool-size`); default 4,000. */
  readonly perToolBytes?: number;
  /** Most sentences in a tool / a parameter description (`max-description-sentences`); default 3 / 1. */
  readonly maxToolSentences?: number;
  readonly maxParamSentences?: number;
}

export interface PublishedCheckProblem {
  /** The ESLint rule that reports the same problem in source. */
  readonly rule: string;
  readonly messageId: string;
  readonly message: string;
  /** The tool, when the problem is one tool's; the parameter's path, when it is a parameter's. */
  readonly tool?: string;
  readonly param?: string;
}

const MESSAGES = {
  descriptionCutByClient: 'The description of "{{tool}}" is {{chars}} characters (~{{tokens}} tokens); {{clients}}.',
  descriptionTooLong: 'The description of "{{tool}}" is {{chars}} characters (~{{tokens}} tokens), over the limit of {{max}}.',
  missingDescription: 'Tool "{{tool}}" has no description; a model picks tools by their descriptions.',
  emptyDescription: 'Tool "{{tool}}" has an empty description; a model picks tools by their descriptions.',
  descriptionRestatesName: 'The description of "{{tool}}" only restates its name; say what the tool does and when to call it.',
  redundantParam: 'The description of parameter "{{param}}" restates {{what}}, which the schema already publishes ({{chars}} characters).',
  toolTooLarge: 'Tool "{{tool}}" publishes {{bytes}} bytes (~{{tokens}} tokens), over the budget of {{max}} bytes.',
  tooManyTools: 'The server lists {{count}} tools; {{client}} sends at most {{max}} to the model.',
  tooManySentences: 'The description of {{subject}} has {{count}} what and when sentences (at most {{max}}), from "{{quote}}" past the limit.',
  hiddenInstruction: 'Tool "{{tool}}" has hidden text in its {{field}}: {{cue}} ({{kind}}).',
  annotationMismatch: 'The annotations of "{{tool}}" disagree with its {{source}} ({{kind}}: "{{cue}}").',
  confusableTools: 'Tool "{{tool}}" is described almost like "{{other}}"; say when to pick this one instead of "{{other}}".',
  howText: 'The description of {{subject}} has {{units}} how-text units ({{chars}} characters) of {{total}}, from "{{quote}}"; run `toolslim slim` to move them out.',
  constraintInDescription: CONSTRAINT_MESSAGE,
} as const;

const REASON_LABELS: Record<string, string> = { name: 'the name', type: 'the type', enum: 'the allowed values', default: 'the default', optionality: 'whether it is required' };

/** Every problem of a server's published tool list. */
export function checkPublishedTools(tools: readonly PublishedTool[], options: PublishedCheckOptions = {}): PublishedCheckProblem[] {
  const clients = getClientProfiles(options.clients);
  const problems: PublishedCheckProblem[] = [];
  const push = (rule: string, messageId: string, template: string, data: Record<string, string | number>, where: { tool?: string; param?: string }) =>
    problems.push({ rule, messageId, message: formatMessage(template, data), ...where });

  const serverTools = new Set(tools.map((tool) => tool.name));
  const seen = new Set<string>();
  for (const tool of tools) {
    const name = tool.name;
    if (seen.has(name)) push('valid-tool-name', 'duplicateName', TOOL_NAME_MESSAGES.duplicateName, { name }, { tool: name });
    seen.add(name);
    const nameProblem = findToolNameProblem(name, clients, options.serverName);
    if (nameProblem) push('valid-tool-name', nameProblem.messageId, TOOL_NAME_MESSAGES[nameProblem.messageId], nameProblem.data, { tool: name });
    checkDescription(tool, clients, options, push);
    checkParams(tool, options, push);
    const measure = measureTool(tool);
    const perToolBytes = options.perToolBytes ?? 4000;
    if (measure.bytes > perToolBytes) {
      push('max-tool-size', 'toolTooLarge', MESSAGES.toolTooLarge, { tool: name, bytes: formatCount(measure.bytes), tokens: formatCount(measure.tokens), max: formatCount(perToolBytes) }, { tool: name });
    }
    const hidden = checkHiddenInstructions(tool, serverTools)[0];
    if (hidden) push('no-hidden-instructions', 'hiddenInstruction', MESSAGES.hiddenInstruction, { tool: name, field: hidden.field, cue: hidden.cue, kind: hidden.kind }, { tool: name });
    const mismatch = checkAnnotations(tool)[0];
    if (mismatch) push('annotations-match-description', 'annotationMismatch', MESSAGES.annotationMismatch, { tool: name, source: mismatch.source, kind: mismatch.kind, cue: mismatch.cue }, { tool: name });
  }
  for (const pair of findConfusableTools(tools)) {
    const tool = tools[pair.index]!.name;
    push('distinct-tool-descriptions', 'confusableTools', MESSAGES.confusableTools, { tool, other: tools[pair.otherIndex]!.name }, { tool });
  }
  const strictest = clients.filter((client) => client.maxTools !== undefined && tools.length > client.maxTools).sort((a, b) => a.maxTools! - b.maxTools!)[0];
  if (strictest) push('max-tools-per-server', 'tooManyTools', MESSAGES.tooManyTools, { count: tools.length, client: strictest.name, max: strictest.maxTools! }, {});
  return problems;
}

type Push = (rule: string, messageId: string, template: string, data: Record<string, string | number>, where: { tool?: string; param?: string }) => void;

function checkDescription(tool: PublishedTool, clients: ReturnType<typeof getClientProfiles>, options: PublishedCheckOptions, push: Push): void {
  const name = tool.name;
  const description = tool.description;
  if (description === undefined) return push('require-tool-description', 'missingDescription', MESSAGES.missingDescription, { tool: name }, { tool: name });
  if (description.trim() === '') return push('require-tool-description', 'emptyDescription', MESSAGES.emptyDescription, { tool: name }, { tool: name });
  if (isNameRestatement(description, name)) push('require-tool-description', 'descriptionRestatesName', MESSAGES.descriptionRestatesName, { tool: name }, { tool: name });
  const passed = findPassedLimits(description.length, getDescriptionLimits(clients));
  const maxChars = options.maxChars ?? 1024;
  if (passed.length > 0 || description.length > maxChars) {
    const data = { tool: name, chars: formatCount(description.length), tokens: formatCount(countTokens(description)), clients: buildClientClause(passed), max: formatCount(maxChars) };
    if (passed.length > 0) push('max-description-length', 'descriptionCutByClient', MESSAGES.descriptionCutByClient, data, { tool: name });
    else push('max-description-length', 'descriptionTooLong', MESSAGES.descriptionTooLong, data, { tool: name });
  }
  const params = findParams(tool.inputSchema, []);
  const targets = getParamTargets(params.map((param) => ({ path: param.path, schema: param.schema, required: param.required, takesText: typeof param.schema.description === 'string' && param.schema.description.trim() !== '', text: typeof param.schema.description === 'string' ? param.schema.description : undefined })));
  const limit = options.maxToolSentences ?? 3;
  checkProse(description, `"${name}"`, limit, push, { tool: name }, { ...targets, extraSentences: limit - 1, pinned: findPointer(description) });
}

/** What the planner moves, reported as the rules report it: how-text, what and when past the limit, constraints that belong on a parameter. */
function checkProse(text: string, subject: string, maxSentences: number, push: Push, where: { tool?: string; param?: string }, plan: PlanOptions): void {
  const planned = planDescription(text, plan);
  const { selection } = planned;
  if (!selection) return;
  const { units: extra, count } = findPastLimit(planned, maxSentences);
  if (extra.length > 0) {
    push('max-description-sentences', 'tooManySentences', MESSAGES.tooManySentences, { subject, count, max: maxSentences, quote: buildUnitQuote(extra[0].text) }, where);
  }
  const how = selection.moved.filter((_, i) => selection.reasons[i] !== 'extra-sentence');
  // One report per rule per description, as the rule: a constraint that belongs on a parameter is reported when no how-text is.
  const toParams = selection.toParams;
  if (how.length === 0 && toParams.length > 0) {
    const count = toParams.length === 1 ? '1 unit' : `${toParams.length} units`;
    push('no-how-in-description', 'constraintInDescription', MESSAGES.constraintInDescription, { target: `parameter "${toParams[0].param}"`, subject, count, cue: buildUnitQuote(toParams[0].unit.text, 40) }, where);
  }
  if (how.length === 0) return;
  const chars = how.reduce((sum, unit) => sum + unit.text.length, 0);
  push('no-how-in-description', 'howText', MESSAGES.howText, { subject, units: how.length, chars: formatCount(chars), total: planned.units.length, quote: buildUnitQuote(how[0].text) }, where);
}

function checkParams(tool: PublishedTool, options: PublishedCheckOptions, push: Push): void {
  for (const param of findParams(tool.inputSchema, [])) {
    const description = param.schema.description;
    if (typeof description !== 'string' || description.trim() === '') continue;
    const where = { tool: tool.name, param: param.path.join('.') };
    const parts = findRedundantParts(description, { name: param.path[param.path.length - 1], schema: param.schema, required: param.required, toolName: tool.name });
    if (parts.length > 0) {
      const what = [...new Set(parts.map((part) => REASON_LABELS[part.reason]))].join(', ');
      const chars = parts.reduce((sum, part) => sum + part.end - part.start, 0);
      push('no-redundant-param-description', 'redundantParam', MESSAGES.redundantParam, { param: where.param, what, chars: formatCount(chars) }, where);
    }
    const limit = options.maxParamSentences ?? 1;
    checkProse(description, `parameter "${where.param}" of "${tool.name}"`, limit, push, where, { parameter: true, schema: getSchemaFacts(param), extraSentences: limit - 1 });
  }
}

interface PublishedParam {
  readonly path: string[];
  readonly schema: JsonObject;
  readonly required: boolean;
}

/** Properties of an object schema, and of nested object properties, with their paths. */
function findParams(schema: JsonValue | undefined, path: string[]): PublishedParam[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  const params: PublishedParam[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isObject(property)) continue;
    params.push({ path: [...path, name], schema: property, required: required.includes(name) });
    if (path.length < 3) params.push(...findParams(property, [...path, name]));
  }
  return params;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
