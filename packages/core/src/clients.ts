/**
 * The hard limits of the clients that read tool definitions, as data. Rules read limits from here and
 * never hard-code a number; users pick the clients they serve with `settings.toolslim.clients`.
 * Every entry says where the limit was read (`source`) and when it was last checked (`checked`).
 */

/** The hard limits of one client, each with where it was read and when. */
export interface ClientProfile {
  readonly id: string;
  readonly name: string;
  /** Characters (UTF-16 code units) of a tool description the client keeps. */
  readonly descriptionMaxChars?: number;
  /** What the client does with a longer description: cuts it (default) or rejects the request. */
  readonly descriptionOverflow?: 'cut' | 'reject';
  /** Characters of the server's `instructions` the client keeps. */
  readonly instructionsMaxChars?: number;
  /** What the client appends where it cuts (so messages can quote it). */
  readonly truncationMarker?: string;
  readonly toolNamePattern?: RegExp;
  readonly toolNameMaxLength?: number;
  /** True when the limits are a recommendation (SHOULD) rather than something a client enforces. */
  readonly advisory?: boolean;
  /** Length limit of the name the client builds from server and tool (`mcp__<server>__<tool>`). */
  readonly qualifiedName?: { readonly build: (server: string, tool: string) => string; readonly maxLength: number };
  /** Limit on server name + tool name characters. */
  readonly serverPlusToolMaxLength?: number;
  /** Tools the client sends to the model. */
  readonly maxTools?: number;
  /** Tool result size past which the client warns, in tokens. */
  readonly resultWarnTokens?: number;
  /** Tool result size past which the client cuts, in tokens. */
  readonly resultMaxTokens?: number;
  /**
   * Set on a profile of older releases: the id of the profile that replaced it. Superseded profiles are
   * only used when named explicitly, so "all clients" means current releases.
   */
  readonly supersededBy?: string;
  /**
   * A model API (a tool array sent with each request), not an MCP client: targeted only when named, so
   * an MCP server is not held to, or told it passes, a limit no MCP client applies.
   */
  readonly modelApi?: boolean;
  readonly source: string;
  /** ISO date the limit was checked. */
  readonly checked: string;
  readonly notes?: string;
}

/** Names OpenAI, Windsurf and Anthropic accept: letters, digits, `_` and `-` (no dot). */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const CLIENT_PROFILES: readonly ClientProfile[] = [
  {
    id: 'mcp-spec',
    name: 'MCP specification 2025-11-25',
    toolNamePattern: /^[A-Za-z0-9_.-]{1,128}$/,
    toolNameMaxLength: 128,
    advisory: true,
    source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    checked: '2026-11-30',
    notes: 'Tool names SHOULD be 1–128 characters of A-Z a-z 0-9 _ - . and unique within a server; inputSchema is an object.',
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    descriptionMaxChars: 4096,
    instructionsMaxChars: 4096,
    qualifiedName: { build: (server, tool) => `mcp__${server}__${tool}`, maxLength: 64 },
    resultWarnTokens: 10_000,
    resultMaxTokens: 25_000,
    source: 'https://code.claude.com/docs/en/mcp (Claude Code 2.1.314 docs, "For MCP server authors")',
    checked: '2026-11-30',
    notes:
      'Tool descriptions and server instructions are cut at 4,096 characters, and tool search reads only that part. ' +
      'The qualified name mcp__<server>__<tool> must be at most 64 characters: tool search refers to tools by it, and ' +
      'the API rejects a longer tool_reference name (https://git.drupalcode.org/project/mcp/-/work_items/3569862). ' +
      'One secondary source reports 16,384 characters for tools deferred behind tool search and 4,096 for tools loaded ' +
      'up front (alwaysLoad); 4,096 is the cut every configuration gets.',
  },
  {
    id: 'claude-code-2.1.84',
    name: 'Claude Code 2.1.84–2.1.234',
    descriptionMaxChars: 2048,
    instructionsMaxChars: 2048,
    truncationMarker: '… [truncated]',
    qualifiedName: { build: (server, tool) => `mcp__${server}__${tool}`, maxLength: 64 },
    supersededBy: 'claude-code',
    source: 'https://github.com/anthropics/claude-code/issues/41593 and https://github.com/anthropics/claude-code/issues/87650',
    checked: '2026-11-30',
    notes: 'Releases 2.1.84 to 2.1.234 cut descriptions at 2,048 characters, append "… [truncated]" and warn nobody.',
  },
  {
    id: 'openai',
    name: 'OpenAI API',
    descriptionMaxChars: 1024,
    descriptionOverflow: 'reject',
    toolNamePattern: OPENAI_NAME,
    toolNameMaxLength: 64,
    maxTools: 128,
    modelApi: true,
    source: 'https://platform.openai.com/docs/api-reference/chat/create (tools[].function.name, description)',
    checked: '2026-11-30',
    notes: 'A longer description is rejected with string_above_max_length ("Expected a string with maximum length 1024").',
  },
  {
    id: 'anthropic',
    name: 'Anthropic API',
    toolNamePattern: /^[a-zA-Z0-9_-]{1,128}$/,
    toolNameMaxLength: 128,
    modelApi: true,
    source: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use (tools[].name)',
    checked: '2026-11-30',
    notes: 'No dot in names: an MCP name like admin.tools.list is rejected by the API.',
  },
  {
    id: 'gemini',
    name: 'Gemini API',
    toolNamePattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    toolNameMaxLength: 64,
    maxTools: 512,
    modelApi: true,
    source: 'https://ai.google.dev/api/caching#FunctionDeclaration (name)',
    checked: '2026-11-30',
    notes:
      'Starts with a letter or underscore; letters, digits, _ . : -; at most 64 characters. The 512-declaration cap is ' +
      'from the current Gemini API; older Vertex AI SDK references say 64 declarations.',
  },
  {
    id: 'cursor',
    name: 'Cursor',
    serverPlusToolMaxLength: 60,
    maxTools: 40,
    source: 'https://docs.cursor.com/context/model-context-protocol',
    checked: '2026-11-30',
    notes: 'Only the first 40 tools across all servers are sent; server name + tool name must be at most 60 characters.',
  },
  {
    id: 'vscode',
    name: 'VS Code / GitHub Copilot',
    maxTools: 128,
    source: 'https://code.visualstudio.com/docs/copilot/chat/chat-tools',
    checked: '2026-11-30',
    notes: 'A chat request carries at most 128 tools.',
  },
  {
    id: 'windsurf',
    name: 'Windsurf',
    toolNamePattern: OPENAI_NAME,
    toolNameMaxLength: 64,
    maxTools: 100,
    source: 'https://docs.windsurf.com/windsurf/cascade/mcp ("Cascade has a limit of 100 total tools")',
    checked: '2026-11-30',
    notes: 'Cascade accepts 100 tools in total; a name outside ^[a-zA-Z0-9_-]{1,64}$ fails to register.',
  },
];

