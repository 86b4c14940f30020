import { getClientProfiles, type ClientProfile, type ToolDecl } from '@toolslim/core';
import { createRule } from '../utils/create-rule.js';
import { getTargetedClients } from '../utils/clients.js';
import { getFileModel, getToolslimSettings } from '../utils/file-model.js';
import { getToolName, getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'invalidMcpName' | 'duplicateName' | 'invalidClientName' | 'clientNameTooLong' | 'qualifiedNameTooLong' | 'serverPlusToolTooLong';

/** The MCP specification's profile: its name rule applies to every tool, whichever clients are targeted. */
const MCP_SPEC_ID = 'mcp-spec';

export default createRule<Options, MessageIds>({
  name: 'valid-tool-name',
  meta: {
    type: 'problem',
    docs: {
      description: "Require tool names that follow the MCP specification and fit every targeted client's pattern and length limits",
      recommended: 'recommended',
    },
    messages: {
      invalidMcpName:
        'Tool name "{{name}}" breaks the tool-name rule of the {{client}} ({{pattern}}); clients may reject the tool or rename it, and the model then calls a name the server does not know.',
      duplicateName: 'Tool name "{{name}}" is declared twice on the same server; the MCP specification requires unique names, and clients keep only one of them.',
      invalidClientName: 'Tool name "{{name}}" does not match the pattern {{client}} requires ({{pattern}}); {{client}} rejects the request or drops the tool.',
      clientNameTooLong: 'Tool name "{{name}}" is {{length}} characters; {{client}} accepts at most {{max}} and rejects the request or drops the tool.',
      qualifiedNameTooLong:
        '{{client}} calls this tool "{{qualified}}", {{length}} characters; it accepts at most {{max}}, so the tool is dropped or renamed. Shorten the tool or server name.',
      serverPlusToolTooLong:
        'Server name "{{server}}" and tool name "{{name}}" together are {{length}} characters; {{client}} allows at most {{max}} and drops the tool. Shorten the tool or server name.',
    },
    schema: [],
  },
  create(context) {
    const [spec] = getClientProfiles([MCP_SPEC_ID]);
    const clients = getTargetedClients(context).filter((client) => client.id !== MCP_SPEC_ID);
    const settingsServerName = getToolslimSettings(context).serverName;
    return {
      'Program:exit'() {
        const seen = new Map<unknown, Set<string>>();
        for (const tool of getFileModel(context).tools) {
          const name = getToolName(tool);
          if (name === undefined) continue;
          const node = getToolReportNode(tool);
          if (!isValidName(spec, name)) context.report({ node, messageId: 'invalidMcpName', data: { name, client: spec.name, pattern: String(spec.toolNamePattern) } });
          const serverKey = tool.server?.node ?? 'file';
          const names = seen.get(serverKey) ?? new Set<string>();
          if (names.has(name)) context.report({ node, messageId: 'duplicateName', data: { name } });
          names.add(name);
          seen.set(serverKey, names);
          const serverName = getServerName(tool) ?? settingsServerName;
          for (const client of clients) {
            for (const problem of findClientProblems(client, name, serverName)) context.report({ node, ...problem });
          }
        }
      },
    };
  },
});

function getServerName(tool: ToolDecl): string | undefined {
  return isStaticText(tool.server?.name) ? tool.server.name.value : undefined;
}

function isValidName(profile: ClientProfile, name: string): boolean {
  return (profile.toolNamePattern?.test(name) ?? true) && name.length <= (profile.toolNameMaxLength ?? Infinity);
}

type Problem = { messageId: MessageIds; data: Record<string, string | number> };

function findClientProblems(client: ClientProfile, name: string, serverName: string | undefined): Problem[] {
  const problems: Problem[] = [];
  const base = { name, client: client.name };
  // Length first: a pattern such as `^[a-z_]{1,64}$` also fails on length, and "too long" says what to change.
  if (client.toolNameMaxLength !== undefined && name.length > client.toolNameMaxLength) {
    problems.push({ messageId: 'clientNameTooLong', data: { ...base, length: name.length, max: client.toolNameMaxLength } });
  } else if (client.toolNamePattern && !client.toolNamePattern.test(name)) {
    problems.push({ messageId: 'invalidClientName', data: { ...base, pattern: String(client.toolNamePattern) } });
  }
  if (serverName === undefined) return problems;
  if (client.qualifiedName) {
    const qualified = client.qualifiedName.build(serverName, name);
    if (qualified.length > client.qualifiedName.maxLength) {
      problems.push({ messageId: 'qualifiedNameTooLong', data: { ...base, qualified, length: qualified.length, max: client.qualifiedName.maxLength } });
    }
  }
  if (client.serverPlusToolMaxLength !== undefined && serverName.length + name.length > client.serverPlusToolMaxLength) {
    problems.push({
      messageId: 'serverPlusToolTooLong',
      data: { ...base, server: serverName, length: serverName.length + name.length, max: client.serverPlusToolMaxLength },
    });
  }
  return problems;
}
