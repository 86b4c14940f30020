/**
 * Servers whose tools are not in the files read. A file that starts an MCP transport but connects it to a
 * server built by an installed package (`new Toolkit(…).connect(transport)`), and a program that only
 * launches another one with its stdio (a platform binary, a Python server), publish tools toolslim does
 * not see. Each is named with the call and the reason, never left as "no tools".
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, unwrap, walk, type Program } from '../ast.js';
import type { Node, UnreadSink } from '../model.js';
import type { Scope } from '../text/scope.js';
import { describe } from './describe.js';

/** Packages that build the server themselves: a server built with them is read where it is built. */
const SERVER_LIBRARY = /^(?:@modelcontextprotocol\/|fastmcp$)/;
/** The packages a shared server package depends on when it builds an MCP server (`explainServerPackageCall`). */
export const SERVER_LIBRARIES: ReadonlySet<string> = new Set(['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', 'fastmcp']);
/** Calls of `child_process` that start another program. */
const LAUNCHING_CALLS: ReadonlySet<string> = new Set(['spawn', 'spawnSync', 'fork', 'execFile', 'execFileSync', 'exec', 'execSync']);
/** Bindings followed from a receiver back to the call that built it. */
const MAX_STEPS = 4;

/**
 * `toolkit.connect(transport)` where `toolkit` is built by an installed package (`new pkg.Toolkit(…)`,
 * `await createServer(…)` imported from it): the server, and its tools, are that package's.
 */
export function explainServerFromPackage(program: Program, scope: Scope, isProjectModule: (source: string, importedName: string) => boolean, classes?: ProjectClasses): UnreadSink | undefined {
  let found: UnreadSink | undefined;
  walk(program, (node: Node) => {
    if (found) return false;
    if (node.type !== 'CallExpression' || node.arguments.length === 0) return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression') return;
    // `server.connect(transport)`, or any method that is handed the transport (`server.start(transport)`).
    const method = getCalleeName(callee);
    if (method !== 'connect' && !node.arguments.some((arg) => isTransport(arg, scope))) return;
    const origin = findPackageOrigin(callee.object, scope, classes);
    // A package of the same workspace is read with the project's files.
    if (!origin || isProjectModule(origin.specifier, origin.importedName)) return;
    found = {
      node,
      line: node.loc?.start.line ?? 0,
      column: node.loc?.start.column ?? 0,
      sink: `.${method}()`,
      reason: `the server it connects is ${origin.through ? `an instance of ${origin.through}, which extends ${describe(origin.builder)}` : `built by ${describe(origin.builder)}`} of the installed package ${origin.source}; its tools are in that package, which toolslim does not read`,
      fromPackage: origin.source,
    };
  });
  return found;
}

/** Classes of the project, read where they are written: what `new X(…)` of an imported class extends. */
export interface ProjectClasses {
  /** The superclass of the class `importedName` of the project module `source`, with that module's scope. */
  findSuperClass(source: string, importedName: string): { readonly superClass: Node; readonly scope: Scope } | undefined;
}

/** `new StdioServerTransport()`, or a constant bound to one: what a server is connected with. */
function isTransport(input: Node, scope: Scope): boolean {
  let node = unwrap(input);
  if (node.type === 'Identifier') {
    const init = scope.resolve(node);
    if (!init) return false;
    node = unwrap(init);
  }
  if (node.type !== 'NewExpression') return false;
  const callee = unwrap(node.callee);
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
  return name !== undefined && /Transport$/.test(name);
}

/** The bare package a receiver's value comes from, with the call that builds it. */
function findPackageOrigin(input: Node, scope: Scope, classes?: ProjectClasses): { source: string; specifier: string; importedName: string; builder: Node; through?: string } | undefined {
  let node = unwrap(input);
  for (let step = 0; step < MAX_STEPS; step++) {
    if (node.type === 'AwaitExpression') node = unwrap(node.argument);
    if (node.type === 'Identifier') {
      const init = scope.resolve(node);
      if (!init) return undefined;
      node = unwrap(init);
      continue;
    }
    if (node.type !== 'NewExpression' && node.type !== 'CallExpression') return undefined;
    // `(0, pkg_1.create)(…)`: tsc's call of an imported function.
    const callee = unwrap(node.callee);
    const builder = callee.type === 'SequenceExpression' ? unwrap(callee.expressions[callee.expressions.length - 1]) : callee;
    const root = getRootIdentifier(builder);
    const imported = root ? scope.getImport(root.name) : undefined;
    // `new Server(…)` of a project class that extends an installed package's server class.
    if (imported && !isInstalledPackage(imported.source) && node.type === 'NewExpression' && classes) {
      const found = classes.findSuperClass(imported.source, getImportedName(imported, builder));
      const base = found ? findPackageOrigin({ ...found.superClass, type: 'NewExpression', callee: found.superClass, arguments: [] } as unknown as Node, found.scope) : undefined;
      return base ? { ...base, through: describe(builder) } : undefined;
    }
    if (!imported || !isInstalledPackage(imported.source) || SERVER_LIBRARY.test(imported.source)) return undefined;
    return { source: getPackageName(imported.source), specifier: imported.source, importedName: getImportedName(imported, builder), builder };
  }
  return undefined;
}

