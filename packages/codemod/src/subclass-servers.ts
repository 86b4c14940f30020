/**
 * Servers made from a subclass of the SDK's servers (`class ShelfServer extends McpServer { … }`, also
 * `const S = class extends McpServer {}`) and created with `new ShelfServer(…)`: wired like the class they
 * extend. The reader names the SDK's own constructions; a subclass of one is still that server, also when
 * the class is exported by one module and created in another that imports it.
 */
import { walk, type Node, type Program, type ServerDecl } from '@toolslim/core';
import { resolveImport } from './find-server-elsewhere.js';

const SDK_SERVERS: Readonly<Record<string, ServerDecl['framework']>> = { McpServer: 'mcp-sdk', Server: 'mcp-sdk-low-level' };

type Framework = ServerDecl['framework'];

/** The SDK server a class extends, when its superclass is one by name. */
const superOf = (node: Node | null | undefined): Framework | undefined => (node?.type === 'Identifier' && Object.hasOwn(SDK_SERVERS, node.name) ? SDK_SERVERS[node.name] : undefined);

/** What a file's servers are read from: its program, its text, and the programs of the files it imports. */
export interface ServerSource {
  readonly file: string;
  readonly program: Program;
  readonly code: string;
  /** The program and text of another source file, or undefined when it cannot be read. */
  readonly read: (file: string) => { program: Program; code: string } | undefined;
}

/** The servers a file creates from a subclass defined in it or imported from a relative module. */
export function findServersOfSubclasses(source: ServerSource): ServerDecl[] {
  return findSubclassServers(source.program, source.code, findImportedSubclasses(source));
}

export function findSubclassServers(program: Program, code: string, imported: ReadonlyMap<string, Framework> = new Map()): ServerDecl[] {
  if (imported.size === 0 && !/@modelcontextprotocol\//.test(code)) return [];
  const subclasses = new Map<string, Framework>(imported);
  walk(program, (node) => {
    if (node.type === 'ClassDeclaration' && node.id) {
      const framework = superOf(node.superClass);
      if (framework) subclasses.set(node.id.name, framework);
    } else if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init?.type === 'ClassExpression') {
      const framework = superOf(node.init.superClass);
      if (framework) subclasses.set(node.id.name, framework);
    }
  });
  if (subclasses.size === 0) return [];
  const servers: ServerDecl[] = [];
  walk(program, (node) => {
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && subclasses.has(node.callee.name)) {
      servers.push({ node, name: undefined, framework: subclasses.get(node.callee.name)! });
    }
  });
  return servers;
}

/** The subclasses of the SDK's servers a file imports from relative modules, by their local names. */
function findImportedSubclasses({ file, program, read }: ServerSource): Map<string, Framework> {
  const found = new Map<string, Framework>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string' || !statement.source.value.startsWith('.')) continue;
    const target = resolveImport(file, statement.source.value);
    const other = target ? read(target) : undefined;
    if (!other) continue;
    const exported = findExportedSubclasses(other.program, other.code);
    for (const specifier of statement.specifiers) {
      const name = specifier.type === 'ImportSpecifier' ? getName(specifier.imported) : specifier.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
      const framework = name ? exported.get(name) : undefined;
      if (framework) found.set(specifier.local.name, framework);
    }
  }
  return found;
}

/** The exported names of a module's subclasses of the SDK's servers (`export class`, `export { X }`, `export default class`). */
function findExportedSubclasses(program: Program, code: string): Map<string, Framework> {
  const exported = new Map<string, Framework>();
  if (!/@modelcontextprotocol\//.test(code)) return exported;
  const local = new Map<string, Framework>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'ClassDeclaration' || declaration?.type === 'ClassExpression') {
      const framework = superOf(declaration.superClass);
      if (!framework) continue;
      if (declaration.id) local.set(declaration.id.name, framework);
      if (statement.type === 'ExportDefaultDeclaration') exported.set('default', framework);
      else if (statement.type === 'ExportNamedDeclaration' && declaration.id) exported.set(declaration.id.name, framework);
    }
  }
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    for (const specifier of statement.specifiers) {
      const framework = local.get(getName(specifier.local));
      if (framework) exported.set(getName(specifier.exported), framework);
    }
  }
  return exported;
}

/** A module export's name: an identifier, or a string (`export { x as "y" }`). */
function getName(node: Node): string {
  const named = node as { name?: unknown; value?: unknown };
  return typeof named.name === 'string' ? named.name : String(named.value);
}
