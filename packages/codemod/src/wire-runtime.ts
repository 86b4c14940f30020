/**
 * Keeping moved text reachable: add `@toolslim/runtime`'s `serveInstructions(server, { dir })` right after
 * the statement that creates an `McpServer` or a low-level `Server` (at the top level or inside a
 * function), in ES modules and CommonJS, with the folder found from the package root at run time; a fastmcp
 * server's construction is wrapped in `serveFastMcpInstructions(…)`. Other shapes (a server made by a
 * wrapper) get a snippet to add by hand.
 */
import path from 'node:path';
import { escapeRegExp, getParent, SERVES_INSTRUCTIONS, type Node, type Program, type ServerDecl } from '@toolslim/core';
import { DEFAULT_INSTRUCTIONS_TOOL } from './options.js';
import type { SourceEdit } from './text-edits.js';
import { buildInstructionsModuleImport } from './bundle-instructions.js';
import { SlimError } from './slim-types.js';

export interface Wiring {
  /** Absolute path of the file with the server. */
  readonly file: string;
  /** True when the lines were added to the file. */
  readonly wired: boolean;
  /** The lines added, or the lines to add by hand. */
  readonly lines: readonly string[];
  /** Why the lines were not added. */
  readonly reason?: string;
  /** Absolute path of the module of instruction strings the lines import (a Worker), to write with the run. */
  readonly instructionsModule?: string;
  /**
   * The file serves streamable HTTP without sessions (`sessionIdGenerator: undefined`): the runtime's
   * first-use gate has no session to remember a call in, so it gates nothing there; the pointers and the
   * server instructions remain. For slim to say so.
   */
  readonly statelessHttp?: true;
}

/** A transport made without session ids, as the SDK's stateless examples write it. */
const STATELESS_HTTP = /\bsessionIdGenerator\s*:\s*undefined\b/;

/** How the file runs: `import.meta.url` exists only in ES modules, `__filename` only in CommonJS. */
export type ModuleKind = 'esm' | 'cjs';

export interface WiringInput {
  readonly file: string;
  readonly code: string;
  readonly program: Program;
  readonly servers: readonly ServerDecl[];
  /** The instruction folder relative to the package root, with `/`. */
  readonly packageDir: string;
  readonly moduleKind: ModuleKind;
  readonly toolName: string | undefined;
  /** Serve a module of instruction strings written beside the file (a Worker has no file system). */
  readonly instructionsModule?: string;
  /** The families on by default (`settings.toolslim.toolsets.default`), written as `toolsets: { default: […] }`. */
  readonly defaultToolsets?: readonly string[];
}

const RUNTIME = '@toolslim/runtime';
const INSTRUCTION_FILES = 'instructionFiles';

/** What a wiring needs to know of the file: the parts every way of wiring writes the same. */
export type WiringFile = Pick<WiringInput, 'file' | 'code' | 'program' | 'packageDir' | 'moduleKind' | 'toolName' | 'instructionsModule' | 'defaultToolsets'>;

/** How one file imports a serving function of the runtime and names the instruction folder, in its own style. */
export interface RuntimeImport {
  readonly eol: string;
  readonly imports: Program['body'];
  readonly quote: (text: string) => string;
  /** The import (or `require`) of `fn`, with `findInstructionsDir` or the module of instruction strings. */
  readonly importLine: string;
  /** The folder argument: `findInstructionsDir(import.meta.url, 'docs/tools')`, or the module of strings. */
  readonly dir: string;
  /** `, toolName: '…'` when the tool is not named the default way, and `, toolsets: { default: […] }` when set; else empty. */
  readonly toolOption: string;
  /** `, { dir: …, toolName: … })`: what closes the call after its first argument. */
  readonly options: string;
  /** `{ instructionsModule }` when a Worker's module of strings is served, to report with the wiring. */
  readonly bundleInfo: { instructionsModule?: string };
}

