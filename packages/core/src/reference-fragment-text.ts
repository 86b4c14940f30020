/**
 * The reference-input fragment as source text, for the ESLint rule's suggestion. A copy of
 * @toolslim/runtime's reference-fragment-text.ts (and its names), kept here so that the ESLint plugin
 * does not install the runtime and, through it, the MCP SDK. tests/reference-fragment-text.test.ts
 * checks that both produce the same text.
 */
export type ReferenceInputRole = 'content' | 'path' | 'url' | 'expectedSha256';

/** The argument name used for each role. */
export type ReferenceInputNames = Record<ReferenceInputRole, string>;

export const DEFAULT_REFERENCE_INPUT_NAMES = {
  content: 'content',
  path: 'path',
  url: 'url',
  expectedSha256: 'expected_sha256',
} as const satisfies ReferenceInputNames;

export type DefaultReferenceInputNames = typeof DEFAULT_REFERENCE_INPUT_NAMES;

export function getReferenceInputNames(names: Partial<ReferenceInputNames> = {}): ReferenceInputNames {
  return { ...DEFAULT_REFERENCE_INPUT_NAMES, ...names };
}


/** Which references a tool accepts besides pasted content: a local path (local servers), a URL, or both. */
export type ReferenceKind = 'path' | 'url';

export interface ReferenceFragmentOptions<
  Names extends Partial<ReferenceInputNames> = Partial<ReferenceInputNames>,
  Kind extends ReferenceKind = ReferenceKind,
> {
  names?: Names;
  /** Default both. A hosted server cannot read the caller's disk: use `['url']`. */
  references?: readonly Kind[];
  /** What the input is, as the descriptions name it. Default `'file'`. */
  subject?: string;
}

type RolesFor<Kind extends ReferenceKind> = 'content' | Kind | 'expectedSha256';
type NameFor<Names, Role extends ReferenceInputRole> = Role extends keyof Names
  ? Names[Role] extends string
    ? Names[Role]
    : DefaultReferenceInputNames[Role]
  : DefaultReferenceInputNames[Role];

/** A schema object keyed by the configured names, e.g. `{ content, path, url, expected_sha256 }`. */
export type ReferenceInputFields<Names, Kind extends ReferenceKind, Field> = {
  [Role in RolesFor<Kind> as NameFor<Names, Role>]: Field;
};

/** Matches what `sha256sum` prints; upper case is accepted and compared case-insensitively. */
export const SHA256_HEX_PATTERN = '^[0-9a-fA-F]{64}$';

export interface ReferenceFieldSpec {
  role: ReferenceInputRole;
  name: string;
  description: string;
  /** Only `expected_sha256` has one. */
  pattern: string | undefined;
}

/**
 * The fields in schema order, each with one description sentence. The sentences steer the agent to
 * the reference (a path or URL costs a few tokens; pasting costs the whole file in output tokens and
 * can change it), and to send the hash whenever it pastes.
 */
export function getReferenceFieldSpecs(options: ReferenceFragmentOptions = {}): ReferenceFieldSpec[] {
  const names = getReferenceInputNames(options.names);
  const kinds = getReferenceKinds(options.references);
  const subject = options.subject ?? 'file';
  const referenceNames = kinds.map((kind) => names[kind]).join(' or ');
  const specs: ReferenceFieldSpec[] = [
    {
      role: 'content',
      name: names.content,
      description: `Text of the ${subject}, only when no ${referenceNames} is available; also send ${names.expectedSha256} with it.`,
      pattern: undefined,
    },
  ];
  if (kinds.includes('path')) {
    specs.push({ role: 'path', name: names.path, description: `Path of the ${subject} on this machine; preferred over pasting ${names.content}.`, pattern: undefined });
  }
  if (kinds.includes('url')) {
    specs.push({ role: 'url', name: names.url, description: `https URL of the ${subject} (GitHub file links work); preferred over pasting ${names.content}.`, pattern: undefined });
  }
  specs.push({
    role: 'expectedSha256',
    name: names.expectedSha256,
    description: `sha256 hex of the ${subject} as you have it; a different input is refused.`,
    pattern: SHA256_HEX_PATTERN,
  });
  return specs;
}

