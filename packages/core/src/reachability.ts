/**
 * Whether a tool-shaped definition can reach a server at all. An object found by its shape alone that is
 * only exported (`export const xSchema = { name, description, inputSchema }`) and never used — not in its
 * own file, not imported by any other file of its package — is registered by nothing and listed by
 * nothing: it is not a tool of the server, and `report` leaves it out. Anything less certain (the name
 * appears in another file, in a comment, in a string) keeps the tool: this only drops dead exports.
 * It also names an exported registering function nothing in its package calls (`findUncalledExport`).
 */
import path from 'node:path';
import { getParent, parseSource, unwrap, walk, type Program, type ProgramCache } from './ast.js';
import { findPackageRoot, isFile, listSourceFiles, readIfFile } from './files.js';
import { FRAMEWORKS } from './frameworks.js';
import { getDroppingWrapper } from './find-tools/conditions.js';
import { escapeRegExp } from './regexp.js';
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, ToolDecl } from './model.js';


/** Folders that hold no source that could register a definition (installs, build output). */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'coverage', '.git', '.turbo', '.next']);
/** A package with more source than this is not searched: the definition is then kept. */
const MAX_FILES = 2000;

export interface ReachabilityChecker {
  /** True when `decl` (declared in `filePath`, whose text is `code`) is an exported definition that nothing uses. */
  isUnreached(decl: ToolDecl, filePath: string, code: string): boolean;
  /**
   * `X` when `decl` is made inside the body of a top-level exported function `X` (`export function X()`,
   * `export const X = () => …`) that nothing calls: its name appears nowhere else in its file nor in any
   * other file of its package. Whether others may call it (a library) is for the caller to decide.
   */
  findUncalledExport(decl: ToolDecl, filePath: string, code: string): string | undefined;
  /**
   * Why a definition held by a top-level `const X = { … }` is listed only under a condition: every use of
   * `X` in the files of its package that run (`isRun`) sits in a branch of `cond ? … : …` or right of
   * `cond && …` whose condition is not a literal (`...flag ? [X] : [Y]` in another module). Undefined when
   * some use is unconditional, or `X` is used nowhere.
   */
  findBranchOnlyUse(decl: ToolDecl, filePath: string, code: string, isRun: (file: string) => boolean): string | undefined;
  /**
   * Why a registration `server.addTool(…)` made on a parameter of a top-level function may be dropped: every
   * call of that function, in its own file or in a file of its package that runs (`isRun`) and imports it,
   * passes an object whose registrar was replaced before the call by a wrapper that may return without
   * registering (`server.addTool = (t) => { switch (mode) { case 'x': return; } add(t); }`), directly or
   * through further helpers that hand the object on. Undefined when some call passes an unwrapped object.
   */
  findDroppingWrapperUse(decl: ToolDecl, filePath: string, code: string, isRun: (file: string) => boolean): string | undefined;
  /**
   * Why a registration made inside a top-level class `C` runs only in one mode of the program: every
   * `new C(…)` in the files of its package that run (`isRun`) sits in a branch that compares a run-time
   * value with a literal (`if (mode === 'archive') new ArchiveServer()`, a `case 'archive':`, `… ? new C() : …`).
   * Undefined when some construction is outside such a branch, or `C` is used any other way (handed on,
   * extended, exported for others), or never constructed.
   */
  findModeOnlyConstruction(decl: ToolDecl, filePath: string, code: string, isRun: (file: string) => boolean): string | undefined;
}

export interface ReachabilityOptions {
  readonly readFile?: (file: string) => string | undefined;
  /** Files read in memory (a report's input): searched too, whether or not they are on disk. */
  readonly files?: Iterable<string>;
  /** The run's parsed programs, so a file read for its tools is not parsed again here. */
  readonly programs?: ProgramCache;
}

