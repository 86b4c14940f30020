/**
 * The one model of a tool declaration. Rules, the codemod and the CLI read these types; none of them
 * re-detects tools, re-splits sentences or re-computes sizes.
 */
import type { TSESTree } from '@typescript-eslint/types';

export type Node = TSESTree.Node;

/** Where a declaration style comes from (DESIGN.md, "Declaration styles to recognise"). */
export type Framework =
  | 'mcp-sdk' // McpServer#tool / #registerTool
  | 'mcp-sdk-low-level' // Server#setRequestHandler(ListToolsRequestSchema, …)
  | 'fastmcp'
  | 'vercel-ai'
  | 'mastra'
  | 'langchain'
  | 'anthropic'
  | 'openai'
  | 'factory' // a factory the user named in settings
  | 'shape'; // found by shape alone (defineTool, class fields, arrays of definitions…)

/** One run of an evaluated string that comes from one place in source. */
export interface TextPiece {
  /** Offsets of this run in the evaluated value, `[start, end)`. */
  readonly start: number;
  readonly end: number;
  /** The literal (string Literal or TemplateElement) that holds the run, or the identifier of an imported constant. */
  readonly node: Node;
  /**
   * Absolute source offset of each character of the run, plus one entry for the end (length end - start + 1),
   * so that escapes (`\n`, `\u00e9`) map exactly. Undefined when the run is not written in this file
   * (an imported constant resolved through `ConstantResolver`).
   */
  readonly sourceOffsets: readonly number[] | undefined;
  /** Set when the run comes from another file through `ConstantResolver`. */
  readonly externalFile?: string;
}

/** Text whose value is known statically. */
export interface StaticText {
  readonly kind: 'static';
  readonly value: string;
  /** The expression that produced the text (a literal, template, `+` chain, `.join()` call, identifier…). */
  readonly node: Node;
  readonly pieces: readonly TextPiece[];
}

/** Text that cannot be read statically; `readable` holds the static parts that are known, in order. */
export interface DynamicText {
  readonly kind: 'dynamic';
  readonly node: Node;
  readonly reason: string;
  /** The parts of the text that are static (e.g. the quasis of a template with expressions), joined. */
  readonly readable: string;
  /** The sub-expressions that could not be evaluated. */
  readonly dynamicNodes: readonly Node[];
}

export type TextValue = StaticText | DynamicText;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON Schema as the server will publish it, or why it cannot be known. */
export type SchemaValue =
  | { readonly kind: 'static'; readonly json: JsonObject; readonly node: Node | undefined }
  | {
      readonly kind: 'dynamic';
      readonly node: Node | undefined;
      readonly reason: string;
      /**
       * The schema with stand-ins where it cannot be read (the static parts of a text, `{}` for a field
       * imported from a package, the schema without a method whose argument is unknown): a lower bound
       * for measuring, never the published schema.
       */
      readonly lowerBound?: JsonObject;
    }
  | { readonly kind: 'none' };

export type SchemaStyle = 'zod' | 'json-schema' | 'typebox' | 'valibot';

/** One parameter of a tool (a property of its input schema). Nested object properties carry their path. */
export interface ParamDecl {
  readonly name: string;
  /** `['options', 'depth']` for a nested property; `[name]` at the top level. */
  readonly path: readonly string[];
  /** The Property node that declares the parameter. */
  readonly node: Node;
  /**
   * The module that declares the parameter (`node`, `container`): the tool's own file, or the module its
   * schema is imported from (followed only when the reading has a module resolver).
   */
  readonly filePath: string;
  readonly style: SchemaStyle;
  readonly description: TextValue | undefined;
  /**
   * What removing the description means in source: the `.describe(…)` CallExpression (zod), the
   * `description` Property (JSON Schema, `.meta({ description })`).
   */
  readonly descriptionNode: Node | undefined;
  /**
   * The module the description is written in (`descriptionNode` and the source offsets of its text),
   * which may differ from `filePath` (a described field imported by the shape). Undefined without a description.
   */
  readonly descriptionFilePath: string | undefined;
  /** The parameter's published JSON Schema (with description), when static. */
  readonly schema: JsonObject | undefined;
  readonly required: boolean;
  /** The ObjectExpression that holds this parameter and its siblings (where a suggestion adds a sibling). */
  readonly container: Node;
}

