import type { TSESTree } from '@typescript-eslint/utils';
import type { Node, ParamDecl, StaticText, TextValue, ToolDecl } from '@toolslim/core';

/** Core's nodes are typescript-estree nodes of the very AST ESLint gave the rule. */
export function asEslintNode(node: Node): TSESTree.Node {
  return node as TSESTree.Node;
}

export function isStaticText(text: TextValue | undefined): text is StaticText {
  return text?.kind === 'static';
}

/** The tool's name when it can be read statically. */
export function getToolName(tool: ToolDecl): string | undefined {
  return isStaticText(tool.name) ? tool.name.value : undefined;
}

/** Where a report about the whole tool sits: its name, else the declaration. */
export function getToolReportNode(tool: ToolDecl): TSESTree.Node {
  return asEslintNode(tool.nameNode ?? tool.name?.node ?? tool.node);
}

/** A label for messages: `"read_file"`, or `this tool` when the name is not static. */
export function getToolLabel(tool: ToolDecl): string {
  const name = getToolName(tool);
  return name === undefined ? 'this tool' : `"${name}"`;
}

/** Parameters declared at the top level of the input schema (the ones a model fills in directly). */
export function findTopLevelParams(tool: ToolDecl): ParamDecl[] {
  return tool.params.filter((param) => param.path.length === 1);
}

/** Words of an identifier-like name: `readFileContent` / `read_file-content` → `read file content`. */
export function buildWordsFromName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:]+/g, ' ')
    .toLowerCase()
    .trim();
}

export function getNameWords(name: string): string[] {
  return buildWordsFromName(name).split(/\s+/).filter(Boolean);
}

/**
 * A name with no description, no schema and no handler is not evidently a tool: it is how a tool call
 * (`{ type: 'function', function: { name, arguments } }`) or a `tool_choice` names one.
 */
export function isBareName(tool: ToolDecl): boolean {
  return tool.description === undefined && tool.inputSchema.kind === 'none' && tool.params.length === 0 && tool.handler === undefined;
}