export function createReachabilityChecker(options: ReachabilityOptions = {}): ReachabilityChecker {
  const read = options.readFile ?? readIfFile;
  const packageFiles = new Map<string, readonly string[] | undefined>();
  const programs = new Map<string, Program | undefined>();
  const getPackageFiles = (root: string) => {
    if (!packageFiles.has(root)) packageFiles.set(root, listPackageSources(root));
    return packageFiles.get(root);
  };
  /** The source files of the package `filePath` belongs to, or undefined when it has none (or too many). */
  const getOwnPackageFiles = (filePath: string) => {
    const root = findPackageRoot(path.dirname(path.resolve(filePath)));
    return root === undefined ? undefined : getPackageFiles(root);
  };
  /**
   * True when `name` appears once in `code` and in no other file of the package of `filePath`; `strip`
   * takes out of each text what does not count as a use.
   */
  const isUsedNowhereElse = (name: string, filePath: string, code: string, strip: (text: string) => string = (text) => text) => {
    const word = matchName(name, 'g');
    // Used in its own file besides its declaration (a list, a registration, a default export).
    if ((strip(code).match(word) ?? []).length > 1) return false;
    const files = getOwnPackageFiles(filePath);
    if (files === undefined) return false;
    const self = path.resolve(filePath);
    for (const file of new Set([...files, ...(options.files ?? [])])) {
      if (file === self) continue;
      const text = read(file);
      if (text === undefined || word.test(strip(text))) return false;
      word.lastIndex = 0;
    }
    return true;
  };
  return {
    findUncalledExport(decl, filePath, code) {
      if (!/\bexport\b/.test(code)) return undefined;
      const exported = getExportedFunctionName(decl.node, code, path.resolve(filePath), programs, options.programs);
      if (exported === undefined) return undefined;
      // A default export may be imported under any name: an import of its file (not a re-export) is taken as a use.
      const self = path.resolve(filePath);
      const files = getOwnPackageFiles(self);
      if (files === undefined) return undefined;
      const stem = escapeRegExp(path.basename(self).replace(/\.[cm]?[jt]sx?$/, ''));
      const importsFile = new RegExp(`['"\`][^'"\`\\n]*/${stem}(?:\\.[cm]?[jt]sx?)?['"\`]`);
      const others = [...new Set([...files, ...(options.files ?? [])])].filter((file) => file !== self);
      if (exported.isDefault && others.some((file) => importsFile.test(stripReExports(read(file) ?? '')))) return undefined;
      return isUsedNowhereElse(exported.name, filePath, code, stripHandOns) ? exported.name : undefined;
    },
    findBranchOnlyUse(decl, filePath, code, isRun) {
      const self = path.resolve(filePath);
      const program = getProgram(code, self, programs, options.programs);
      const constName = program && FRAMEWORKS[decl.framework].declaredAsObject ? getConstName(program, decl.node) : undefined;
      // A registration inside a top-level function (`function registerUserInfo(server) { server.tool({ … }) }`)
      // runs where the function is called: each call is the use.
      const functionName = program && constName === undefined ? getTopLevelFunctionName(program, decl.node) : undefined;
      const name = constName ?? functionName;
      const files = getOwnPackageFiles(self);
      if (name === undefined || files === undefined) return undefined;
      const word = matchName(name);
      const reasons: string[] = [];
      const all = [...new Set([...files, ...(options.files ?? [])])];
      const parse = (source: string, at: string) => getProgram(source, at, programs, options.programs);
      /** `export { X } from './x.js'` in another module: handed on, to whoever imports it from there. */
      const reExports: Array<{ readonly file: string; readonly line: number }> = [];
      for (const file of new Set([self, ...all])) {
        const text = file === self ? code : read(file);
        if (text === undefined || !word.test(text) || (file !== self && !isRun(file))) continue;
        const other = getProgram(text, file, programs, options.programs);
        if (!other) return undefined;
        if (file !== self) {
          for (const statement of other.body) {
            if (statement.type !== 'ExportNamedDeclaration' || !statement.source) continue;
            for (const specifier of statement.specifiers) {
              if (getImportedName(specifier.local) !== name) continue;
              if (getImportedName(specifier.exported) !== name) return undefined;
              reExports.push({ file, line: statement.loc.start.line });
            }
          }
        }
        for (const use of findUses(other, name)) {
          // `export default X`: a use only where some file that runs takes this module's default.
          if (file === self && getParent(other, use)?.type === 'ExportDefaultDeclaration') {
            if (takesDefaultOrWhole(self, all, isRun, read, parse)) return undefined;
            continue;
          }
          let test = findRunTimeBranch(other, use);
          if (functionName !== undefined) {
            const call = getParent(other, use);
            // Handed on rather than called: where it runs is not known here.
            if (call?.type !== 'CallExpression' || call.callee !== use) return undefined;
            test ??= findStatementBranch(other, call);
          }
          if (!test) return undefined;
          const where = `\`${text.slice(test.node.range[0], test.node.range[1]).slice(0, 60)}\` (${path.basename(file)}:${test.node.loc.start.line})`;
          reasons.push(test.filter ? `the filter ${where}` : where);
        }
      }
      if (reasons.length > 0) return `listed only in a branch chosen at run time by ${[...new Set(reasons)].sort().join(', ')}`;
      // Only re-exported, by modules no file that runs takes whole (a namespace import, a require): for other programs.
      if (reExports.length === 0 || reExports.some((at) => takesDefaultOrWhole(at.file, all, isRun, read, parse))) return undefined;
      return `listed only by a program that imports it: this package re-exports it (${reExports.map((at) => `${path.basename(at.file)}:${at.line}`).join(', ')}) and none of its files that run lists it`;
    },
    findDroppingWrapperUse(decl, filePath, code, isRun) {
      const call = unwrap(decl.node);
      if (call.type !== 'CallExpression') return undefined;
      const callee = unwrap(call.callee);
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
      const receiver = unwrap(callee.object);
      if (receiver.type !== 'Identifier') return undefined;
      const self = path.resolve(filePath);
      const program = getProgram(code, self, programs, options.programs);
      const files = getOwnPackageFiles(self);
      if (!program || files === undefined) return undefined;
      const others = [...new Set([...files, ...(options.files ?? [])])].filter((file) => file !== self && isRun(file));
      const method = callee.property.name;
      const trace = (at: Program, file: string, text: string, node: Node, name: string, depth: number): string[] | undefined => {
        const bound = getParameterFunction(at, node, name);
        if (!bound) return undefined;
        const stem = escapeRegExp(path.basename(file).replace(/\.[cm]?[jt]sx?$/, ''));
        const importsFile = new RegExp(`['"\`][^'"\`\\n]*/${stem}(?:\\.[cm]?[jt]sx?)?['"\`]`);
        const word = matchName(bound.name);
        const reasons: string[] = [];
        let calls = 0;
        for (const [where, source] of [[file, text] as const, ...others.filter((o) => o !== file).map((o) => [o, read(o)] as const)]) {
          if (source === undefined || !word.test(source) || (where !== file && !importsFile.test(source))) continue;
          const other = getProgram(source, where, programs, options.programs);
          if (!other) return undefined;
          const sites = findCallsOf(other, bound.name);
          if (sites === undefined) return undefined;
          for (const site of sites) {
            calls++;
            const argument = site.arguments[bound.index];
            if (argument?.type !== 'Identifier') return undefined;
            const wrapper = findWrapperBefore(other, site, `${argument.name}.${method}`);
            if (wrapper) {
              reasons.push(`registered through a wrapper of ${argument.name}.${method} (${path.basename(where)}:${wrapper.loc.start.line}) that may return without registering, handed to ${bound.name}() (${path.basename(where)}:${site.loc.start.line})`);
              continue;
            }
            const further = depth < MAX_HANDOFFS ? trace(other, where, source, site, argument.name, depth + 1) : undefined;
            if (!further) return undefined;
            reasons.push(...further);
          }
        }
        return calls === 0 ? undefined : reasons;
      };
      const reasons = trace(program, self, code, call, receiver.name, 0);
      return reasons === undefined ? undefined : [...new Set(reasons)].join('; ');
    },
    findModeOnlyConstruction(decl, filePath, code, isRun) {
      const self = path.resolve(filePath);
      const program = getProgram(code, self, programs, options.programs);
      const name = program ? getTopLevelClassName(program, decl.node) : undefined;
      const files = getOwnPackageFiles(self);
      if (!program || name === undefined || files === undefined) return undefined;
      const word = matchName(name);
      const reasons: string[] = [];
      for (const file of new Set([self, ...files, ...(options.files ?? [])])) {
        const text = file === self ? code : read(file);
        if (text === undefined || !word.test(text) || (file !== self && !isRun(file))) continue;
        const other = getProgram(text, file, programs, options.programs);
        const constructions = other ? findConstructions(other, name) : undefined;
        if (!other || constructions === undefined) return undefined;
        // Built in two arms of one branch (`if (http) { new C(); … } else { new C(); … }`): the mode picks something else.
        const arms = new Map<Node, Set<Node>>();
        for (const construction of constructions) {
          const branch = findModeBranch(other, construction);
          if (!branch) return undefined;
          const taken = arms.get(branch.holder) ?? new Set<Node>();
          arms.set(branch.holder, taken.add(branch.arm));
          if (taken.size > 1) return undefined;
          reasons.push(`\`${text.slice(branch.test.range[0], branch.test.range[1]).slice(0, 60)}\` (${path.basename(file)}:${branch.test.loc.start.line})`);
        }
      }
      return reasons.length === 0 ? undefined : `registered only when ${name} is constructed, which is only in a mode chosen at run time by ${[...new Set(reasons)].sort().join(', ')}`;
    },
    isUnreached(decl, filePath, code) {
      // Only a definition found as an object (a low-level `{ name, description, inputSchema }` too) can be one nothing registers.
      if (!FRAMEWORKS[decl.framework].declaredAsObject) return false;
      const exported = getExportedConstName(decl.node, code, path.resolve(filePath), programs, options.programs);
      return exported !== undefined && isUsedNowhereElse(exported, filePath, code);
    },
  };
}

