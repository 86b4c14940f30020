import {
  buildPointer,
  buildUnitQuote,
  countTokens,
  countToolSaving,
  DEFAULT_INSTRUCTIONS_TOOL,
  DEFAULT_POINTER,
  findKeptUnits,
  findPointer,
  assignFamilies,
  getRegisteringServerName,
  countServingCost,
  getParamTargets,
  getSchemaFacts,
  isWorthSlimming,
  MIN_SAVED_BYTES,
  planDescription,
  SERVES_INSTRUCTIONS,
  type HowKind,
  type Node,
  type ParamDecl,
  type PlannedUnit,
  type PlannedText,
  type PlanOptions,
  type StaticText,
  type ToolDecl,
} from '@toolslim/core';
import { findRedundantPartsOnce } from '../utils/redundant-parts.js';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { formatCount } from '../utils/cost.js';
import { getFileModel, getToolslimSettings } from '../utils/file-model.js';
import { getUnitsLoc } from '../utils/unit-range.js';
import { asEslintNode, getToolLabel, getToolName, isStaticText } from '../utils/tool-text.js';
import { isWholeServerFile } from '../utils/whole-server.js';

type Kind = HowKind | 'filler';
export type Options = [{ checkParameters?: boolean; checkConstraints?: boolean; kinds?: Kind[] }];
export type MessageIds = 'howInToolDescription' | 'howAndConstraintInToolDescription' | 'howInParamDescription' | 'constraintInToolDescription';

const KINDS: readonly Kind[] = ['rule', 'default', 'example', 'edge-case', 'format', 'warning', 'markup', 'detail', 'filler'];

/** The kind of a movable unit: its kind of how-text, or filler. */
function getKind(unit: PlannedUnit): Kind | undefined {
  if (unit.category === 'filler') return 'filler';
  return unit.category === 'how' ? (unit.howKind ?? 'detail') : undefined;
}

type ParamPlans = Map<string, { decl: ParamDecl; text: StaticText; plan: ReturnType<typeof planDescription> }>;

/** A tool slim would slim on its own: its plans and what they save. */
interface PlannedTool {
  readonly tool: ToolDecl;
  readonly description: StaticText;
  readonly plan: ReturnType<typeof planDescription>;
  readonly paramPlans: ParamPlans;
  readonly saved: number;
  /** The family slim files the tool under (its pointer names it). */
  readonly family: string;
}

/** "1 unit", "3 units". */
function countUnits(count: number): string {
  return count === 1 ? '1 unit' : `${formatCount(count)} units`;
}

/**
 * How the planner routes a tool's constraints: the parameters whose text can take one, as slim edits it
 * (static, not empty, and written for this parameter alone: a text several parameters read is not given one).
 */
function getToolTargets(tool: ToolDecl, sharedTexts: ReadonlySet<Node>): Pick<PlanOptions, 'params' | 'allParams' | 'paramSchemas'> {
  return getParamTargets(
    tool.params.map((param) => ({
      path: param.path,
      schema: param.schema,
      required: param.required,
      takesText: isStaticText(param.description) && param.description.value.trim() !== '' && !sharedTexts.has(param.description.node),
      text: isStaticText(param.description) ? param.description.value : undefined,
    })),
  );
}

/**
 * The parameter texts that more than one parameter reads: the node each is written at (one node per
 * place in the source), so no key is built per parameter on every lint.
 */
function findSharedTexts(tools: readonly ToolDecl[]): Set<Node> {
  const seen = new Set<Node>();
  const shared = new Set<Node>();
  for (const tool of tools) {
    for (const param of tool.params) {
      if (!isStaticText(param.description)) continue;
      const node = param.description.node;
      if (seen.has(node)) shared.add(node);
      seen.add(node);
    }
  }
  return shared;
}

/** What slim's move depends on where the rule sees only part of a server (its tools spread over files). */
const WHEN_PAID = ' if what the whole server moves pays for serving it';