export function buildRuntimeImport(input: WiringFile, fn: string): RuntimeImport {
  const { file, code, program } = input;
  const eol = code.includes('\r\n') ? '\r\n' : '\n';
  const imports = program.body.filter((statement) => statement.type === 'ImportDeclaration');
  const quote = buildQuoter(code, imports);
  const from = input.moduleKind === 'esm' ? 'import.meta.url' : '__filename';
  const toolOption = `${input.toolName && input.toolName !== DEFAULT_INSTRUCTIONS_TOOL ? `, toolName: ${quote(input.toolName)}` : ''}${buildToolsetsOption(input.defaultToolsets, quote)}`;
  // A Worker reads the files from a module of strings beside this file (ES modules only: Workers are).
  const bundled = input.instructionsModule !== undefined && (imports.length > 0 || input.moduleKind === 'esm');
  const dir = bundled ? INSTRUCTION_FILES : `findInstructionsDir(${from}, ${quote(input.packageDir)})`;
  // TypeScript compiled to CommonJS still writes `import`; plain CommonJS JavaScript writes `require`.
  const importLine = bundled
    ? `import { ${fn} } from ${quote(RUNTIME)};${eol}${buildInstructionsModuleImport(file, code, quote, INSTRUCTION_FILES)}`
    : imports.length > 0 || input.moduleKind === 'esm'
      ? `import { findInstructionsDir, ${fn} } from ${quote(RUNTIME)};`
      : `const { findInstructionsDir, ${fn} } = require(${quote(RUNTIME)});`;
  return { eol, imports, quote, importLine, dir, toolOption, options: `, { dir: ${dir}${toolOption} })`, bundleInfo: bundled ? { instructionsModule: input.instructionsModule } : {} };
}

/** `, toolsets: { default: ['db', 'repo'] } }`: the author's default families, in the file's quotes; empty when unset. */
export function buildToolsetsOption(families: readonly string[] | undefined, quote: (text: string) => string = (text) => `'${text}'`): string {
  return families === undefined ? '' : `, toolsets: { default: [${families.map(quote).join(', ')}] }`;
}

/** `settings.toolslim.toolsets.default`, checked: a list of names (written into source, so only name characters), or nothing. */
export function readDefaultToolsets(settings: { readonly toolsets?: unknown } | undefined): readonly string[] | undefined {
  const toolsets = settings?.toolsets;
  if (toolsets === undefined) return undefined;
  const value = typeof toolsets === 'object' && toolsets !== null && !Array.isArray(toolsets) ? (toolsets as { default?: unknown }).default : toolsets;
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string' && /^-?[\w.:/-]+$/.test(entry))) return value as string[];
  throw new SlimError(`settings.toolslim.toolsets must be { default: [names…] } with family or tool names, e.g. { default: ['db', 'repo'] }; got ${JSON.stringify(toolsets)}.`);
}

/**
 * `expression`  →  `fn(expression, { dir: … })`, with the import added: an expression for an expression, so it
 * works in `const server = …`, `return …` and arguments alike. `shown` is the call as the report prints it.
 */
export function wrapInServingCall(input: WiringFile, fn: string, expression: Node, shown: string): { edits: SourceEdit[]; wiring: Wiring } {
  const { file, code, program } = input;
  const { eol, imports, importLine, options, bundleInfo } = buildRuntimeImport(input, fn);
  const importAt = findImportOffset(program, code, imports);
  return {
    edits: fitSemicolons(
      [
        { file, start: importAt.offset, end: importAt.offset, text: importAt.before ? `${eol}${importLine}` : `${importLine}${eol}` },
        { file, start: expression.range[0], end: expression.range[0], text: `${fn}(` },
        { file, start: expression.range[1], end: expression.range[1], text: options },
      ],
      code,
      imports,
    ),
    wiring: { file, wired: true, lines: [...importLine.split(eol), `${fn}(${shown}${options}`], ...bundleInfo },
  };
}

