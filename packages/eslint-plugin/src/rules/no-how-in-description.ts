import { classifySentences, countTokens, escapeRegExp, findHowUnits, getSchemaFacts, type ClassifiedSentence, type HowKind, type ParamDecl, type SchemaFacts, type StaticText, type ToolDecl } from '@toolslim/core';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { formatCount } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getUnitsLoc } from '../utils/unit-range.js';
import { asEslintNode, getToolLabel, isStaticText } from '../utils/tool-text.js';

type Kind = HowKind | 'filler';
export type Options = [{ checkParameters?: boolean; checkConstraints?: boolean; kinds?: Kind[] }];
export type MessageIds = 'howInToolDescription' | 'howAndConstraintInToolDescription' | 'howInParamDescription' | 'constraintInToolDescription';

const KINDS: readonly Kind[] = ['rule', 'default', 'example', 'edge-case', 'format', 'warning', 'markup', 'detail', 'filler'];

/** The kind of a movable unit: its kind of how-text, or filler. */
function getKind(unit: ClassifiedSentence): Kind | undefined {
  if (unit.category === 'filler') return 'filler';
  return unit.category === 'how' ? unit.howKind : undefined;
}

/** "1 unit", "3 units". */
function countUnits(count: number): string {
  return count === 1 ? '1 unit' : `${formatCount(count)} units`;
}

/** The parameter a constraint is about: the first parameter of the tool whose name the units mention. */
function findConstrainedParam(tool: ToolDecl, units: readonly ClassifiedSentence[]): ParamDecl | undefined {
  const text = units.map((unit) => unit.text).join(' ');
  return tool.params.find((param) => param.name.length > 1 && new RegExp(`(?<![\\w.-])${escapeRegExp(param.name)}(?![\\w-])`).test(text));
}


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
        'How-text or filler in the description of {{tool}}: {{count}}, {{bytes}} bytes (~{{tokens}} tokens) read on every request. `toolslim slim` moves it to an instruction file.',
      howAndConstraintInToolDescription:
        'How-text or filler in the description of {{tool}}: {{count}}, {{bytes}} bytes (~{{tokens}} tokens); `toolslim slim` moves it out. Its constraint ("{{cue}}") belongs on {{target}}.',
      howInParamDescription:
        'How-text or filler in the description of parameter "{{param}}": {{count}}, {{bytes}} bytes (~{{tokens}} tokens). `toolslim slim` moves it to an instruction file.',
      constraintInToolDescription:
        'Constraint on {{target}} in the description of {{tool}} ({{count}}, "{{cue}}"). Put it in that parameter\'s schema (format, pattern, enum) or its description.',
    },
    schema: [
      {
        type: 'object',
        description: 'What to check.',
        properties: {
          checkParameters: { type: 'boolean', description: 'Whether parameter descriptions are checked too.' },
          checkConstraints: { type: 'boolean', description: 'Whether constraints written in a tool description are reported (they belong on the parameter).' },
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
    const isReported = (unit: ClassifiedSentence): boolean => {
      const kind = getKind(unit);
      return kind !== undefined && reported.has(kind);
    };
    const reportUnits = (text: StaticText, units: readonly ClassifiedSentence[], messageId: MessageIds, data: Record<string, string>): void => {
      const start = units[0].start;
      const end = units[units.length - 1].end;
      const loc = getUnitsLoc(context.sourceCode, text, start, end);
      report({ node: asEslintNode(text.node), ...(loc ? { loc } : {}), messageId, data: { count: countUnits(units.length), ...data } });
    };
    // A how-text block such as `<hints>…</hints>` is read item by item: only its how items are reported.
    const reportHow = (text: StaticText, parameter: boolean, messageId: MessageIds, names: Record<string, string>, schema?: SchemaFacts): void => {
      const how = findHowUnits(text.value, { parameter, schema, isReported });
      if (how.length === 0) return;
      const bytes = how.reduce((sum, unit) => sum + Buffer.byteLength(unit.text), 0);
      const tokens = how.reduce((sum, unit) => sum + countTokens(unit.text), 0);
      reportUnits(text, how, messageId, { ...names, bytes: formatCount(bytes), tokens: formatCount(tokens) });
    };
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          if (isStaticText(tool.description)) {
            const units = classifySentences(tool.description.value);
            const label = getToolLabel(tool);
            const hasHow = findHowUnits(tool.description.value, { isReported }).length > 0;
            const constraints = options.checkConstraints === false || units.length < 2 ? [] : units.filter((unit) => unit.category === 'constraint');
            // The message quotes one constraint and names the parameter that constraint is about (the first that names one).
            const named = constraints.map((unit) => ({ unit, param: findConstrainedParam(tool, [unit]) })).find((entry) => entry.param);
            const param = named?.param;
            const constraintData = { target: param ? `parameter "${param.path.join('.')}"` : 'a parameter', cue: (named?.unit ?? constraints[0])?.cue ?? '' };
            // One report per description: how-text (which then names the first constraint too), else the
            // constraints; never a constraint in a one-unit description (its only sentence says what the tool does).
            if (hasHow) {
              reportHow(tool.description, false, constraints.length > 0 ? 'howAndConstraintInToolDescription' : 'howInToolDescription', {
                tool: label,
                ...(constraints.length > 0 ? constraintData : {}),
              });
            } else if (constraints.length > 0) {
              reportUnits(tool.description, constraints, 'constraintInToolDescription', { tool: label, ...constraintData });
            }
          }
          if (options.checkParameters === false) continue;
          for (const param of tool.params) {
            if (!isStaticText(param.description)) continue;
            reportHow(param.description, true, 'howInParamDescription', { param: param.path.join('.') }, getSchemaFacts(param));
          }
        }
      },
    };
  },
});
