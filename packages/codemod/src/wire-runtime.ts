/**
 * Keeping moved text reachable: add `@toolslim/runtime`'s `serveInstructions(server, { dir })` to an
 * `McpServer` set up at the top level of an ES module, or say which lines to add where that cannot be
 * done safely (CommonJS, a low-level `Server`, a server built inside a function).
 */
import path from 'node:path';
import { getParent, type Node, type Program, type ServerDecl } from '@toolslim/core';
import { DEFAULT_INSTRUCTIONS_TOOL } from './options.js';
import type { SourceEdit } from './text-edits.js';

export interface Wiring {
  /** Absolute path of the file with the server. */
  readonly file: string;
  /** True when the lines were added to the file. */
  readonly wired: boolean;
  /** The lines added, or the lines to add by hand. */
  readonly lines: readonly string[];
  /** Why the lines were not added. */
  readonly reason?: string;
}

export interface WiringInput {
  readonly file: string;
  readonly code: string;
  readonly program: Program;
  readonly servers: readonly ServerDecl[];
  readonly instructionsDir: string;
  readonly toolName: string | undefined;
}

/** Edits that wire the runtime into a file (empty when it is already wired or cannot be), and what to say. */
export function buildWiring(input: WiringInput): { edits: SourceEdit[]; wiring: Wiring | undefined } {
  const { file, code, program } = input;
  if (/\b(?:serveInstructions|createInstructionsCatalog)\s*\(/.test(code)) return { edits: [], wiring: undefined };
  const server = input.servers[0];
  if (!server) return { edits: [], wiring: undefined };
  let dir = path.relative(path.dirname(file), input.instructionsDir).split(path.sep).join('/');
  if (!dir.startsWith('.')) dir = `./${dir}`;
  const toolOption = input.toolName && input.toolName !== DEFAULT_INSTRUCTIONS_TOOL ? `, toolName: '${input.toolName}'` : '';
  const imports = program.body.filter((statement) => statement.type === 'ImportDeclaration');
  const isModule = imports.length > 0 && !/\.c[jt]s$/.test(file);
  const declaration = getTopLevelDeclaration(program, server.node);

  if (server.framework !== 'mcp-sdk') {
    return {
      edits: [],
      wiring: {
        file,
        wired: false,
        reason: 'a low-level or third-party server answers tools/list itself',
        lines: [
          `import { createInstructionsCatalog, serveInstructionResources } from '@toolslim/runtime';`,
          `const instructions = createInstructionsCatalog({ dir: new URL('${dir}/', import.meta.url)${toolOption} });`,
          `serveInstructionResources(server, instructions); // and list instructions.tool, route its calls to instructions.callTool`,
        ],
      },
    };
  }
  if (!isModule || !declaration) {
    return {
      edits: [],
      wiring: {
        file,
        wired: false,
        reason: isModule ? 'the server is not created at the top level of the file' : 'the file is not an ES module',
        lines: isModule
          ? [`import { serveInstructions } from '@toolslim/runtime';`, `serveInstructions(server, { dir: new URL('${dir}/', import.meta.url)${toolOption} });`]
          : [`const { serveInstructions } = require('@toolslim/runtime');`, `serveInstructions(server, { dir: require('node:path').join(__dirname, '${dir}')${toolOption} });`],
      },
    };
  }
  const importLine = `import { serveInstructions } from '@toolslim/runtime';`;
  const callLine = `serveInstructions(${declaration.variable}, { dir: new URL('${dir}/', import.meta.url)${toolOption} });`;
  const lastImport = imports[imports.length - 1];
  return {
    // import …;            →  import …;\nimport { serveInstructions } from '@toolslim/runtime';
    // const server = new McpServer(…);  →  …;\nserveInstructions(server, { dir: new URL('../docs/tools/', import.meta.url) });
    edits: [
      { file, start: lastImport.range[1], end: lastImport.range[1], text: `\n${importLine}` },
      { file, start: declaration.statement.range[1], end: declaration.statement.range[1], text: `\n${callLine}` },
    ],
    wiring: { file, wired: true, lines: [importLine, callLine] },
  };
}

/** `const server = new McpServer(…)` as a top-level statement (optionally exported). */
function getTopLevelDeclaration(program: Program, newExpression: Node): { statement: Node; variable: string } | undefined {
  const declarator = getParent(program, newExpression);
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return undefined;
  const declaration = getParent(program, declarator);
  if (declaration?.type !== 'VariableDeclaration') return undefined;
  const holder = getParent(program, declaration);
  const statement = holder?.type === 'ExportNamedDeclaration' ? holder : declaration;
  return getParent(program, statement) === program ? { statement, variable: declarator.id.name } : undefined;
}