/** The server the runtime is wired to: an `McpServer` before a low-level `Server`, else the first one. */
export function pickServerToWire<S extends { readonly framework: string }>(servers: readonly S[]): S | undefined {
  return servers.find((s) => s.framework === 'mcp-sdk') ?? servers.find((s) => s.framework === 'mcp-sdk-low-level') ?? servers[0];
}

/** Edits that wire the runtime into a file (empty when it is already wired or cannot be), and what to say. */
export function buildWiring(input: WiringInput): { edits: SourceEdit[]; wiring: Wiring | undefined } {
  const { file, code, program } = input;
  if (SERVES_INSTRUCTIONS.test(code)) return { edits: [], wiring: undefined };
  const server = pickServerToWire(input.servers);
  if (!server) return { edits: [], wiring: undefined };
  if (server.framework === 'fastmcp' && server.node.type === 'NewExpression') {
    // new FastMCP({...})  →  serveFastMcpInstructions(new FastMCP({...}), { dir: findInstructionsDir(import.meta.url, 'docs/tools') })
    return wrapInServingCall(input, 'serveFastMcpInstructions', server.node, 'new FastMCP(…)');
  }
  const { eol, imports, importLine, dir: dirExpression, toolOption, bundleInfo } = buildRuntimeImport(input, 'serveInstructions');
  if (server.framework !== 'mcp-sdk' && server.framework !== 'mcp-sdk-low-level') {
    return { edits: [], wiring: { file, wired: false, reason: `a ${server.framework} server registers tools its own way`, lines: buildCatalogSnippet(input, dirExpression) } };
  }
  const placement = findPlacement(program, server.node);
  const callFor = (target: string) => `serveInstructions(${target}, { dir: ${dirExpression}${toolOption} });`;
  const returned = placement ? undefined : findReturnedServer(program, server.node);
  if (returned) {
    // return new McpServer(…);  →  const server = new McpServer(…);\nserveInstructions(server, { dir: … });\nreturn server;
    const name = ['server', 'mcpServer', 'servedServer'].find((candidate) => !new RegExp(`\\b${candidate}\\b`).test(code.slice(...returned.scope.range))) ?? 'servedServer';
    const indent = /[ \t]*$/.exec(code.slice(0, returned.statement.range[0]))![0];
    const callLine = callFor(name);
    const importAt = findImportOffset(program, code, imports);
    return {
      edits: fitSemicolons(
        [
          { file, start: importAt.offset, end: importAt.offset, text: importAt.before ? `${eol}${importLine}` : `${importLine}${eol}` },
          { file, start: returned.statement.range[0], end: returned.expression.range[0], text: `const ${name} = ` },
          { file, start: returned.statement.range[1], end: returned.statement.range[1], text: `${eol}${indent}${callLine}${eol}${indent}return ${name};` },
        ],
        code,
        imports,
      ),
      wiring: { file, wired: true, lines: [...importLine.split(eol), callLine], ...bundleInfo },
    };
  }
  if (!placement) {
    return {
      edits: [],
      wiring: {
        file,
        wired: false,
        reason: 'the server is not created by a statement of its own (`const server = new McpServer(…)`)',
        lines: [...importLine.split(eol), `${callFor('server')} // right after the server is created, before connect()`],
      },
    };
  }
  // An McpServer whose list and call handlers were replaced on its low-level server publishes what those
  // handlers answer: serving there (the runtime wraps them, set before or after) is what lists the tool.
  const target = server.framework === 'mcp-sdk' && hasReplacedToolHandlers(code, placement.target) ? `${placement.target}.server` : placement.target;
  const callLine = callFor(target);
  const indent = /[ \t]*$/.exec(code.slice(0, placement.statement.range[0]))![0];
  const importAt = findImportOffset(program, code, imports);
  return {
    // import …;                        →  import …;\nimport { findInstructionsDir, serveInstructions } from '@toolslim/runtime';
    // const server = new McpServer(…);  →  …;\nserveInstructions(server, { dir: findInstructionsDir(import.meta.url, 'docs/tools') });
    edits: fitSemicolons(
      [
        { file, start: importAt.offset, end: importAt.offset, text: importAt.before ? `${eol}${importLine}` : `${importLine}${eol}` },
        placement.before
          ? { file, start: placement.statement.range[0], end: placement.statement.range[0], text: `${callLine}${eol}${indent}` }
          : { file, start: placement.statement.range[1], end: placement.statement.range[1], text: `${eol}${indent}${callLine}` },
      ],
      code,
      imports,
    ),
    wiring: { file, wired: true, lines: [...importLine.split(eol), callLine], ...bundleInfo, ...(STATELESS_HTTP.test(code) ? { statelessHttp: true as const } : {}) },
  };
}