function getReferenceKinds(references: readonly ReferenceKind[] | undefined): ReferenceKind[] {
  const kinds = references ?? ['path', 'url'];
  if (kinds.length === 0) throw new TypeError('A reference input needs at least one of "path" or "url".');
  return (['path', 'url'] as const).filter((kind) => kinds.includes(kind));
}

export interface JsonSchemaStringProperty {
  type: 'string';
  description: string;
  pattern?: string;
}

/** The fragment as JSON Schema `properties`, to spread into a tool's `inputSchema.properties` (none is required). */
export function buildReferenceJsonSchemaProperties<
  const Names extends Partial<ReferenceInputNames> = Record<never, never>,
  Kind extends ReferenceKind = ReferenceKind,
>(options: ReferenceFragmentOptions<Names, Kind> = {}): ReferenceInputFields<Names, Kind, JsonSchemaStringProperty> {
  const properties: Record<string, JsonSchemaStringProperty> = {};
  for (const spec of getReferenceFieldSpecs(options)) {
    properties[spec.name] = spec.pattern === undefined
      ? { type: 'string', description: spec.description }
      : { type: 'string', pattern: spec.pattern, description: spec.description };
  }
  return properties as ReferenceInputFields<Names, Kind, JsonSchemaStringProperty>;
}

export interface ReferenceFragmentSourceOptions extends ReferenceFragmentOptions {
  style: 'zod' | 'json-schema';
  /** Roles to leave out, e.g. `['content']` when the tool already has its content parameter. */
  omit?: readonly ReferenceInputRole[];
  /** The local name of zod in the target file. Default `z`. */
  zodIdentifier?: string;
  /** Default `'`. */
  quote?: "'" | '"';
}

export interface ReferenceFragmentProperty {
  role: ReferenceInputRole;
  name: string;
  /** One property as source text, without a trailing comma: `path: z.string().optional().describe('…')`. */
  source: string;
}

/** The fragment as source-text properties, one per field, for code generators and ESLint suggestions. */
export function buildReferenceFragmentProperties(options: ReferenceFragmentSourceOptions): ReferenceFragmentProperty[] {
  const quote = options.quote ?? "'";
  const omitted = new Set(options.omit ?? []);
  return getReferenceFieldSpecs(options)
    .filter((spec) => !omitted.has(spec.role))
    .map((spec) => ({ role: spec.role, name: spec.name, source: `${buildPropertyKey(spec.name, quote)}: ${buildValueSource(spec, options, quote)}` }));
}

/** The properties joined by `,\n` + `indent` (default two spaces), with no leading indent and no trailing comma. */
export function buildReferenceFragmentSource(options: ReferenceFragmentSourceOptions & { indent?: string }): string {
  const indent = options.indent ?? '  ';
  return buildReferenceFragmentProperties(options)
    .map((property) => property.source)
    .join(`,\n${indent}`);
}

function buildValueSource(spec: ReferenceFieldSpec, options: ReferenceFragmentSourceOptions, quote: "'" | '"'): string {
  const description = buildStringLiteral(spec.description, quote);
  if (options.style === 'json-schema') {
    const pattern = spec.pattern === undefined ? '' : ` pattern: ${buildStringLiteral(spec.pattern, quote)},`;
    return `{ type: ${buildStringLiteral('string', quote)},${pattern} description: ${description} }`;
  }
  const z = options.zodIdentifier ?? 'z';
  const regex = spec.pattern === undefined ? '' : `.regex(/${spec.pattern}/)`;
  return `${z}.string()${regex}.optional().describe(${description})`;
}

function buildPropertyKey(name: string, quote: "'" | '"'): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : buildStringLiteral(name, quote);
}

function buildStringLiteral(text: string, quote: "'" | '"'): string {
  const doubleQuoted = JSON.stringify(text);
  if (quote === '"') return doubleQuoted;
  return `'${doubleQuoted.slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

