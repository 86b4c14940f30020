/**
 * A repository with several servers gets an instruction folder and families per server: the files of a
 * run are grouped by the package of the server they belong to (the nearest package.json with a name).
 * Grouping happens only when it is clear: every file lies in a package that creates an MCP server.
 * Otherwise (tools in a library package that a server elsewhere registers, say) the run stays one group.
 */
import path from 'node:path';
import { findPackageRoot } from './package-json.js';

export interface PackageGroup {
  /** The package folder, absolute; undefined when no file of the run lies in a package. */
  readonly root: string | undefined;
  readonly files: readonly string[];
}

/** A file that creates an MCP server (the SDK's `McpServer` or `Server`, or fastmcp's `FastMCP`). */
const CREATES_SERVER = /\bnew\s+(?:McpServer|Server|FastMCP)\s*[(<]/;
const IMPORTS_MCP = /@modelcontextprotocol\/|['"]fastmcp['"]/;

export function groupFilesByServerPackage(files: readonly string[], read: (file: string) => string | undefined): PackageGroup[] {
  const rootOf = new Map(files.map((file) => [file, findPackageRoot(file)]));
  const serverRoots = new Set<string | undefined>();
  for (const file of files) {
    const text = read(file);
    if (text !== undefined && CREATES_SERVER.test(text) && IMPORTS_MCP.test(text)) serverRoots.add(rootOf.get(file));
  }
  const one = (): PackageGroup[] => [{ root: serverRoots.size === 1 ? [...serverRoots][0] : undefined, files }];
  if (serverRoots.size <= 1 || serverRoots.has(undefined)) return one();
  // A server package nested in another would take the outer one's files: keep such a run whole.
  const roots = [...serverRoots] as string[];
  if (roots.some((a) => roots.some((b) => a !== b && (b + path.sep).startsWith(a + path.sep)))) return one();
  if (files.some((file) => !serverRoots.has(rootOf.get(file)))) return one();
  return roots.sort().map((root) => ({ root, files: files.filter((file) => rootOf.get(file) === root) }));
}
