/**
 * Recursive zod schemas (`z.lazy(() => Node)`, and zod 4's getters), rebuilt with the real zod and
 * converted as the SDK converts them, so the `$ref`s and definitions are the server's: compared byte for
 * byte with what a real McpServer, registered from the same file, sends in `tools/list`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { buildRegisterToolDecl, findCalls, getContext, getName, listToolsOnWire, loadSource, publish } from './schema-harness.js';

function buildSource(zodImport: string, major: 3 | 4): string {
  return `import { z } from '${zodImport}';
// A tree: each category holds categories.
const Category = z.object({ name: z.string().describe('Category name'), children: z.lazy(() => z.array(Category)).optional() });
// Two schemas that hold each other.
const Author = z.object({ name: z.string(), books: z.lazy(() => z.array(Book)).optional() });
const Book = z.object({ title: z.string(), author: z.lazy(() => Author).optional() });
${major === 4 ? `// zod 4's own way: a getter in the shape.
const Folder = z.object({ path: z.string(), get subfolders() { return z.array(Folder).optional(); } });` : ''}
export function register(server) {
  server.registerTool('add_category', { description: 'Adds a category tree.', inputSchema: { root: Category } }, async () => ({ content: [] }));
  server.registerTool('add_book', { description: 'Adds a book.', inputSchema: { book: Book, note: z.string().optional() } }, async () => ({ content: [] }));
  server.registerTool('tree', { description: 'The tree itself as the schema.', inputSchema: Category }, async () => ({ content: [] }));
${major === 4 ? `  server.registerTool('add_folder', { description: 'Adds a folder tree.', inputSchema: { folder: Folder } }, async () => ({ content: [] }));` : ''}
}
`;
}

describe.each([
  { label: 'zod 4 (zod)', zodImport: 'zod', major: 4 as const },
  { label: 'zod 3 (zod/v3)', zodImport: 'zod/v3', major: 3 as const },
])('recursive schemas, $label', ({ zodImport, major }) => {
  it('publish exactly what a real McpServer sends', async () => {
    const loaded = await loadSource(buildSource(zodImport, major));
    const server = new McpServer({ name: 'recursive-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);
    const decls = findCalls(loaded.program, 'registerTool').map((call) => buildRegisterToolDecl(call, context));
    expect(decls).toHaveLength(major === 4 ? 4 : 3);
    const mismatches: string[] = [];
    for (const decl of decls) {
      const ours = JSON.stringify(publish(decl));
      const theirs = JSON.stringify(wire.find((t) => getName(t) === (decl.name?.kind === 'static' ? decl.name.value : '')));
      if (ours !== theirs) mismatches.push(`${ours}\n  != ${theirs}`);
    }
    expect(mismatches).toEqual([]);
    // The wire really refers back: the case is recursive, not flattened.
    expect(JSON.stringify(wire)).toContain('$ref');
  });
});
