/**
 * Every tool declaration and server in a file. One walk collects candidates; each style's detector
 * reads its own; object shapes and classes come last so a declaration already found by its style is
 * never reported twice. Nothing here throws: a candidate whose shape surprises a detector is skipped.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, unwrap, walk, type Program } from '../ast.js';
import { isMcpServed } from '../frameworks.js';
import type { AnalyzeOptions, FileModel, Node, ToolDecl, UnreadSink } from '../model.js';
import { describe } from './describe.js';
import { explainServerWithoutTools, explainUnreadSink, isRenamed, readFileImports } from './unread.js';
import type { FoundTool } from './build.js';
import { detectToolClass } from './classes.js';
import { explainServerFromPackage, type ProjectClasses } from './elsewhere.js';
import { collectCandidates, getBoundMethodName, type Candidate } from './collect.js';
import { applyCondition, applyPathCondition, readCondition } from './conditions.js';
import { readPerDefinition } from './loops.js';
import { DetectContext } from './context.js';
import { detectRegistrarCall, findRegistrarForwarders, type Registrar } from './ext-apps.js';
import { detectFactoryCall } from './factory.js';
import { buildForwardedCall, findDefinitionFactories, findForwarders, isForwarderCallee, type BoundHelper, type DefinitionFactory, type Forwarder } from './forwarders.js';
import { buildTool, getDefinitionParts } from './build.js';
import { detectLangChainConstructor } from './langchain.js';
import { detectDispatchedToolsList, findUnreadDispatchedTools } from './low-level.js';
import { findServerFor, detectServer, type FoundServer } from './servers.js';
import { detectShapeObject } from './shape.js';
import { CALL_STYLES, isCallStyleName, type CallStyleName } from './styles.js';
import { bindParameters, evaluateValue, withBindings } from '../schema/static-value.js';
import { Scope } from '../text/scope.js';

const cache = new WeakMap<Program, { readonly key: string; readonly resolver: unknown; readonly modules: unknown; readonly model: FileModel }>();

/** Every tool declaration and server in a file. Cached per program (and options that change the result). */
export function findTools(program: Program, options: AnalyzeOptions): FileModel {
  const key = JSON.stringify([options.filePath, options.settings?.factories ?? [], options.settings?.zodVersion ?? 4]);
  const cached = cache.get(program);
  if (cached && cached.key === key && cached.resolver === options.resolveConstant && cached.modules === options.resolveModule) return cached.model;
  const model = detectAll(program, options);
  cache.set(program, { key, resolver: options.resolveConstant, modules: options.resolveModule, model });
  return model;
}

