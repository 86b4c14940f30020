/**
 * Is a published tool name one that the MCP specification and every targeted client accept? Shared by the
 * `valid-tool-name` rule and `toolslim measure --check`; one name gets one finding, its most basic problem.
 */
import { getClientProfiles, type ClientProfile } from '../clients.js';
import { joinNames, type CheckFinding } from './format.js';

export const TOOL_NAME_MESSAGES = {
  invalidMcpName: 'Tool name "{{name}}" breaks the MCP tool-name rule ({{pattern}}); {{clients}} reject or rename it.',
  duplicateName: 'Tool name "{{name}}" is declared twice on the same server; clients keep only one of them.',
  invalidClientName: 'Tool name "{{name}}" does not fit the name pattern of {{clients}} (e.g. {{pattern}}); they reject the request or drop the tool.',
  clientNameTooLong: 'Tool name "{{name}}" is {{length}} characters; {{clients}} accept at most {{max}} and drop the tool.',
  qualifiedNameTooLong: '{{client}} calls this tool "{{qualified}}", {{length}} characters (max {{max}}); shorten the tool or server name.',
  serverPlusToolTooLong: 'Server "{{server}}" plus tool "{{name}}" is {{length}} characters; {{client}} allows {{max}} and drops the tool.',
} as const;

export type ToolNameMessageId = keyof typeof TOOL_NAME_MESSAGES;

/** The MCP specification's profile: its name rule applies to every tool, whichever clients are targeted. */
const MCP_SPEC_ID = 'mcp-spec';

function isValidName(profile: ClientProfile, name: string): boolean {
  return (profile.toolNamePattern?.test(name) ?? true) && name.length <= (profile.toolNameMaxLength ?? Infinity);
}

/**
 * The one problem of `name`, the most basic first: a broken MCP rule, then a client pattern, then a client
 * length, then the server-qualified limits (only with a server name). Clients failing alike share it.
 */
export function findToolNameProblem(name: string, clients: readonly ClientProfile[], serverName: string | undefined): CheckFinding<ToolNameMessageId> | undefined {
  const [spec] = getClientProfiles([MCP_SPEC_ID]);
  const others = clients.filter((client) => client.id !== MCP_SPEC_ID);
  const tooLong = others.filter((client) => client.toolNameMaxLength !== undefined && name.length > client.toolNameMaxLength);
  const badPattern = others.filter((client) => !tooLong.includes(client) && client.toolNamePattern !== undefined && !client.toolNamePattern.test(name));
  if (!isValidName(spec, name)) {
    const clientNames = joinNames(['MCP clients', ...[...badPattern, ...tooLong].map((client) => client.name)]);
    return { messageId: 'invalidMcpName', data: { name, pattern: String(spec.toolNamePattern), clients: clientNames } };
  }
  if (badPattern.length > 0) {
    return { messageId: 'invalidClientName', data: { name, clients: joinNames(badPattern.map((client) => client.name)), pattern: String(badPattern[0].toolNamePattern) } };
  }
  if (tooLong.length > 0) {
    const max = Math.min(...tooLong.map((client) => client.toolNameMaxLength!));
    return { messageId: 'clientNameTooLong', data: { name, clients: joinNames(tooLong.map((client) => client.name)), length: name.length, max } };
  }
  if (serverName === undefined) return undefined;
  for (const client of others) {
    if (client.qualifiedName) {
      const qualified = client.qualifiedName.build(serverName, name);
      if (qualified.length > client.qualifiedName.maxLength) {
        return { messageId: 'qualifiedNameTooLong', data: { client: client.name, qualified, length: qualified.length, max: client.qualifiedName.maxLength } };
      }
    }
    if (client.serverPlusToolMaxLength !== undefined && serverName.length + name.length > client.serverPlusToolMaxLength) {
      return {
        messageId: 'serverPlusToolTooLong',
        data: { client: client.name, server: serverName, name, length: serverName.length + name.length, max: client.serverPlusToolMaxLength },
      };
    }
  }
  return undefined;
}
