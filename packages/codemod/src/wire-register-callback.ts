/**
 * Servers a shared wrapper builds (`new McpServer(…)` in another package of the repository) while the app
 * registers its tools in a callback: `createApp({ serverOptions, register(context) { … } })`. The wrapper
 * builds one server per app, so wiring it there would serve one app's folder to every app; the app's own
 * call is wired instead, by wrapping its options in `serveInstructionsViaRegister(…, { dir })`.
 */
import { findProperty, getCalleeName, unwrap, walk, type Node, type Program } from '@toolslim/core';
import { buildInstructionsModuleImport } from './bundle-instructions.js';
import { DEFAULT_INSTRUCTIONS_TOOL } from './options.js';
import type { SourceEdit } from './text-edits.js';
import { buildQuoter, findImportOffset, fitSemicolons, type ModuleKind, type Wiring } from './wire-runtime.js';

type ObjectNode = Extract<Node, { type: 'ObjectExpression' }>;

const RUNTIME = '@toolslim/runtime';
const WRAP = 'serveInstructionsViaRegister';
const INSTRUCTION_FILES = 'instructionFiles';

/** The object literals passed as the first argument of a call that have a `register` callback. */
export function findRegisterCallbackOptions(program: Program): ObjectNode[] {
  const found: ObjectNode[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || getCalleeName(node.callee) === WRAP) return;
    const first = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
    if (first?.type !== 'ObjectExpression') return;
    const register = findProperty(first, 'register');
    const value = register && unwrap(register.value as Node);
    if (value && ['FunctionExpression', 'ArrowFunctionExpression', 'Identifier', 'MemberExpression'].includes(value.type)) found.push(first);
  });
  return found;
}

export interface RegisterCallbackInput {
  readonly file: string;
  readonly code: string;
  readonly program: Program;
  readonly options: ObjectNode;
  /** The instruction folder relative to the package root, with `/`. */
  readonly packageDir: string;
  readonly moduleKind: ModuleKind;
  readonly toolName: string | undefined;
  /** Serve a module of instruction strings written beside the file (a Worker has no file system). */
  readonly instructionsModule?: string;
}

/** The edits that wrap the options, and the wiring to report. */
export function buildRegisterCallbackWiring(input: RegisterCallbackInput): { edits: SourceEdit[]; wiring: Wiring } {
  const { file, code, program, options } = input;
  const eol = code.includes('\r\n') ? '\r\n' : '\n';
  const imports = program.body.filter((statement) => statement.type === 'ImportDeclaration');
  const q = buildQuoter(code, imports);
  const from = input.moduleKind === 'esm' ? 'import.meta.url' : '__filename';
  const toolOption = input.toolName && input.toolName !== DEFAULT_INSTRUCTIONS_TOOL ? `, toolName: ${q(input.toolName)}` : '';
  const bundled = input.instructionsModule !== undefined && (imports.length > 0 || input.moduleKind === 'esm');
  const importLine = bundled
    ? `import { ${WRAP} } from ${q(RUNTIME)};${eol}${buildInstructionsModuleImport(file, code, q, INSTRUCTION_FILES)}`
    : imports.length > 0 || input.moduleKind === 'esm'
      ? `import { findInstructionsDir, ${WRAP} } from ${q(RUNTIME)};`
      : `const { findInstructionsDir, ${WRAP} } = require(${q(RUNTIME)});`;
  const dir = bundled ? INSTRUCTION_FILES : `findInstructionsDir(${from}, ${q(input.packageDir)})`;
  const tail = `, { dir: ${dir}${toolOption} })`;
  const importAt = findImportOffset(program, code, imports);
  return {
    // createApp({ …, register(context) { … } })  →  createApp(serveInstructionsViaRegister({ …, register(context) { … } }, { dir: findInstructionsDir(import.meta.url, 'docs/tools') }))
    edits: fitSemicolons(
      [
        { file, start: importAt.offset, end: importAt.offset, text: importAt.before ? `${eol}${importLine}` : `${importLine}${eol}` },
        { file, start: options.range[0], end: options.range[0], text: `${WRAP}(` },
        { file, start: options.range[1], end: options.range[1], text: tail },
      ],
      code,
      imports,
    ),
    wiring: {
      file,
      wired: true,
      lines: [...importLine.split(eol), `${WRAP}({ …, register(context) { … } }${tail}`],
      ...(bundled ? { instructionsModule: input.instructionsModule } : {}),
    },
  };
}