/** Helpers followed from a registration back to the object they were handed (`main → addAll(server) → addCards(server)`). */
const MAX_HANDOFFS = 3;

/**
 * The top-level function `F` (a declaration or `const F = (…) => …`, exported or not) whose parameter
 * `name` is the binding `name` has at `node`, with the parameter's position.
 */
function getParameterFunction(program: Program, node: Node, name: string): { readonly name: string; readonly index: number } | undefined {
  for (let child = node, parent = getParent(program, node); parent; child = parent, parent = getParent(program, parent)) {
    // A block that declares the name itself binds it there: not a parameter.
    if ((parent.type === 'BlockStatement' || parent.type === 'Program') && parent.body.some((s) => s !== child && declaresName(s, name))) return undefined;
    if (parent.type !== 'FunctionDeclaration' && parent.type !== 'FunctionExpression' && parent.type !== 'ArrowFunctionExpression') continue;
    const index = parent.params.findIndex((p) => p.type === 'Identifier' && p.name === name);
    if (index < 0) {
      if (parent.params.some((p) => p.type !== 'Identifier')) return undefined;
      continue;
    }
    const holder = getParent(program, parent);
    if (parent.type === 'FunctionDeclaration' && parent.id && holder && (holder.type === 'Program' || holder.type === 'ExportNamedDeclaration' || holder.type === 'ExportDefaultDeclaration')) return { name: parent.id.name, index };
    if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' && holder.init === parent) {
      const declaration = getParent(program, holder);
      const top = declaration && getParent(program, declaration);
      if (top && (top.type === 'Program' || top.type === 'ExportNamedDeclaration')) return { name: holder.id.name, index };
    }
    return undefined;
  }
  return undefined;
}

