/** Wiring the runtime into the servers of a run, and declaring it in the server package's package.json. */
import path from 'node:path';
import type { FileModel } from '@toolslim/core';
import { buildPackageJsonChange, findInstallCommand, findPackageRoot, getModuleKind } from './package-json.js';
import type { ToolPlan } from './plan-tool.js';
import type { AnalysedFile, FileChange, RuntimeInstall } from './slim-types.js';
import { SourceStore } from './source-store.js';
import { applyEdits, type SourceEdit } from './text-edits.js';
import { getPublished, getStaticValue } from './tool-values.js';
import { getCapabilityKey } from './verify.js';
import { buildToolsetsOption, buildWiring, getPackageDir, type Wiring } from './wire-runtime.js';
import type { ServerElsewhere } from './find-server-elsewhere.js';
import { buildRegisterCallbackWiring, findRegisterCallbackOptions } from './wire-register-callback.js';
import { getInstructionsModuleFile, isWorkerPackage } from './bundle-instructions.js';
import { findServersOfSubclasses, type ServerSource } from './subclass-servers.js';
import { DEFAULT_INSTRUCTIONS_TOOL } from './options.js';

/**
 * Wire `serveInstructions` into every server setup of the run. Each wired file is parsed again and must
 * declare the same tools as before, or it is left as it was and the lines are printed instead.
 */
export function wireRuntime(
  analysed: readonly AnalysedFile[],
  store: SourceStore,
  analyse: (file: string, fresh?: boolean) => FileModel,
  instructionsDir: string,
  toolName: string | undefined,
  defaultToolsets?: readonly string[],
): Wiring[] {
  const out: Wiring[] = [];
  for (const { file, model: original } of analysed) {
    if (original.servers.length === 0 && !hasSubclassServer(store, file)) continue;
    const code = store.getCurrent(file);
    let current: FileModel;
    let built: ReturnType<typeof buildWiring>;
    try {
      // Analyse the text as edited so far; the servers' nodes must belong to the program being edited.
      current = analyse(file, true);
      const program = store.getProgram(file);
      const packageRoot = findPackageRoot(file) ?? path.dirname(file);
      const moduleKind = getModuleKind(file, program.body.some((statement) => statement.type === 'ImportDeclaration'));
      const instructionsModule = isWorkerPackage(packageRoot) ? getInstructionsModuleFile(file) : undefined;
      const servers = current.servers.length > 0 ? current.servers : findServersOfSubclasses(serverSource(store, file));
      built = buildWiring({ file, code, program, servers, packageDir: getPackageDir(packageRoot, instructionsDir), moduleKind, toolName, instructionsModule, defaultToolsets });
    } catch {
      continue;
    }
    const { edits, wiring } = built;
    if (!wiring) continue;
    if (edits.length === 0) {
      out.push(wiring);
      continue;
    }
    out.push(applyIfSameTools(file, code, edits, wiring, current, store, analyse));
  }
  return out;
}

function hasSubclassServer(store: SourceStore, file: string): boolean {
  try {
    return findServersOfSubclasses(serverSource(store, file)).length > 0;
  } catch {
    return false;
  }
}

/** A file of the run as its servers are read: as edited so far, with the files it imports read from the same store. */
export function serverSource(store: SourceStore, file: string): ServerSource {
  const read = (other: string) => {
    try {
      return { program: store.getProgram(other), code: store.getCurrent(other) };
    } catch {
      return undefined;
    }
  };
  return { file, program: store.getProgram(file), code: store.getCurrent(file), read };
}

/**
 * Apply wiring edits to a file only if the file, parsed again, declares the same tools as before; else
 * leave it as it was and say so (the lines are then printed).
 */
function applyIfSameTools(
  file: string,
  code: string,
  edits: readonly SourceEdit[],
  wiring: Wiring,
  current: FileModel,
  store: SourceStore,
  analyse: (file: string, fresh?: boolean) => FileModel,
): Wiring {
  const before = current.tools.map((tool) => getCapabilityKey(getPublished(tool)) + getStaticValue(tool.description));
  let after: string[] | undefined;
  try {
    store.setCurrent(file, applyEdits(code, edits));
    after = analyse(file, true).tools.map((tool) => getCapabilityKey(getPublished(tool)) + getStaticValue(tool.description));
  } catch {
    after = undefined;
  }
  if (after && after.join('\0') === before.join('\0')) return wiring;
  store.setCurrent(file, code);
  return { ...wiring, wired: false, reason: 'adding the lines would change what the file declares' };
}

