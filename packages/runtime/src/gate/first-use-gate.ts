/**
 * The first-use gate: in a session, the first call of a tool whose text moved to a family file does not
 * run. It answers with that text (the tool's section and the family's shared notes) as an error result,
 * and the next call runs. A family the session read (`read_instructions` or its resource) is not gated,
 * and neither is a tool with nothing moved. Where a request belongs to no session (stateless HTTP), no
 * call is gated: the pointer in the description and the server instructions remain.
 */
import { buildInstructionsUri, readInstructionFamily, type InstructionsDir } from '../instructions-dir.js';
import type { FamilyIndex } from '../family-index.js';
import type { SessionState, ToolLayer } from '../wrapping/layers.js';
import { parseFamilySections } from './family-sections.js';

/** `false` turns the gate off; `tools` sets it per tool (`false`: never gate that tool). */
export type FirstUseGateOption = boolean | { readonly tools?: Readonly<Record<string, boolean>> };

export interface FirstUseGateInput {
  readonly dir: InstructionsDir;
  readonly index: FamilyIndex;
  readonly toolName: string;
  readonly uriScheme: string;
  readonly option: FirstUseGateOption | undefined;
}

interface GateState {
  readonly read: Set<string>;
  readonly shown: Set<string>;
}

const STATE = Symbol('first-use gate');

/** The gate as a layer, or undefined when it is off. */
export function createFirstUseGate(input: FirstUseGateInput): ToolLayer | undefined {
  if (input.option === false) return undefined;
  const perTool = typeof input.option === 'object' ? (input.option.tools ?? {}) : {};
  const familyByUri = new Map(input.index.families.map((family) => [buildInstructionsUri(family, input.uriScheme), family]));
  const stateOf = (session: SessionState) => session.get<GateState>(STATE, () => ({ read: new Set(), shown: new Set() }));
  return {
    async callTool(call, next) {
      if (!call.session) return next();
      const state = stateOf(call.session);
      if (call.name === input.toolName) {
        const result = await next();
        const family = call.arguments?.family;
        if (!result.isError && typeof family === 'string') state.read.add(family);
        return result;
      }
      const family = input.index.sectionTools.get(call.name);
      if (family === undefined || perTool[call.name] === false || state.read.has(family) || state.shown.has(call.name)) return next();
      // Marked before the file is read, so that a concurrent first call of the same tool runs instead of being shown the text twice.
      state.shown.add(call.name);
      const text = await buildGateText(input, family, call.name);
      return text === undefined ? next() : { isError: true, content: [{ type: 'text', text }] };
    },
    async readResource(read, next) {
      const result = await next();
      const family = familyByUri.get(read.uri);
      if (family !== undefined && read.session) stateOf(read.session).read.add(family);
      return result;
    },
  };
}

/** The text the gated call answers with; undefined when the tool's section is gone from the file (edited since start). */
async function buildGateText(input: FirstUseGateInput, family: string, tool: string): Promise<string | undefined> {
  let file: string;
  try {
    file = await readInstructionFamily(input.dir, family);
  } catch {
    return undefined;
  }
  const { shared, sections } = parseFamilySections(file);
  const section = sections.get(tool);
  if (section === undefined) return undefined;
  return [
    `Not run yet: \`${tool}\` has instructions that moved out of its description (family \`${family}\`). Read them, then call \`${tool}\` again to run it.`,
    ...(shared === '' ? [] : [shared]),
    section,
    `The whole family: \`${input.toolName}\` with \`family\` = \`${family}\` (after that, no tool of \`${family}\` is stopped in this session).`,
  ].join('\n\n');
}