function declaresName(statement: Node, name: string): boolean {
  const declared = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
  if (declared.type === 'VariableDeclaration') return declared.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === name);
  return (declared.type === 'FunctionDeclaration' || declared.type === 'ClassDeclaration') && declared.id?.name === name;
}

/**
 * The calls of `name` in a program: `name(…)`, `mod.name(…)`, tsc's `(0, mod_1.name)(…)`. Undefined when the
 * name is also handed on as a value (an argument, an array element, a property value): it may then be
 * called where this cannot see.
 */
function findCallsOf(program: Program, name: string): TSESTree.CallExpression[] | undefined {
  const calls: TSESTree.CallExpression[] = [];
  let handedOn = false;
  const isName = (node: Node) => {
    const n = unwrap(node);
    if (n.type === 'Identifier') return n.name === name;
    if (n.type === 'MemberExpression') return !n.computed && n.property.type === 'Identifier' && n.property.name === name;
    if (n.type === 'SequenceExpression') return isName(n.expressions[n.expressions.length - 1]);
    return false;
  };
  walk(program, (node) => {
    if (node.type === 'CallExpression') {
      if (isName(node.callee)) calls.push(node);
      if (node.arguments.some((a) => a.type !== 'SpreadElement' && isName(a))) handedOn = true;
    } else if (node.type === 'ArrayExpression') {
      if (node.elements.some((e) => e !== null && e.type !== 'SpreadElement' && isName(e))) handedOn = true;
    } else if (node.type === 'Property' && node.value !== node.key && isName(node.value) && !isExportObject(program, node)) {
      handedOn = true;
    }
  });
  return handedOn ? undefined : calls;
}