/** True when `<server>.server.setRequestHandler(…)` replaces a tools handler of the McpServer named `server`. */
export function hasReplacedToolHandlers(code: string, server: string): boolean {
  return new RegExp(`\\b${escapeRegExp(server)}\\s*\\.\\s*server\\s*\\.\\s*setRequestHandler\\s*\\(\\s*(?:[\\w$.]+\\.)?(?:ListTools|CallTool)RequestSchema\\b`).test(code);
}

/** For fastmcp and wrappers: the catalogue's parts, to register the server's own way (compiles as written). */
function buildCatalogSnippet(input: WiringInput, dirExpression: string): string[] {
  const toolOption = input.toolName && input.toolName !== DEFAULT_INSTRUCTIONS_TOOL ? `, toolName: '${input.toolName}'` : '';
  return [
    `import { createInstructionsCatalog, findInstructionsDir } from '${RUNTIME}';`,
    `import { z } from 'zod';`,
    `const catalog = createInstructionsCatalog({ dir: ${dirExpression}${toolOption} });`,
    `// Pass catalog.instructions as the server's instructions, then:`,
    `server.addTool({`,
    `  name: catalog.toolName,`,
    `  description: catalog.tool.description ?? '',`,
    `  parameters: z.object({ family: z.enum(catalog.families as [string, ...string[]]) }),`,
    `  execute: async (args: { family: string }) => {`,
    `    const result = await catalog.callTool(args);`,
    `    return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');`,
    `  },`,
    `});`,
  ];
}

/** Quotes text in the file's own style: the last import's quote, else the first string literal's. */
export function buildQuoter(code: string, imports: readonly Node[]): (text: string) => string {
  const quote = /^\s*import[^'"]*(['"])/.exec(imports.length > 0 ? code.slice(...imports[imports.length - 1].range) : '')?.[1] ?? /(['"])/.exec(code)?.[1] ?? "'";
  return (text) => `${quote}${text}${quote}`;
}

/**
 * The file's own statement style: in a file whose imports end without `;`, the added lines get none
 * either, except before a line that starts with `(`, `[` or a template (where the two would run together).
 */