function detectAll(program: Program, options: AnalyzeOptions): FileModel {
  const factories = new Set(options.settings?.factories ?? []);
  // File-local functions that forward to `registerTool` (a bundle's inlined `registerAppTool`), read like it.
  const registrars = new Map([...findRegistrarForwarders(program)].filter(([name]) => !isCallStyleName(name) && !factories.has(name)));
  const context = new DetectContext(program, options);
  // Helpers of other modules and factory-made registrars that register what they are given (`forwarders.ts`).
  const forwarders = attempt(() => findForwarders(program, context, (name) => factories.has(name) || registrars.has(name))) ?? new Map<string, Forwarder>();
  // Functions of other modules that build a definition from their arguments (`makeTool('x', 'text', body)`).
  const made = attempt(() => findDefinitionFactories(program, context, (name) => factories.has(name) || registrars.has(name) || forwarders.has(name) || isCallStyleName(name))) ?? new Map<string, DefinitionFactory>();
  const candidates = collectCandidates(program, new Set([...Object.keys(CALL_STYLES), ...factories, ...registrars.keys(), ...forwarders.keys(), ...made.keys()]));
  context.registrarNames = new Set(registrars.keys());
  const servers: FoundServer[] = [];
  const found: FoundTool[] = [];
  const byShape = new Set<FoundTool>();

  for (const candidate of candidates.news) {
    const server = attempt(() => detectServer(candidate, context));
    if (server) servers.push(server);
    const tool = attempt(() => detectConstructedTool(candidate, context));
    if (tool) found.push(tool);
  }
  const imports = readFileImports(program, candidates.requires);
  const unread: UnreadSink[] = [];
  const projectRegistries = new Set<UnreadSink>();
  for (const candidate of candidates.calls) {
    const tools = attempt(() => detectCall(candidate, factories, registrars, forwarders, made, context));
    if (tools) found.push(...tools);
    if (tools?.length) continue;
    const name = getCalleeName(candidate.node.callee) ?? '';
    // A registration in a branch never taken registers nothing: nothing is missed there.
    const condition = isCallStyleName(name) ? attempt(() => readCondition(candidate, context)) : undefined;
    const miss = condition && condition.kind !== 'never' ? attempt(() => explainUnreadSink(candidate, name, context, imports)) : undefined;
    if (miss) unread.push(condition?.kind === 'when' ? { ...miss, condition: condition.reason } : miss);
    if (miss && isProjectRegistry(candidate.node, name)) projectRegistries.add(miss);
  }
  unread.push(...context.partlyUnread);
  // A server answering `tools/list` itself lists its tools there, read before the definitions are found by shape.
  for (const candidate of candidates.listBranches) {
    const tools = attempt(() => detectDispatchedToolsList(candidate, context));
    if (tools) found.push(...tools);
    if (tools?.length) continue;
    // No silent miss: a `tools/list` branch whose list is not read is named, with what it lists.
    const listed = attempt(() => findUnreadDispatchedTools(candidate, context));
    if (listed) {
      unread.push({
        node: candidate.node,
        line: candidate.node.loc?.start.line ?? 0,
        column: candidate.node.loc?.start.column ?? 0,
        sink: "case 'tools/list'",
        reason: `the tools it lists, ${describe(listed)}, cannot be followed to tool definitions toolslim can read`,
        fromCollection: true,
      });
    }
  }
  for (const candidate of candidates.objects) {
    const tool = attempt(() => detectShapeObject(candidate, context));
    if (!tool) continue;
    for (const each of attempt(() => readShapePerCall(candidate, tool, context)) ?? [tool]) {
      found.push(each);
      byShape.add(each);
    }
  }
  for (const candidate of candidates.classes) {
    const tool = attempt(() => detectToolClass(candidate, context));
    if (tool) {
      found.push(tool);
      byShape.add(tool);
    }
  }

  // `server.registerTool({ name, description, inputSchema }, cb)` of a library that takes one definition object: the
  // definition read by its shape where it is written is the call's tool, so the call is no miss.
  const shapeNodes = new Set([...byShape].map((tool) => tool.decl.node));
  unread.splice(0, unread.length, ...unread.filter((miss) => !(miss.node.type === 'CallExpression' && miss.node.arguments[0] !== undefined && shapeNodes.has(unwrap(miss.node.arguments[0] as Node)))));
  const kept = dropShapeDuplicates(found, byShape);
  // An adapter's registration is not a declaration, but what it registers is unknown here: say so.
  for (const tool of kept) {
    if (!isAdapterRegistration(tool.decl)) continue;
    const node = tool.decl.node;
    const description = tool.decl.description?.kind === 'dynamic' ? tool.decl.description.node : node;
    const renamed = tool.decl.name?.kind === 'dynamic' && isRenamed(tool.decl.name.node) ? tool.decl.name.node : undefined;
    unread.push({
      node,
      line: tool.decl.line,
      column: tool.decl.column,
      sink: node.type === 'CallExpression' ? `${getCalleeName(node.callee) ?? 'call'}()` : 'registration',
      reason: renamed
        ? `it registers definitions handed to it (${describe(description)}), which toolslim cannot trace to where they are written, under names computed from theirs (${describe(renamed)}); definitions found by their shape do not give the names it lists`
        : `it registers definitions handed to it (${describe(description)}), which toolslim cannot trace to where they are written; definitions found by their shape are counted there`,
      fromCollection: true,
      adapter: true,
      ...(renamed ? { renamed: true } : {}),
    });
  }
  // Definitions found by their shape are read through the collections this file registers: when every
  // such registration is made only under a run-time condition, so is the listing of those definitions.
  const through = unread.filter((miss) => miss.fromCollection && !miss.renamed && !miss.adapter && !projectRegistries.has(miss));
  // Several conditions (`if (http) listAll(a); else listAll(b)`) may together cover every path: then nothing is said.
  const whens = new Set(through.map((miss) => miss.condition));
  const listedWhen = through.length > 0 && whens.size === 1 && !whens.has(undefined) ? describeListedThrough(through) : undefined;
  // A file that builds no server and only fills a registry of its own with them: listed only where that registry is published.
  const registry = through.length === 0 && servers.length === 0 ? [...projectRegistries][0] : undefined;
  const unpublished = registry ? `registered only into a registry of the project (${registry.sink}, line ${registry.line}), which this file does not publish` : undefined;
  const tools = kept
    .filter((tool) => !isAdapterRegistration(tool.decl))
    .map((tool) => {
      const reason = byShape.has(tool) && !tool.decl.condition ? (listedWhen ?? unpublished) : undefined;
      return reason ? { ...tool, decl: { ...tool.decl, condition: { reason } } } : tool;
    })
    .sort((a, b) => a.decl.node.range[0] - b.decl.node.range[0])
    .map((tool): ToolDecl => {
      const receiverServer = attempt(() => findServerFor(tool.receiver, isMcpServed(tool.decl.framework) ? servers : [], context));
      return { ...tool.decl, server: receiverServer };
    });
  // Definitions a loop registers that were found here by their shape: the loop is read through them.
  // A registry filled at run time may leave them out: the miss stays, and the report lists them only as conditional.
  if (byShape.size > 0) unread.splice(0, unread.length, ...unread.filter((miss) => !miss.fromCollection || miss.renamed || miss.registry));
  if (tools.length === 0 && unread.length === 0) {
    const alone = attempt(() => explainServerWithoutTools(program, servers, imports, (name) => isHandedOn(program, name)));
    if (alone) unread.push(alone);
    // No server built here, yet a transport connected: the server may be an installed package's.
    const fromPackage = !alone && servers.length === 0 && imports.mcpServer ? attempt(() => explainServerFromPackage(program, context.getScope(), (source, name) => isProjectModule(options, source, name), getProjectClasses(options))) : undefined;
    if (fromPackage) unread.push(fromPackage);
  }
  return { tools, servers: servers.map((s) => s.decl), unread: unread.sort((a, b) => a.node.range[0] - b.node.range[0]), ...(context.listed.length > 0 ? { listed: context.listed } : {}) };
}