/** A property of `module.exports = { … }`: handing a name to other modules, which are searched themselves. */
function isExportObject(program: Program, property: Node): boolean {
  const object = getParent(program, property);
  const assignment = object && getParent(program, object);
  if (assignment?.type !== 'AssignmentExpression' || assignment.left.type !== 'MemberExpression') return false;
  const left = assignment.left;
  return left.object.type === 'Identifier' && left.object.name === 'module' && left.property.type === 'Identifier' && left.property.name === 'exports';
}

/** The statement `X.method = wrapper` (`key`) that may drop, in a block around `node` and before it. */
function findWrapperBefore(program: Program, node: Node, key: string): Node | undefined {
  for (let child = node, parent = getParent(program, node); parent; child = parent, parent = getParent(program, parent)) {
    if (parent.type !== 'BlockStatement' && parent.type !== 'Program') continue;
    const found = parent.body.find((s) => s.range[1] <= child.range[0] && getDroppingWrapper(s) === key);
    if (found) return found;
  }
  return undefined;
}

/**
 * `X` when the object is, or sits inside object and array literals of, the initializer of a top-level
 * `export const X = …` (`{ type: 'internal', tool: { name, … } }` included). A bare parse has no parent
 * links, so the file is parsed again (once) and the statement containing the object is looked up.
 */
function getExportedConstName(node: Node, code: string, filePath: string, programs: Map<string, Program | undefined>, shared: ProgramCache | undefined): string | undefined {
  if (!/\bexport\s+const\b/.test(code)) return undefined;
  const program = getProgram(code, filePath, programs, shared);
  const [start, end] = node.range;
  const statement = program?.body.find((s) => s.range[0] <= start && end <= s.range[1]);
  return program && statement?.type === 'ExportNamedDeclaration' ? getConstName(program, node) : undefined;
}

/** `X` when the node is, or sits inside object and array literals of, the initializer of a top-level `const X = …`. */
function getConstName(program: Program, node: Node): string | undefined {
  const [start, end] = node.range;
  const found = program.body.find((s) => s.range[0] <= start && end <= s.range[1]);
  const statement = found?.type === 'ExportNamedDeclaration' ? found.declaration : found;
  if (statement?.type !== 'VariableDeclaration' || statement.kind !== 'const' || statement.declarations.length !== 1) return undefined;
  const declarator = statement.declarations[0];
  if (declarator.id.type !== 'Identifier' || !declarator.init || !isWithinLiterals(declarator.init, start, end)) return undefined;
  return declarator.id.name;
}

/** `registerUserInfo` when the node sits in the body of a top-level `function registerUserInfo(…)` (exported or not). */
function getTopLevelFunctionName(program: Program, node: Node): string | undefined {
  const [start, end] = node.range;
  const found = program.body.find((s) => s.range[0] <= start && end <= s.range[1]);
  const statement = found?.type === 'ExportNamedDeclaration' ? found.declaration : found;
  return statement?.type === 'FunctionDeclaration' && statement.id && statement.body.range[0] <= start ? statement.id.name : undefined;
}

/**
 * The condition of the `if` (or `case`) whose branch holds the call as a statement: `if (allowed) registerX(server);`,
 * `else { registerX(server); }`. Undefined when a function, a loop or any other statement comes first.
 */
function findStatementBranch(program: Program, call: Node): { readonly node: Node } | undefined {
  let child: Node = call;
  for (let parent = getParent(program, call); parent; child = parent, parent = getParent(program, parent)) {
    if (parent.type === 'AwaitExpression' || parent.type === 'ExpressionStatement' || parent.type === 'BlockStatement') continue;
    if (parent.type === 'IfStatement' && parent.test !== child) return parent.test.type === 'Literal' ? undefined : { node: parent.test };
    if (parent.type === 'SwitchCase' && parent.test !== child && parent.test) return { node: parent.test };
    return undefined;
  }
  return undefined;
}