export interface ServerDecl {
  /** `new McpServer({ name })`, `new Server({ name })`, `new FastMCP({ name })`. */
  readonly node: Node;
  readonly name: TextValue | undefined;
  readonly framework: Framework;
}

export interface ToolDecl {
  readonly framework: Framework;
  /** The call or object literal that declares the tool. */
  readonly node: Node;
  readonly name: TextValue | undefined;
  /** The node that holds the name (string literal, `name` property value, record key). */
  readonly nameNode: Node | undefined;
  readonly title: TextValue | undefined;
  /** Undefined when the declaration has no description. */
  readonly description: TextValue | undefined;
  /** Top-level and nested parameters, in source order. */
  readonly params: readonly ParamDecl[];
  readonly inputSchema: SchemaValue;
  readonly outputSchema: SchemaValue;
  /** Static annotations object, when written. */
  readonly annotations: JsonObject | undefined;
  /** The expression written for the annotations (undefined when the declaration has none), so a rule can edit it. */
  readonly annotationsNode?: Node;
  /**
   * The `_meta` object McpServer publishes with the tool (`registerTool(name, { …, _meta })`, MCP Apps'
   * `registerAppTool`): static JSON, or why it cannot be read. Absent when the declaration sets none.
   */
  readonly meta?: { readonly kind: 'static'; readonly json: JsonObject } | { readonly kind: 'unreadable'; readonly reason: string };
  /** The function that runs the tool, when it is written in the declaration. */
  readonly handler: Node | undefined;
  /** The server the tool is registered on, when known. */
  readonly server: ServerDecl | undefined;
  readonly line: number;
  readonly column: number;
  /**
   * Registered in a loop over definitions (`defs.forEach((t) => server.tool(t.name, …))`), read once per
   * definition: what the server publishes, where the definitions themselves are also found by shape.
   */
  readonly loop?: true;
  /** Registered by a helper of another module or a factory-made registrar: where its registration is written. */
  readonly through?: { readonly filePath: string; readonly line: number };
  /**
   * Registered only under a run-time condition (a branch, `&&`, an early return, a registrar wrapper
   * that may drop it): why. Absent on a tool registered unconditionally.
   */
  readonly condition?: { readonly reason: string };
}

/**
 * A sink (a registering call, a list handler, a server) from which no tool could be read: toolslim does
 * not check what it publishes, and says so with the reason.
 */
export interface UnreadSink {
  readonly node: Node;
  readonly line: number;
  readonly column: number;
  /** The sink as written: `.registerTool()`, `setRequestHandler(ListTools)`, `server`. */
  readonly sink: string;
  readonly reason: string;
  /**
   * The call registers definitions from a collection or a parameter (`for (const t of defs) server.tool(t.name, …)`):
   * those definitions may still be found where they are written, by their shape.
   */
  readonly fromCollection?: true;
  /**
   * The call publishes a name computed from the definition's (`rename(t.name, options)`): definitions
   * found by their shape do not give the names it lists, so the miss stands even when they are found.
   */
  readonly renamed?: true;
  /**
   * A list handler that lists what a registry object builds at run time (`this.registry.build()`), filled
   * by calls toolslim does not follow: definitions found by their shape are listed only if it holds them.
   */
  readonly registry?: true;
  /** The installed package whose code builds the server (`.connect()` of a server it makes): no miss when its files are read too. */
  readonly fromPackage?: string;
  /** The call is made only under a run-time condition (`if (mode === 'all') server.setRequestHandler(…)`): why. */
  readonly condition?: string;
  /**
   * An adapter that re-registers definitions handed to it (`all.map((t) => tool({ description: t.description, … }))`):
   * nothing is declared here, so a rule says nothing; `report` names it when no definition was found anywhere.
   */
  readonly adapter?: true;
}

/** Everything `core` knows about one file. */
export interface FileModel {
  readonly tools: readonly ToolDecl[];
  readonly servers: readonly ServerDecl[];
  /** Sinks whose tools could not be read, in source order. */
  readonly unread: readonly UnreadSink[];
  /** Fields a list adds to definitions written in other modules (`{ ...t.definition, annotations: … }`). */
  readonly listed?: readonly ListedAddition[];
}