/** The name imported: `Toolkit` of `import { Toolkit }`, or of `pkg.Toolkit` on a namespace import. */
function getImportedName(imported: { readonly importedName: string }, builder: Node): string {
  return imported.importedName === '*' && builder.type === 'MemberExpression' && !builder.computed && builder.property.type === 'Identifier' ? builder.property.name : imported.importedName;
}

/** `Toolkit`, `pkg_1.Toolkit`, `(0, pkg_1.create)`, `pkg.servers.create`: the name the chain starts with. */
function getRootIdentifier(input: Node): TSESTree.Identifier | undefined {
  let node = unwrap(input);
  for (let i = 0; i < 6; i++) {
    if (node.type === 'SequenceExpression') node = unwrap(node.expressions[node.expressions.length - 1]);
    else if (node.type === 'MemberExpression') node = unwrap(node.object);
    else break;
  }
  return node.type === 'Identifier' ? node : undefined;
}

function isInstalledPackage(source: string): boolean {
  return !source.startsWith('.') && !source.startsWith('/') && !source.startsWith('node:') && !source.startsWith('#');
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function getPackageName(source: string): string {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * `spawn(binary, args, { stdio: 'inherit' })`, `child.stdin` fed from `process.stdin`: the program hands
 * its stdio to another one, whose tools are whatever that program lists.
 */
export function explainLauncher(program: Program, scope: Scope): UnreadSink | undefined {
  let launch: TSESTree.CallExpression | undefined;
  let passesStdio = false;
  const loadsChildProcess = program.body.some((statement) => statement.type === 'ImportDeclaration' && isChildProcessModule(statement.source.value));
  let requiresChildProcess = false;
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
      const source = node.arguments[0];
      if (source?.type === 'Literal' && typeof source.value === 'string' && isChildProcessModule(source.value)) requiresChildProcess = true;
    }
    return undefined;
  });
  if (!loadsChildProcess && !requiresChildProcess) return undefined;
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression') {
      const name = getCalleeName(node.callee);
      if (name !== undefined && LAUNCHING_CALLS.has(name) && isChildProcessCall(node.callee, scope)) {
        launch ??= node;
        if (node.arguments.some((arg) => isInheritedStdio(arg, scope))) passesStdio = true;
      }
      // `process.stdin.pipe(child.stdin)`
      if (name === 'pipe' && isProcessStream(node.callee, 'stdin')) passesStdio = true;
    }
    return undefined;
  });
  if (!launch || !passesStdio) return undefined;
  const program0 = launch.arguments[0];
  const what = program0 && program0.type !== 'SpreadElement' ? ` (${describe(program0)})` : '';
  return {
    node: launch,
    line: launch.loc?.start.line ?? 0,
    column: launch.loc?.start.column ?? 0,
    sink: `${getCalleeName(launch.callee) ?? 'spawn'}()`,
    reason: `this program starts another one${what} and hands it its stdio; the tools that program lists are not in JavaScript toolslim reads`,
  };
}

function isChildProcessModule(source: unknown): boolean {
  return typeof source === 'string' && /^(?:node:)?child_process$/.test(source);
}

/**
 * `spawn` imported from `child_process`, `child_process_1.spawn`, `cp.spawn`, or a name bound by
 * destructuring its `require` (`const { spawn } = require('child_process')`), in a file that loads it.
 */