/** The project's classes behind its imports, read through the run's module resolver (none in a one-file reading). */
function getProjectClasses(options: AnalyzeOptions): ProjectClasses | undefined {
  const modules = options.resolveModule;
  const from = options.filePath;
  if (!modules || !from) return undefined;
  return {
    findSuperClass(source, importedName) {
      const binding = modules.resolveImport(from, source, importedName);
      if (binding.kind !== 'node') return undefined;
      const scope = Scope.of(binding.program);
      let node = unwrap(binding.node);
      // `exports.default = Server`: the name, declared in that module.
      if (node.type === 'Identifier') node = unwrap(scope.resolve(node) ?? node);
      if (node.type === 'VariableDeclarator' && node.init) node = unwrap(node.init);
      if ((node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') || !node.superClass) return undefined;
      return { superClass: node.superClass, scope };
    },
  };
}

/**
 * `registry.registerTool(definition)`: one argument, where the SDK's `registerTool` takes a name, a config
 * and a handler. It fills a registry of the project's own, which publishes nothing by itself.
 */
function isProjectRegistry(call: TSESTree.CallExpression, name: string): boolean {
  return name === 'registerTool' && unwrap(call.callee).type === 'MemberExpression' && call.arguments.length === 1 && call.arguments[0].type !== 'SpreadElement' && unwrap(call.arguments[0]).type !== 'Literal';
}

/** `listed only through setRequestHandler(ListTools) (line 40), registered only when …`, for each collection registration. */
function describeListedThrough(misses: readonly UnreadSink[]): string {
  return `listed only through ${[...new Set(misses.map((miss) => `${miss.sink} (line ${miss.line}), ${miss.condition}`))].join('; or ')}`;
}

/**
 * `function toolsFor(config) { return [defineTool({ name: \`get_${config.type}\`, … })]; }` called once per
 * entry of a table: a definition whose name is built from a helper's parameters is read once per call of
 * the helper, with the branches around it decided for that call (`if (config.preview) tools.push(…)`).
 */
function readShapePerCall(candidate: Candidate<TSESTree.ObjectExpression>, tool: FoundTool, context: DetectContext): FoundTool[] | undefined {
  if (tool.decl.name?.kind !== 'dynamic') return undefined;
  const path = [...candidate.ancestors, candidate.node];
  const tools = readPerDefinition(candidate, context, () => {
    context.claimed.delete(candidate.node);
    const each = detectShapeObject(candidate, context);
    return each && each.decl.name?.kind === 'static' ? applyPathCondition([each], path, context) : [];
  });
  context.claimed.add(candidate.node);
  // A table that lists an entry twice builds one definition of that name.
  const seen = new Set<string>();
  const unique = (tools ?? []).filter((each) => each.decl.name?.kind === 'static' && !seen.has(each.decl.name.value) && seen.add(each.decl.name.value));
  return unique.length > 0 ? unique : undefined;
}

function detectConstructedTool(candidate: Candidate<TSESTree.NewExpression>, context: DetectContext): FoundTool | undefined {
  const className = getCalleeName(candidate.node.callee) ?? '';
  return /^Dynamic(?:Structured)?Tool\d*$/.test(className) ? detectLangChainConstructor(candidate, className, context) : undefined;
}

function detectCall(
  candidate: Candidate<TSESTree.CallExpression>,
  factories: ReadonlySet<string>,
  registrars: ReadonlyMap<string, Registrar>,
  forwarders: ReadonlyMap<string, Forwarder>,
  made: ReadonlyMap<string, DefinitionFactory>,
  context: DetectContext,
): FoundTool[] {
  const name = getCalleeName(candidate.node.callee) ?? '';
  const callee = unwrap(candidate.node.callee);
  const factory = callee.type === 'Identifier' && context.getScope().resolve(callee) === undefined ? made.get(name) : undefined;
  if (factory) return listOf(detectBuiltDefinition(candidate, factory, context));
  // `const add = server.tool.bind(server); add(name, …)`: read as the call of the method it binds.
  const bound = callee.type === 'Identifier' ? readBoundSink(callee, context) : undefined;
  if (bound) return CALL_STYLES[bound.method]({ node: { ...candidate.node, callee: bound.member }, ancestors: candidate.ancestors }, context);
  const forwarder = callee.type === 'Identifier' ? forwarders.get(name) : undefined;
  if (forwarder && callee.type === 'Identifier' && isForwarderCallee(callee, forwarder, context.getScope())) {
    if (forwarder.bound) return detectBoundHelperCall(candidate, forwarder, forwarder.bound, context);
    const call = buildForwardedCall(candidate.node, forwarder);
    const through = { filePath: forwarder.filePath, line: forwarder.line };
    return call && isCallStyleName(forwarder.sink) ? CALL_STYLES[forwarder.sink]({ node: call, ancestors: candidate.ancestors }, context).map((tool) => ({ ...tool, decl: { ...tool.decl, through } })) : [];
  }
  if (factories.has(name)) return listOf(detectFactoryCall(candidate, context));
  const registrar = registrars.get(name);
  if (registrar) return applyCondition(listOf(detectRegistrarCall(candidate, registrar, context)), candidate, context);
  return isCallStyleName(name) ? CALL_STYLES[name](candidate, context) : [];
}

/**
 * A call of a helper read in its own module (`forwarders.ts`): the call's arguments, read here (once per
 * element of a loop around the call), are bound to the helper's parameters, and the helper's registration
 * is read there under them. Each tool is placed at this call and read through the helper's registration.
 */
function detectBoundHelperCall(candidate: Candidate<TSESTree.CallExpression>, forwarder: Forwarder, bound: BoundHelper, context: DetectContext): FoundTool[] {
  if (!isCallStyleName(forwarder.sink) || candidate.node.arguments.some((arg) => arg.type === 'SpreadElement')) return [];
  const helper = context.forProgram(bound.program, forwarder.filePath);
  const through = { filePath: forwarder.filePath, line: forwarder.line };
  const at = { line: candidate.node.loc?.start.line ?? 0, column: candidate.node.loc?.start.column ?? 0 };
  const read = (): FoundTool[] => {
    const args = candidate.node.arguments.map((arg) => evaluateValue(arg, context.schemaContext));
    const bindings = bindParameters(bound.fn.params, args, helper.schemaContext);
    return withBindings(bound.fn, bound.program, bindings, () => CALL_STYLES[forwarder.sink as keyof typeof CALL_STYLES]({ node: bound.sinkCall, ancestors: bound.ancestors }, helper));
  };
  const tools = readPerDefinition(candidate, context, read) ?? read();
  return tools.map((tool) => ({ ...tool, decl: { ...tool.decl, ...at, through } }));
}

/**
 * `allTools.map((t) => tool({ description: t.description, inputSchema: t.schema }))`: an adapter that
 * re-registers definitions declared elsewhere (found there). Its name, text and schema all come from a
 * parameter, so it is not a declaration of its own.
 */
function isAdapterRegistration(decl: FoundTool['decl']): boolean {
  if (decl.name !== undefined && decl.name.kind === 'static') return false;
  const description = decl.description;
  if (description?.kind !== 'dynamic' || decl.inputSchema.kind !== 'dynamic') return false;
  const node = unwrap(description.node);
  return node.type === 'MemberExpression' && unwrap(node.object).type === 'Identifier' && description.dynamicNodes.every((n) => n.type === 'MemberExpression' || n.type === 'Identifier');
}

/** A declaration seen both by its style and by shape (e.g. a definition object also registered by name) counts once. */
function dropShapeDuplicates(found: readonly FoundTool[], byShape: ReadonlySet<FoundTool>): FoundTool[] {
  const shapeNames = new Set<string>();
  for (const tool of found) if (byShape.has(tool) && tool.decl.name?.kind === 'static') shapeNames.add(tool.decl.name.value);
  // A loop or helper read once per definition, whose config the evaluator could not read where the
  // definition itself reads fully: the definition is the better reading of the same tool.
  const kept = found.filter((tool) => byShape.has(tool) || !isVaguerThanDefinition(tool.decl, shapeNames));
  const styledNames = new Set<string>();
  for (const tool of kept) {
    if (!byShape.has(tool) && tool.decl.name?.kind === 'static') styledNames.add(tool.decl.name.value);
  }
  return kept.filter((tool) => !byShape.has(tool) || tool.decl.name?.kind !== 'static' || !styledNames.has(tool.decl.name.value));
}

function isVaguerThanDefinition(decl: FoundTool['decl'], shapeNames: ReadonlySet<string>): boolean {
  if (!decl.loop || decl.name?.kind !== 'static' || !shapeNames.has(decl.name.value)) return false;
  const unknownConfig = decl.description === undefined && decl.inputSchema.kind === 'none';
  return unknownConfig || (decl.description?.kind === 'dynamic' && decl.description.readable === '') || decl.inputSchema.kind === 'dynamic';
}

/** The import resolves to a file the project reads (a package of the same workspace), not an installed package. */
function isProjectModule(options: AnalyzeOptions, source: string, importedName: string): boolean {
  const kind = options.resolveModule?.resolveImport(options.filePath, source, importedName).kind;
  return kind === 'node' || kind === 'namespace';
}

/** The variable is handed to other code: an argument, a returned or exported value, a field, an element. */
function isHandedOn(program: Program, name: string): boolean {
  let handed = false;
  walk(program, (node: Node, parent: Node | undefined) => {
    if (handed) return false;
    if (node.type !== 'Identifier' || node.name !== name || !parent) return;
    if (parent.type === 'MemberExpression' && parent.object === node) return;
    if (parent.type === 'VariableDeclarator' && parent.id === node) return;
    handed = true;
  });
  return handed;
}

function listOf<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

/** Run one detector on one candidate; an unexpected shape is skipped, never thrown. */
function attempt<T>(detect: () => T): T | undefined {
  try {
    return detect();
  } catch {
    return undefined;
  }
}

/** The sink method an identifier is bound to (`server.tool.bind(server)`), with its member expression. */
function readBoundSink(callee: TSESTree.Identifier, context: DetectContext): { readonly method: CallStyleName; readonly member: TSESTree.MemberExpression } | undefined {
  const init = context.resolveIdentifier(callee);
  const method = init ? getBoundMethodName(init) : undefined;
  if (method === undefined || !isCallStyleName(method)) return undefined;
  const bind = unwrap(init!) as TSESTree.CallExpression;
  const member = unwrap((bind.callee as TSESTree.MemberExpression).object) as TSESTree.MemberExpression;
  return { method, member };
}

/**
 * A call of a definition factory of another module: the definition it returns, read where the factory is
 * written with its parameters bound to this call's arguments, placed at this call. It is a definition like one
 * written as an object (found by its shape): a registration or list that names it publishes it.
 */
function detectBuiltDefinition(candidate: Candidate<TSESTree.CallExpression>, factory: DefinitionFactory, context: DetectContext): FoundTool | undefined {
  if (candidate.node.arguments.some((arg) => arg.type === 'SpreadElement')) return undefined;
  const helper = context.forProgram(factory.program, factory.filePath);
  const args = candidate.node.arguments.map((arg) => evaluateValue(arg, context.schemaContext));
  const bindings = bindParameters(factory.fn.params, args, helper.schemaContext);
  const tool = withBindings(factory.fn, factory.program, bindings, () => {
    const fields = helper.readFields(factory.object);
    const parts = getDefinitionParts(fields);
    return parts.name ? buildTool({ framework: 'shape', node: factory.object, ...parts }, helper) : undefined;
  });
  if (!tool || tool.decl.name?.kind !== 'static') return undefined;
  const at = { line: candidate.node.loc?.start.line ?? 0, column: candidate.node.loc?.start.column ?? 0 };
  return { ...tool, decl: { ...tool.decl, ...at, through: { filePath: factory.filePath, line: factory.object.loc?.start.line ?? 0 } } };
}