export default createRule<Options, MessageIds>({
  name: 'no-how-in-description',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Keep how-text and filler out of tool and parameter descriptions, and constraints on the parameter they constrain',
      recommended: 'recommended',
    },
    messages: {
      howInToolDescription:
        'How-text or filler in the description of {{tool}}: {{count}} from "{{quote}}", {{bytes}} bytes (~{{tokens}} tokens) read on every request. `toolslim slim` moves it to an instruction file{{whenPaid}}.',
      howAndConstraintInToolDescription:
        'How-text or filler in the description of {{tool}}: {{count}} from "{{quote}}", {{bytes}} bytes (~{{tokens}} tokens); `toolslim slim` moves it out{{whenPaid}}. Its constraint "{{cue}}" belongs on {{target}}.',
      howInParamDescription:
        'How-text or filler in the description of parameter "{{param}}": {{count}} from "{{quote}}", {{bytes}} bytes (~{{tokens}} tokens). `toolslim slim` moves it to an instruction file{{whenPaid}}.',
      constraintInToolDescription:
        'Constraint on {{target}} in the description of {{tool}} ({{count}}, "{{cue}}"). `toolslim slim` moves it to that parameter\'s description; its schema (format, pattern, enum) can say it too.',
    },
    schema: [
      {
        type: 'object',
        description: 'What to check.',
        properties: {
          checkParameters: { type: 'boolean', description: 'Whether parameter descriptions are checked too.' },
          checkConstraints: { type: 'boolean', description: 'Whether constraints written in a tool description that belong on one parameter are reported.' },
          kinds: {
            type: 'array',
            description: 'The kinds of how-text (and `filler`) to report (see docs/how-categories.md); default: all.',
            items: { type: 'string', enum: [...KINDS] },
            uniqueItems: true,
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ checkParameters: true, checkConstraints: true, kinds: [...KINDS] }],
  },
  create(context, [options]) {
    const reported = new Set<Kind>(options.kinds ?? KINDS);
    const report = createReportOnce(context);
    /** What the planner moves to markdown as how-text (what slim moves), of the kinds reported. */
    const findMovedHow = (plan: ReturnType<typeof planDescription>): PlannedUnit[] => {
      const selection = plan.selection;
      if (!selection) return [];
      return selection.moved.filter((unit, i) => selection.reasons[i] !== 'extra-sentence' && reported.has(getKind(unit) ?? 'detail'));
    };
    const reportUnits = (text: StaticText, units: readonly PlannedUnit[], messageId: MessageIds, data: Record<string, string>): void => {
      const loc = getUnitsLoc(context.sourceCode, text, units[0].start, units[units.length - 1].end);
      report({ node: asEslintNode(text.node), ...(loc ? { loc } : {}), messageId, data: { count: countUnits(units.length), ...data } });
    };
    // In a file that is the whole server the rule adds up what slim adds up; in a part of a server it cannot,
    // and says on what slim's move depends.
    let whenPaid = '';
    const getHowData = (how: readonly PlannedUnit[]): Record<string, string> => ({
      whenPaid,
      quote: buildUnitQuote(how[0].text),
      bytes: formatCount(how.reduce((sum, unit) => sum + Buffer.byteLength(unit.text), 0)),
      tokens: formatCount(how.reduce((sum, unit) => sum + countTokens(unit.text), 0)),
    });
    return {
      'Program:exit'() {
        const model = getFileModel(context);
        const tools = model.tools;
        if (tools.length === 0) return;
        const sharedTexts = findSharedTexts(tools);
        // What the author keeps on purpose (a plan's [stay] marks, carried out by slim --apply) is not reported.
        const kept = findKeptUnits(context.filename);
        // The pointer slim would add to each tool, as long as the one it writes (the family slim files it under).
        const families = assignFamilies(
          tools.map((tool) => ({ name: getToolName(tool), filePath: context.filename, serverName: getRegisteringServerName(tool, model.servers), description: isStaticText(tool.description) ? tool.description.value : undefined })),
          getToolslimSettings(context).families,
          model.servers.flatMap((server) => (server.name?.kind === 'static' ? [server.name.value] : [])),
        );
        const planned: PlannedTool[] = [];
        for (const [index, tool] of tools.entries()) {
          const family = families[index];
          const pointer = buildPointer(DEFAULT_POINTER, { family, file: '', tool: DEFAULT_INSTRUCTIONS_TOOL });
          const keptHere = kept?.get(getToolName(tool) ?? '');
          // slim plans the parameters of a tool whose description it plans, never of one it cannot read.
          if (!isStaticText(tool.description)) continue;
          const description = tool.description;
          const plan = planDescription(description.value, { ...getToolTargets(tool, sharedTexts), pinned: findPointer(description.value), decisions: keptHere?.description });
          const paramPlans: ParamPlans = new Map();
          for (const param of tool.params) {
            if (!isStaticText(param.description)) continue;
            const key = param.path.join('.');
            paramPlans.set(key, { decl: param, text: param.description, plan: planDescription(param.description.value, { parameter: true, schema: getSchemaFacts(param), decisions: keptHere?.params?.get(key) }) });
          }
          // slim leaves a tool as it is when what it would move does not pay for the pointer it adds; so
          // does the rule, which reports what slim would move and nothing else.
          const texts = new Map<string, PlannedText>([...paramPlans].map(([key, param]) => [key, { value: param.text.value, selection: param.plan.selection }]));
          const saved = countToolSaving({ value: description.value, selection: plan.selection, hasPointer: findPointer(description.value) !== undefined }, texts, pointer);
          const carried = tool.params.some((param) => isStaticText(param.description) && sharedTexts.has(param.description.node));
          if (!isWorthSlimming(saved, carried)) continue;
          planned.push({ tool, description, plan, paramPlans, saved, family });
        }
        // A file that is the whole server: slim leaves every tool as it is when all they save together does not
        // pay for serving the moved text (the read tool and the server instructions), and so does the rule.
        const wholeServer = isWholeServerFile(context, model);
        const served = SERVES_INSTRUCTIONS.test(context.sourceCode.text);
        whenPaid = wholeServer || served ? '' : WHEN_PAID;
        if (planned.length > 0 && wholeServer && !served) {
          const saved = planned.reduce((sum, entry) => sum + entry.saved, 0);
          const namesByFamily = new Map<string, string[]>();
          for (const entry of planned) namesByFamily.set(entry.family, [...(namesByFamily.get(entry.family) ?? []), getToolName(entry.tool) ?? '']);
          const lowLevel = model.servers[0].framework === 'mcp-sdk-low-level';
          if (saved < countServingCost(DEFAULT_INSTRUCTIONS_TOOL, namesByFamily, lowLevel ? 'low-level' : 'mcp-server') + MIN_SAVED_BYTES) return;
        }
        for (const { tool, description, plan, paramPlans } of planned) {
          const how = findMovedHow(plan);
          const toParams = options.checkConstraints === false ? [] : (plan.selection?.toParams ?? []);
          const label = getToolLabel(tool);
          const constraintData: Record<string, string> = toParams.length > 0 ? { target: `parameter "${toParams[0].param}"`, cue: buildUnitQuote(toParams[0].unit.text, 40) } : {};
          // One report per description: how-text (which then names the first constraint too), else the constraints.
          if (how.length > 0) {
            reportUnits(description, how, toParams.length > 0 ? 'howAndConstraintInToolDescription' : 'howInToolDescription', { tool: label, ...getHowData(how), ...constraintData });
          } else if (toParams.length > 0) {
            reportUnits(description, toParams.map((move) => move.unit), 'constraintInToolDescription', { tool: label, ...constraintData });
          }
          if (options.checkParameters === false) continue;
          for (const [key, param] of paramPlans) {
            // A part that only restates the schema is no-redundant-param-description's to report (once).
            const restated = findRedundantPartsOnce(param.text.value, param.decl, getToolName(tool));
            const how = findMovedHow(param.plan).filter((unit) => !restated.some((part) => part.start <= unit.start && unit.end <= part.end));
            if (how.length > 0) reportUnits(param.text, how, 'howInParamDescription', { param: key, ...getHowData(how) });
          }
        }
      },
    };
  },
});