function isChildProcessCall(callee: Node, scope: Scope): boolean {
  const root = getRootIdentifier(callee);
  if (!root) return false;
  const imported = scope.getImport(root.name);
  if (imported) return isChildProcessModule(imported.source);
  // Not a function of the file's own: a destructured `require` leaves the name without an initializer of its own.
  const init = scope.resolve(root);
  return init === undefined || (init.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require');
}

/** `{ stdio: 'inherit' }`, `{ stdio: ['inherit', …] }`, `{ stdio: [process.stdin, process.stdout, …] }`. */
function isInheritedStdio(arg: Node, scope: Scope): boolean {
  let node = unwrap(arg);
  if (node.type === 'Identifier') node = unwrap(scope.resolve(node) ?? node);
  if (node.type !== 'ObjectExpression') return false;
  return node.properties.some((p) => {
    if (p.type !== 'Property' || p.key.type !== 'Identifier' || p.key.name !== 'stdio') return false;
    const value = unwrap(p.value);
    if (value.type === 'Literal') return value.value === 'inherit';
    if (value.type !== 'ArrayExpression') return false;
    const first = value.elements[0];
    return first !== null && first !== undefined && ((first.type === 'Literal' && first.value === 'inherit') || isProcessStream(first, 'stdin'));
  });
}

/** `process.stdin` (the receiver of `process.stdin.pipe`, or the value itself). */
function isProcessStream(input: Node, stream: 'stdin'): boolean {
  let node = unwrap(input);
  if (node.type === 'MemberExpression' && getCalleeName(node) === 'pipe') node = unwrap(node.object);
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.type === 'Identifier' &&
    node.property.name === stream &&
    unwrap(node.object).type === 'Identifier' &&
    (unwrap(node.object) as TSESTree.Identifier).name === 'process'
  );
}

/**
 * A program (a package's `bin`) that declares no tool and calls a function it imports from an installed
 * package which itself depends on an MCP server library (`runServer(config)` from a shared server package):
 * the server, and its tools, are that package's. `dependsOnServerLibrary` answers for a bare specifier.
 */
export function explainServerPackageCall(program: Program, scope: Scope, dependsOnServerLibrary: (source: string) => boolean): UnreadSink | undefined {
  let found: UnreadSink | undefined;
  walk(program, (node: Node) => {
    if (found) return false;
    // A dynamic import, a bare import or a require of a server package, for what loading it runs.
    const loaded = getLoadedPackage(node);
    if (loaded !== undefined) {
      if (!isInstalledPackage(loaded) || SERVER_LIBRARY.test(loaded) || !dependsOnServerLibrary(loaded)) return;
      found = {
        node,
        line: node.loc?.start.line ?? 0,
        column: node.loc?.start.column ?? 0,
        sink: node.type === 'ImportExpression' ? 'import()' : node.type === 'ImportDeclaration' ? 'import' : 'require()',
        reason: `this program loads the installed package ${getPackageName(loaded)}, which builds an MCP server when it runs; its tools are in that package, which toolslim does not read`,
        fromPackage: getPackageName(loaded),
      };
      return false;
    }
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return;
    const callee = unwrap(node.callee);
    const root = getRootIdentifier(callee.type === 'SequenceExpression' ? callee.expressions[callee.expressions.length - 1] : callee);
    const imported = root ? scope.getImport(root.name) : undefined;
    if (!imported || !isInstalledPackage(imported.source) || SERVER_LIBRARY.test(imported.source) || !dependsOnServerLibrary(imported.source)) return;
    found = {
      node,
      line: node.loc?.start.line ?? 0,
      column: node.loc?.start.column ?? 0,
      sink: `${getCalleeName(node.callee) ?? 'call'}()`,
      reason: `this program hands its server to ${describe(callee)} of the installed package ${getPackageName(imported.source)}, which builds an MCP server; its tools are in that package, which toolslim does not read`,
      fromPackage: getPackageName(imported.source),
    };
  });
  return found;
}

/**
 * The package a program loads only for what loading it runs: a dynamic `import()` of it (however its promise
 * is handled), an `import` of it without bindings, a `require()` of it whose value is not kept.
 */
function getLoadedPackage(node: Node): string | undefined {
  if (node.type === 'ImportExpression') return getLiteralSource(node.source);
  if (node.type === 'ImportDeclaration') return node.specifiers.length === 0 ? getLiteralSource(node.source) : undefined;
  if (node.type !== 'ExpressionStatement') return undefined;
  const call = unwrap(node.expression);
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'require' || call.arguments.length !== 1) return undefined;
  return getLiteralSource(call.arguments[0]);
}

function getLiteralSource(input: Node): string | undefined {
  const node = unwrap(input);
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return node.type === 'TemplateLiteral' && node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
}