export function fitSemicolons(edits: readonly SourceEdit[], code: string, imports: readonly Node[]): SourceEdit[] {
  const last = imports[imports.length - 1];
  if (!last || code.slice(...last.range).trimEnd().endsWith(';')) return [...edits];
  return edits.map((edit) => {
    const next = /\S/.exec(code.slice(edit.end))?.[0] ?? '';
    const text = edit.text.replace(/;(?=\r?\n|$)/g, (semicolon, offset: number, whole: string) => {
      const following = /\S/.exec(whole.slice(offset + 1))?.[0] ?? next;
      return /[([`]/.test(following) ? semicolon : '';
    });
    return { ...edit, text };
  });
}

/** Where the runtime import goes: after the last import, else after a leading `require` block, else at the top. */
export function findImportOffset(program: Program, code: string, imports: readonly Node[]): { offset: number; before: boolean } {
  const last = imports[imports.length - 1];
  if (last) return { offset: last.range[1], before: true };
  let offset: number | undefined;
  for (const statement of program.body) {
    const isDirective = statement.type === 'ExpressionStatement' && 'directive' in statement && typeof statement.directive === 'string';
    const isRequire = statement.type === 'VariableDeclaration' && /^\s*(?:const|let|var)\b[^;]*\brequire\s*\(/.test(code.slice(...statement.range));
    if (!isDirective && !isRequire) break;
    offset = statement.range[1];
  }
  if (offset !== undefined) return { offset, before: true };
  // After a shebang line.
  const shebang = /^#![^\n]*\n/.exec(code);
  return { offset: shebang ? shebang[0].length : 0, before: false };
}

/**
 * The statement that creates the server and the expression that names it: `const server = new …` (also
 * exported, also inside a function body) or `this.server = new …;` / `server = new …;`; for a class
 * field (`server = new McpServer(…)` of a Cloudflare `McpAgent`), the first statement of the class's
 * `init()`, before which the call goes (`before`).
 */
function findPlacement(program: Program, newExpression: Node): { statement: Node; target: string; before?: true } | undefined {
  let node: Node = newExpression;
  let parent = getParent(program, node);
  // `new McpServer(…) as McpServer`, `(new McpServer(…))`
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression' || parent.type === 'TSNonNullExpression')) {
    node = parent;
    parent = getParent(program, node);
  }
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') {
    const declaration = getParent(program, parent);
    if (declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1) return undefined;
    const holder = getParent(program, declaration);
    const statement = holder?.type === 'ExportNamedDeclaration' ? holder : declaration;
    return isInStatementList(program, statement) ? { statement, target: parent.id.name } : undefined;
  }
  if (parent?.type === 'AssignmentExpression' && parent.right === node) {
    const statement = getParent(program, parent);
    if (statement?.type !== 'ExpressionStatement' || !isInStatementList(program, statement)) return undefined;
    const left = parent.left;
    const target = getMemberChain(left);
    if (target) return { statement, target };
  }
  // class Agent extends McpAgent { server = new McpServer(…); async init() { this.server.tool(…) } }
  // → the call goes first in `init()`, which registers the tools on that server.
  if (parent?.type === 'PropertyDefinition' && parent.value === node && !parent.static && !parent.computed && parent.key.type === 'Identifier') {
    const body = getParent(program, parent);
    const init = body?.type === 'ClassBody' ? body.body.find((member) => member.type === 'MethodDefinition' && !member.static && member.key.type === 'Identifier' && member.key.name === 'init') : undefined;
    const first = init?.type === 'MethodDefinition' ? init.value.body?.body[0] : undefined;
    if (first) return { statement: first, target: `this.${parent.key.name}`, before: true };
  }
  return undefined;
}

/** `return new McpServer(…);` in a function body: the statement, the expression it returns, and the function. */
function findReturnedServer(program: Program, newExpression: Node): { statement: Node; expression: Node; scope: Node } | undefined {
  const statement = getParent(program, newExpression);
  if (statement?.type !== 'ReturnStatement' || statement.argument !== newExpression || !isInStatementList(program, statement)) return undefined;
  let scope: Node | undefined = statement;
  while (scope && scope.type !== 'FunctionDeclaration' && scope.type !== 'FunctionExpression' && scope.type !== 'ArrowFunctionExpression') scope = getParent(program, scope);
  return scope ? { statement, expression: newExpression, scope } : undefined;
}

/** `this.server`, `exports.server`, `app.mcp.server` as written; undefined for computed or called parts. */
function getMemberChain(node: Node): string | undefined {
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'Identifier') return node.name;
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return undefined;
  const object = getMemberChain(node.object);
  return object === undefined ? undefined : `${object}.${node.property.name}`;
}

function isInStatementList(program: Program, statement: Node): boolean {
  const holder = getParent(program, statement);
  return holder === program || holder?.type === 'BlockStatement';
}

/** The instruction folder as `findInstructionsDir` takes it: relative to the package root, with `/`. */
export function getPackageDir(packageRoot: string, instructionsDir: string): string {
  return path.relative(packageRoot, instructionsDir).split(path.sep).join('/') || '.';
}
