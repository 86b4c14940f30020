/**
 * The generated benchmark file (budget (c) of eslint.bench.mjs): `count` `server.registerTool(...)`
 * declarations written the way real catalogues write them. Shared with profile.mjs.
 */
const FAMILIES = ['invoice', 'customer', 'ticket', 'report', 'shipment', 'catalog', 'payment', 'webhook'];
const ACTIONS = ['list', 'get', 'create', 'update', 'delete', 'search', 'export', 'import', 'archive', 'restore', 'assign', 'comment', 'merge', 'preview', 'validate', 'sync', 'count', 'watch', 'unwatch', 'audit', 'tag', 'untag', 'clone', 'lock', 'unlock'];

/** One `server.registerTool(...)` the way real catalogues write them: prose with rules and examples, zod params. */
function buildToolDeclaration(index) {
  const family = FAMILIES[index % FAMILIES.length];
  const action = ACTIONS[Math.floor(index / FAMILIES.length) % ACTIONS.length];
  const name = `${family}_${action}`;
  const description = [
    `${action[0].toUpperCase()}${action.slice(1)}s ${family} records in the billing workspace the user belongs to.`,
    `Use this when the user asks to ${action} a ${family} and you already know its id or can find it with ${family}_search.`,
    `Results are sorted by the update time, newest first, and at most 100 ${family}s come back per page.`,
    index % 3 === 0 ? 'IMPORTANT: never call this tool twice for the same request; it is not idempotent.' : 'The call is read-only and safe to retry.',
    index % 4 === 0 ? `For example, to ${action} the ${family} INV-2041, pass {"id": "INV-2041"}.` : 'Dates are ISO 8601 strings in UTC.',
    'Returns a JSON object with data and meta fields; meta.requestId identifies the call in the logs.',
  ].join(' ');
  return `  server.registerTool(
    '${name}',
    {
      title: '${family} ${action}',
      description:
        '${description.replaceAll("'", "\\'")}',
      inputSchema: {
        id: z.string().describe('The ${family} id. A string. Required.'),
        workspace: z.string().optional().describe('Workspace slug, e.g. acme-eu. Optional.'),
        status: z.enum(['open', 'pending', 'closed']).default('open').describe('Status filter: open, pending or closed. Defaults to open.'),
        limit: z.number().int().min(1).max(100).default(25).describe('Maximum results per page (1-100). Integer.'),
        cursor: z.string().optional().describe('Opaque cursor from the previous page'),
        filters: z
          .object({
            createdAfter: z.string().optional().describe('Only records created after this ISO 8601 date'),
            tags: z.array(z.string()).max(20).optional().describe('Only records carrying all of these tags'),
          })
          .optional()
          .describe('Extra filters. Object.'),
        notes: z.string().max(2000).optional().describe('Free text stored with the change; shown to auditors'),
      },
      annotations: { readOnlyHint: ${index % 3 !== 0} },
    },
    async ({ id }) => ({ content: [{ type: 'text', text: JSON.stringify({ id, tool: '${name}#${index}' }) }] }),
  );`;
}

export function buildGeneratedFile(count) {
  const declarations = Array.from({ length: count }, (_, index) => buildToolDeclaration(index));
  return [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    "const server = new McpServer({ name: 'billing', version: '1.0.0' });",
    '',
    'export function registerBillingTools() {',
    ...declarations,
    '}',
    '',
  ].join('\n');
}

/**
 * One server file as people keep them (budget (d) of eslint.bench.mjs, the keystroke in the editor):
 * `count` tools, each with a handler of real statements (validation, a request, shaping the result)
 * beside its declaration, about 57 lines a tool: 30 tools make a file of about 1,700 lines.
 */
export function buildServerFile(count) {
  const declarations = Array.from({ length: count }, (_, index) => {
    const declaration = buildToolDeclaration(index);
    const name = /'([a-z]+_[a-z]+)'/.exec(declaration)[1];
    // The handler is written beside the declaration and passed by name, as servers split long handlers out.
    return [buildHandler(name, index), declaration.replace(/async \(\{ id \}\) => \(\{[^\n]*\}\),/, `${toHandlerName(name)},`)].join('\n');
  });
  return [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    "const server = new McpServer({ name: 'billing', version: '1.0.0' });",
    "const API = process.env.BILLING_API ?? 'https://billing.invalid';",
    '',
    'export function registerBillingTools() {',
    ...declarations,
    '}',
    '',
  ].join('\n');
}

function toHandlerName(name) {
  return `handle${name.replace(/(?:^|_)([a-z])/g, (_, c) => c.toUpperCase())}`;
}

function buildHandler(name, index) {
  const handler = toHandlerName(name);
  return `  async function ${handler}({ id, workspace, status, limit, cursor, filters }: { id: string; workspace?: string; status: string; limit: number; cursor?: string; filters?: { createdAfter?: string; tags?: string[] } }) {
    if (!id.trim()) {
      return { isError: true, content: [{ type: 'text' as const, text: 'The id is empty.' }] };
    }
    const params = new URLSearchParams({ status, limit: String(limit) });
    if (workspace) params.set('workspace', workspace);
    if (cursor) params.set('cursor', cursor);
    if (filters?.createdAfter) params.set('created_after', filters.createdAfter);
    for (const tag of filters?.tags ?? []) params.append('tag', tag);
    const started = Date.now();
    const response = await fetch(\`\${API}/v1/${name.replace('_', '/')}/\${encodeURIComponent(id)}?\${params}\`, {
      headers: { accept: 'application/json', 'x-request-source': '${name}#${index}' },
    });
    if (!response.ok) {
      const body = await response.text();
      return { isError: true, content: [{ type: 'text' as const, text: \`Request failed (\${response.status}): \${body.slice(0, 200)}\` }] };
    }
    const data = (await response.json()) as { data: unknown[]; meta: { requestId: string; next?: string } };
    const rows = data.data.map((row, position) => ({ position, row }));
    const audit = {
      tool: '${name}',
      workspace: workspace ?? 'default',
      filters: Object.keys(filters ?? {}).length,
    };
    console.error(JSON.stringify(audit));
    const summary = {
      count: rows.length,
      next: data.meta.next ?? null,
      requestId: data.meta.requestId,
      elapsedMs: Date.now() - started,
    };
    return { content: [{ type: 'text' as const, text: JSON.stringify({ summary, rows }) }] };
  }`;
}