/** Every known id, in table order, for error messages and option schemas. */
export function getClientIds(): string[] {
  return CLIENT_PROFILES.map((profile) => profile.id);
}

/**
 * Profiles for the given ids, in the order given. Without ids: the MCP specification and every current
 * MCP client (superseded releases and the model APIs only when named). An unknown id throws an error
 * that lists the known ones.
 */
export function getClientProfiles(ids?: readonly string[]): ClientProfile[] {
  if (ids === undefined) return CLIENT_PROFILES.filter((profile) => profile.supersededBy === undefined && !profile.modelApi);
  const unknown = ids.filter((id) => !CLIENT_PROFILES.some((profile) => profile.id === id));
  if (unknown.length > 0) {
    const plural = unknown.length > 1 ? 's' : '';
    throw new Error(
      `Unknown toolslim client${plural} ${unknown.map((id) => `"${id}"`).join(', ')}; known clients: ${getClientIds().join(', ')}.`,
    );
  }
  const unique = [...new Set(ids)];
  return unique.map((id) => CLIENT_PROFILES.find((profile) => profile.id === id) as ClientProfile);
}

/**
 * What the model APIs reject or charge in a request's tool array (tool search, programmatic tool calling,
 * strict function tools), with the API's own error text. Same rule as above: every number and text has
 * its source and the date it was read; the rule `api-tool-limits` and `report` read them from here.
 */
export const API_REQUEST_LIMITS = {
  anthropicToolSearch: {
    /** At least one tool must stay loaded (usually the tool search tool itself). */
    allDeferredError: 'All tools cannot be deferred',
    maxDeferredTools: 10_000,
    matchesPerSearch: 5,
    regexPatternMaxChars: 200,
    bm25QueryMaxChars: 500,
    /** What the tool search tool itself adds to a request. */
    searchToolTokens: 500,
    /** Deferral pays from about this many tools, or this many tokens of definitions. */
    paysFromTools: 10,
    paysFromTokens: 10_000,
    source: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool',
    checked: '2026-07-20',
    notes: 'Read on 2026-12-01 from the project background notes (shared/seeds 004), which were verified against the vendor page on 2026-07-20.',
  },
  anthropicProgrammaticCalling: {
    /** `allowed_callers` values that let code execution call a tool. */
    callerPrefix: 'code_execution_',
    circularRefError: 'Circular $ref detected',
    strictUnsupported: 'Tools with strict: true are not supported with programmatic tool calling',
    source: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/programmatic-tool-calling',
    checked: '2026-07-20',
    notes: 'A recursive $ref is fine for direct calls; the same tool cannot be enabled for programmatic calling. Read as above.',
  },
  openaiStrictFunctions: {
    additionalPropertiesError: "'additionalProperties' is required to be supplied and to be false.",
    requiredError: "'required' is required to be supplied and to be an array including every key in properties.",
    rootObjectError: 'schema must be a JSON Schema of \'type: "object"\'',
    errorCode: 'invalid_function_parameters',
    source:
      'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas and https://platform.openai.com/docs/guides/function-calling#strict-mode; ' +
      'error texts as the API returns them in https://github.com/openai/openai-agents-python/issues/1023 and https://github.com/lastmile-ai/openai-agents-mcp/issues/2',
    checked: '2026-12-01',
    notes: 'With strict: true every object sets additionalProperties: false, every key of properties is in required (optional = a union with null), and the root is an object, not anyOf.',
  },
} as const;