/**
 * A list that publishes each definition of another module with fields of its own added
 * (`tools.map((t) => ({ ...t.definition, annotations: HINTS[t.definition.name] }))`): the definition is
 * found where it is written, and published with these fields too.
 */
export interface ListedAddition {
  /** The name of the definition, as the list reads it. */
  readonly name: string;
  /** Each added field with its value as static JSON, or undefined when it is known only at run time. */
  readonly fields: Readonly<Record<string, JsonValue | undefined>>;
  readonly line: number;
}

/** The tool object a server sends in `tools/list`. */
export interface PublishedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  [extra: string]: JsonValue | undefined;
}

export interface ToolMeasure {
  /** `Buffer.byteLength(JSON.stringify(tool))`. */
  readonly bytes: number;
  /** o200k_base tokens of `JSON.stringify(tool)`. */
  readonly tokens: number;
  readonly nameBytes: number;
  readonly descriptionBytes: number;
  /** Bytes of the input schema's JSON. */
  readonly schemaBytes: number;
  /** Bytes of the output schema's JSON, counted on its own; only when the tool publishes one. */
  readonly outputSchemaBytes?: number;
}

/** A constant imported from another file, as type information or ts-morph can read it. */
export interface ImportedConstantRef {
  /** The identifier in this file. */
  readonly local: TSESTree.Identifier;
  /** The exported name (`default` for a default import). */
  readonly importedName: string;
  /** The module specifier as written. */
  readonly source: string;
  /** The file being analysed. */
  readonly fromFile: string;
}

export type ConstantResolver = (ref: ImportedConstantRef) => { value: string; file?: string } | undefined;

/** What an imported name stands for, as the cross-file resolver finds it; never thrown, always a value. */
export type ModuleBinding =
  /** An expression or declaration (function, class, enum) in another file of the project. */
  | { readonly kind: 'node'; readonly program: import('./ast.js').Program; readonly filePath: string; readonly node: Node }
  /** `import * as ns from './x'` (or `export * as ns`): the module itself. */
  | { readonly kind: 'namespace'; readonly program: import('./ast.js').Program; readonly filePath: string }
  /** A name of an installed package, reached directly or through project re-exports (`export { z as zod } from 'zod'`). */
  | { readonly kind: 'package'; readonly source: string; readonly importedName: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

/** Resolves imports across the files of a project (see `createModuleResolver`). */
export interface ModuleResolver {
  /** What `import { importedName } from source` (`'*'` for a namespace) in `fromFile` binds. */
  resolveImport(fromFile: string, source: string, importedName: string): ModuleBinding;
  /** What `file` exports as `name`. */
  resolveExport(file: string, name: string): ModuleBinding;
  /** The parsed program of a file, when it can be read. */
  getProgram(file: string): import('./ast.js').Program | undefined;
}

/** `settings.toolslim` as users write it, shared by the rules, the codemod and the CLI. */
export interface ToolslimSettings {
  /** Clients to check hard limits for; default: the MCP specification and the current MCP clients. */
  readonly clients?: readonly string[];
  /** Tool name → family; overrides the computed family. */
  readonly families?: Readonly<Record<string, string>>;
  /** Names of project factories that take a tool definition object, e.g. `['defineTool', 'makeTool']`. */
  readonly factories?: readonly string[];
  /** Server name used for qualified-name limits when it is not static in source. */
  readonly serverName?: string;
  /** Which zod major `import … from 'zod'` means; default 4. */
  readonly zodVersion?: 3 | 4;
  /**
   * Toolsets of `@toolslim/runtime`: `default` is what is on when whoever runs the server sets nothing
   * (family names, tool names, `-name`); `toolslim slim` writes it into the wiring. Default: every family.
   */
  readonly toolsets?: { readonly default?: readonly string[] };
}

export interface AnalyzeOptions {
  /** Path of the file, used for the family fallback and error messages. */
  readonly filePath: string;
  readonly settings?: ToolslimSettings;
  readonly resolveConstant?: ConstantResolver;
  /** Follows imports into other files of the project (schemas, definitions, helpers); `report` sets it. */
  readonly resolveModule?: ModuleResolver;
}