/**
 * A server a shared wrapper builds (found elsewhere) while the app registers its tools in a `register`
 * callback: wrap the app's own call's options, when exactly one call of the run has such options.
 */
export function wireRegisterCallback(
  analysed: readonly AnalysedFile[],
  store: SourceStore,
  analyse: (file: string, fresh?: boolean) => FileModel,
  instructionsDir: string,
  toolName: string | undefined,
  defaultToolsets?: readonly string[],
): Wiring | undefined {
  const candidates = analysed.flatMap(({ file }) => {
    try {
      return findRegisterCallbackOptions(store.getProgram(file)).map((options) => ({ file, options }));
    } catch {
      return [];
    }
  });
  if (candidates.length !== 1) return undefined;
  const { file, options } = candidates[0];
  const code = store.getCurrent(file);
  const program = store.getProgram(file);
  const packageRoot = findPackageRoot(file) ?? path.dirname(file);
  const moduleKind = getModuleKind(file, program.body.some((statement) => statement.type === 'ImportDeclaration'));
  const instructionsModule = isWorkerPackage(packageRoot) ? getInstructionsModuleFile(file) : undefined;
  const { edits, wiring } = buildRegisterCallbackWiring({ file, code, program, options, packageDir: getPackageDir(packageRoot, instructionsDir), moduleKind, toolName, instructionsModule, defaultToolsets });
  let current: FileModel;
  try {
    current = analyse(file, true);
  } catch {
    return undefined;
  }
  return applyIfSameTools(file, code, edits, wiring, current, store, analyse);
}

/** The runtime in the package.json of the wired server (else of the first slimmed tool), and the install command. */
export function planRuntimeDependency(
  wiring: readonly Wiring[],
  plans: ReadonlyArray<Pick<ToolPlan, 'file'>>,
  instructionsDir: string,
): { change: FileChange | undefined; info: RuntimeInstall } | undefined {
  const anchor = wiring[0]?.file ?? plans[0]?.file;
  const packageRoot = anchor === undefined ? undefined : findPackageRoot(anchor);
  if (packageRoot === undefined) return undefined;
  const change = buildPackageJsonChange(packageRoot, getPackageDir(packageRoot, instructionsDir));
  const packageJson = path.join(packageRoot, 'package.json');
  const added = change !== undefined && !/"@toolslim\/runtime"/.test(change.before);
  return { change, info: { packageJson, added, command: findInstallCommand(packageRoot) } };
}

/**
 * The lines to add by hand when no slimmed file creates the server: where the server is created (found
 * by following the files' imports, across workspace packages), with the folder given relative to that
 * file, so the lines work there as written (from source; a bundle needs `findInstructionsDir`).
 */
export function buildWiringElsewhere(
  elsewhere: ServerElsewhere | undefined,
  anchor: string,
  instructionsDir: string,
  relative: (file: string) => string,
  toolName: string | undefined,
  defaultToolsets?: readonly string[],
): Wiring {
  const toolOption = `${toolName && toolName !== DEFAULT_INSTRUCTIONS_TOOL ? `, toolName: '${toolName}'` : ''}${buildToolsetsOption(defaultToolsets)}`;
  const host = elsewhere?.file ?? anchor;
  const folder = path.relative(path.dirname(host), instructionsDir).split(path.sep).join('/');
  const call = elsewhere?.construction === 'FastMCP' ? 'serveFastMcpInstructions' : 'serveInstructions';
  return {
    file: host,
    wired: false,
    reason: elsewhere
      ? `no slimmed file creates the server: the tools are registered on the ${elsewhere.construction} created at ${relative(elsewhere.file)}:${elsewhere.line} (a wrapper outside the slimmed files); add the lines there, right after it is created`
      : 'no slimmed file creates the server: add the lines where it is created, before connect()',
    lines: [
      `import { ${call} } from '@toolslim/runtime';`,
      `${call}(server, { dir: new URL('${folder.startsWith('.') ? folder : `./${folder}`}/', import.meta.url)${toolOption} });`,
    ],
  };
}
