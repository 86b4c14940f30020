/**
 * Toolsets as a layer: a tool that is not on is left out of `tools/list`, and a call to it is refused
 * with an error result that names its family and how to turn it on; its handler never runs. The
 * runtime's own tools are always on.
 */
import type { FamilyIndex } from '../family-index.js';
import { buildToolErrorResult } from '../tool-results.js';
import type { ToolLayer } from '../wrapping/layers.js';
import type { ToolsetChoice } from './toolset-choice.js';

/** `ownTools`: the runtime's own tools (`read_instructions`, `read_result`), always on. */
export function createToolsetsLayer(choice: ToolsetChoice, index: FamilyIndex, ownTools: readonly string[]): ToolLayer | undefined {
  if (!choice.active) return undefined;
  const isOn = (tool: string) => ownTools.includes(tool) || choice.isEnabled(tool, index.familyOf(tool));
  return {
    listTools(page) {
      return { ...page, tools: page.tools.filter((tool) => isOn(tool.name)) };
    },
    async callTool(call, next) {
      if (isOn(call.name)) return next();
      return buildToolErrorResult(buildSwitchedOffSentence(call.name, index.familyOf(call.name), choice));
    },
  };
}

export function buildSwitchedOffSentence(tool: string, family: string | undefined, choice: ToolsetChoice): string {
  const what = family === undefined ? `\`${tool}\`` : `\`${tool}\` (family \`${family}\`)`;
  return `${what} is switched off on this server. Whoever runs the server turns it on by adding \`${family ?? tool}\` to ${choice.setting} (now \`${choice.value}\`).`;
}

/** The one line the server instructions and the instruction tool add about what is off; undefined when nothing is. */
export function buildOffLine(off: readonly string[], choice: ToolsetChoice): string | undefined {
  if (!choice.active || off.length === 0) return undefined;
  return `Switched off on this server: ${off.join(', ')} (whoever runs it turns a family on in ${choice.setting}, now \`${choice.value}\`).`;
}