/** The identifiers `name` read as a value: not its declaration, not import or export specifiers, not a property key. */
function findUses(program: Program, name: string): Node[] {
  const uses: Node[] = [];
  walk(program, (node, parent) => {
    if (node.type !== 'Identifier' || node.name !== name || !parent) return;
    if (parent.type === 'VariableDeclarator' && parent.id === node) return;
    if (parent.type === 'FunctionDeclaration' && parent.id === node) return;
    if (parent.type === 'ImportSpecifier' || parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportNamespaceSpecifier' || parent.type === 'ExportSpecifier') return;
    if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
    if (parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand) return;
    uses.push(node);
  });
  return uses;
}

/**
 * The condition of the nearest `cond ? … : …` branch or `cond && …` right side holding `node`, when it is
 * not a literal; or the call `list.filter(keep)` that the list is filtered by (`filter`), whose predicate
 * decides at run time which of its definitions are listed (`filter(Boolean)` keeps every definition).
 */
function findRunTimeBranch(program: Program, node: Node): { readonly node: Node; readonly filter?: boolean } | undefined {
  let child = node;
  for (let parent = getParent(program, node); parent; child = parent, parent = getParent(program, parent)) {
    if (parent.type === 'ConditionalExpression' && parent.test !== child) return parent.test.type === 'Literal' ? undefined : { node: parent.test };
    if (parent.type === 'LogicalExpression' && parent.operator === '&&' && parent.right === child) return parent.left.type === 'Literal' ? undefined : { node: parent.left };
    if (parent.type === 'MemberExpression' && parent.object === child && !parent.computed && parent.property.type === 'Identifier' && parent.property.name === 'filter') {
      const call = getParent(program, parent);
      if (call?.type !== 'CallExpression' || call.callee !== parent) return undefined;
      const keep = call.arguments[0];
      return keep === undefined || (keep.type === 'Identifier' && keep.name === 'Boolean') ? undefined : { node: call, filter: true };
    }
    // A list built in a function or a statement: what decides it is not an expression around the use.
    if (parent.type.endsWith('Statement') || parent.type.includes('Function') || parent.type === 'VariableDeclarator') return undefined;
  }
  return undefined;
}

/**
 * Whether a file of the package that runs takes the default export of `self`, or the module whole: a
 * default or namespace import, `export { default } from`, `export * as`, a `require` or dynamic `import()`
 * of it. `import { a } from` and `export * from` do not.
 */
function takesDefaultOrWhole(
  self: string,
  files: readonly string[],
  isRun: (file: string) => boolean,
  read: (file: string) => string | undefined,
  parse: (code: string, file: string) => Program | undefined,
): boolean {
  const stem = self.replace(/\.[cm]?[jt]sx?$/, '');
  const word = new RegExp(`['"\`][^'"\`\\n]*/${escapeRegExp(path.basename(stem))}(?:\\.[cm]?[jt]sx?)?['"\`]`);
  for (const file of files) {
    if (file === self || !isRun(file)) continue;
    const text = read(file);
    if (text === undefined || !word.test(text)) continue;
    const program = parse(text, file);
    if (!program) return true;
    let takes = false;
    walk(program, (node, parent) => {
      if (takes) return false;
      if (node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      if (path.resolve(path.dirname(file), node.value).replace(/\.[cm]?[jt]sx?$/, '') !== stem) return;
      if (parent?.type === 'ImportDeclaration') takes = parent.specifiers.some((s) => s.type !== 'ImportSpecifier' || getImportedName(s.imported) === 'default');
      else if (parent?.type === 'ExportNamedDeclaration') takes = parent.specifiers.some((s) => getImportedName(s.local) === 'default');
      else takes = parent?.type !== 'ExportAllDeclaration' || parent.exported !== null;
      return undefined;
    });
    if (takes) return true;
  }
  return false;
}

function getImportedName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** `C` when the node is inside a class declared at the top level (`class C`, `export class C`, `export default class C`). */
function getTopLevelClassName(program: Program, node: Node): string | undefined {
  for (let parent = getParent(program, node); parent; parent = getParent(program, parent)) {
    if (parent.type !== 'ClassDeclaration' && parent.type !== 'ClassExpression') continue;
    const holder = getParent(program, parent);
    const top = holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration' ? getParent(program, holder) : holder;
    return parent.type === 'ClassDeclaration' && parent.id && top?.type === 'Program' ? parent.id.name : undefined;
  }
  return undefined;
}

/**
 * The `new C(…)` and `new mod.C(…)` of a program; undefined when `C` is also read any other way (handed
 * on, extended, assigned), except its declaration, import and export specifiers and tsc's `exports.C = C`.
 */
function findConstructions(program: Program, name: string): TSESTree.NewExpression[] | undefined {
  const constructions: TSESTree.NewExpression[] = [];
  let other = false;
  walk(program, (node, parent) => {
    if (other) return false;
    if (node.type === 'NewExpression') {
      const callee = unwrap(node.callee);
      const named = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
      if (named === name) constructions.push(node);
      return undefined;
    }
    if (node.type !== 'Identifier' || node.name !== name || !parent) return undefined;
    if (parent.type === 'NewExpression' && unwrap(parent.callee) === node) return undefined;
    if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) {
      const outer = getParent(program, parent);
      if ((outer?.type === 'NewExpression' && unwrap(outer.callee) === parent) || (outer?.type === 'AssignmentExpression' && outer.left === parent)) return undefined;
    }
    if (parent.type === 'ClassDeclaration' && parent.id === node) return undefined;
    if (parent.type === 'ImportSpecifier' || parent.type === 'ImportDefaultSpecifier' || parent.type === 'ExportSpecifier') return undefined;
    if (parent.type === 'AssignmentExpression' && parent.right === node && isExportsTarget(parent.left)) return undefined;
    other = true;
    return false;
  });
  return other ? undefined : constructions;
}

/** `exports.C` or `module.exports.C`. */
function isExportsTarget(node: Node): boolean {
  if (node.type !== 'MemberExpression') return false;
  const object = unwrap(node.object);
  if (object.type === 'Identifier') return object.name === 'exports';
  return object.type === 'MemberExpression' && object.object.type === 'Identifier' && object.object.name === 'module' && !object.computed && object.property.type === 'Identifier' && object.property.name === 'exports';
}

/**
 * The test of the nearest branch holding `node` within its function (an `if` arm, a `?:` arm, the right of
 * `&&`, a `case`), when that test compares a run-time value with a literal (`mode === 'archive'`); a
 * branch on anything else (`if (isEntryPoint)`, `require.main === module`) is not a mode of the program.
 */
function findModeBranch(program: Program, node: Node): { readonly test: Node; readonly holder: Node; readonly arm: Node } | undefined {
  let child = node;
  for (let parent = getParent(program, node); parent; child = parent, parent = getParent(program, parent)) {
    if (parent.type.includes('Function')) return undefined;
    // An `else if` chain is one branch: its arms are those of the outermost `if`.
    if (parent.type === 'IfStatement' && parent.test !== child) return isModeTest(parent.test) ? { test: parent.test, holder: getChainHead(program, parent), arm: child } : undefined;
    if (parent.type === 'ConditionalExpression' && parent.test !== child) return isModeTest(parent.test) ? { test: parent.test, holder: parent, arm: child } : undefined;
    if (parent.type === 'LogicalExpression' && parent.operator === '&&' && parent.right === child) return isModeTest(parent.left) ? { test: parent.left, holder: parent, arm: child } : undefined;
    if (parent.type === 'SwitchCase' && parent.test !== child) {
      const holder = getParent(program, parent);
      return holder && parent.test?.type === 'Literal' && parent.test.value !== null ? { test: parent.test, holder, arm: parent } : undefined;
    }
  }
  return undefined;
}

/** The first `if` of an `if … else if …` chain. */
function getChainHead(program: Program, statement: TSESTree.IfStatement): Node {
  let head: Node = statement;
  for (let parent = getParent(program, head); parent?.type === 'IfStatement' && parent.alternate === head; parent = getParent(program, head)) head = parent;
  return head;
}

function isModeTest(test: Node): boolean {
  const n = unwrap(test);
  if (n.type === 'LogicalExpression') return isModeTest(n.left) && isModeTest(n.right);
  if (n.type !== 'BinaryExpression' || !['===', '==', '!==', '!='].includes(n.operator)) return false;
  const isLiteral = (side: Node) => side.type === 'Literal' && (typeof side.value === 'string' || typeof side.value === 'number');
  return isLiteral(n.right) !== isLiteral(n.left);
}

/** `export { a, b as c }`, `export { default as X } from './x.js'`, `export * from './y.js'`: handing a name on is not calling it. */
const RE_EXPORT = /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})(?:\s*from\s*(['"])[^'"\n]+\1)?\s*;?/g;
/** `import { a, b as c } from './x.js'`: bringing a name in is not calling it either (a call after it still is one). */
const IMPORT = /\bimport\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*(['"])[^'"\n]+\1\s*;?/g;

function stripReExports(text: string): string {
  return text.replace(RE_EXPORT, '');
}

/** A name's uses that may call it: what is left once re-exports and imports are taken out. */
function stripHandOns(text: string): string {
  return stripReExports(text).replace(IMPORT, '');
}

/**
 * `X` when the node is inside the body of a top-level `export function X`, `export const X = (…) => …`
 * or `export default function X`.
 */
function getExportedFunctionName(node: Node, code: string, filePath: string, programs: Map<string, Program | undefined>, shared: ProgramCache | undefined): { readonly name: string; readonly isDefault: boolean } | undefined {
  const program = getProgram(code, filePath, programs, shared);
  if (!program) return undefined;
  const [start, end] = node.range;
  const statement = program.body.find((s) => s.range[0] <= start && end <= s.range[1]);
  if (statement?.type !== 'ExportNamedDeclaration' && statement?.type !== 'ExportDefaultDeclaration') return undefined;
  const declaration = statement.declaration;
  let fn: Node | undefined;
  let name: string | undefined;
  if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
    fn = declaration;
    name = declaration.id.name;
  } else if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' && declaration.declarations.length === 1) {
    const declarator = declaration.declarations[0];
    const init = declarator.init;
    if (declarator.id.type === 'Identifier' && (init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression')) {
      fn = init;
      name = declarator.id.name;
    }
  }
  if (fn === undefined || (fn.type !== 'FunctionDeclaration' && fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return undefined;
  const body = fn.body;
  if (name === undefined || !(body.range[0] <= start && end <= body.range[1])) return undefined;
  return { name, isDefault: statement.type === 'ExportDefaultDeclaration' };
}

/** A name as a whole identifier: it may hold `$` (`tool$featureFlagsCreate` in generated code), bounded by what cannot continue a name. */
function matchName(name: string, flags = ''): RegExp {
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, flags);
}

function getProgram(code: string, filePath: string, programs: Map<string, Program | undefined>, shared: ProgramCache | undefined): Program | undefined {
  if (!programs.has(filePath)) {
    let program: Program | undefined;
    try {
      program = shared ? shared.get(code, filePath) : parseSource(code, filePath);
    } catch {
      program = undefined;
    }
    programs.set(filePath, program);
  }
  return programs.get(filePath);
}

/** True when the range is reached from `value` through object and array literals only (no call, no function). */
function isWithinLiterals(value: Node, start: number, end: number): boolean {
  let current: Node | undefined = value;
  while (current) {
    if (current.range[0] === start && current.range[1] === end) return true;
    let next: Node | undefined;
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
        next = current.expression;
        break;
      case 'ObjectExpression':
        for (const property of current.properties) {
          if (property.type === 'Property' && property.value.range[0] <= start && end <= property.value.range[1]) next = property.value;
        }
        break;
      case 'ArrayExpression':
        for (const element of current.elements) {
          if (element && element.type !== 'SpreadElement' && element.range[0] <= start && end <= element.range[1]) next = element;
        }
        break;
      default:
        return false;
    }
    current = next;
  }
  return false;
}

function listPackageSources(root: string): readonly string[] | undefined {
  // A nested package is another package: its own definitions are checked against its own files.
  const enter = (folder: string, name: string) => !SKIPPED_DIRECTORIES.has(name) && !isFile(path.join(folder, name, 'package.json'));
  const listed = listSourceFiles(root, { limit: MAX_FILES, enter });
  return listed.complete ? listed.files : undefined;
}
