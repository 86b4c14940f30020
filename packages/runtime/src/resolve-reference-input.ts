import { ReferenceInputError, type ReceivedDigest } from './reference-input-error.js';
import { getReferenceInputNames, type ReferenceInputNames } from './reference-input-names.js';
import { getReceivedDigest, buildReceivedSentence } from './received-digest.js';
import { buildTooLargeError } from './read-limited.js';
import { readLocalReference } from './read-local-reference.js';
import { fetchUrlReference } from './fetch-url-reference.js';

export interface ResolveReferenceInputOptions {
  /** Argument names, when a tool does not use `content`, `path`, `url`, `expected_sha256`. */
  names?: Partial<ReferenceInputNames>;
  /** Folders a `path` may point into. None: paths are refused. Relative paths resolve against the first. */
  roots?: readonly string[];
  /** Hosts a `url` (and every redirect) may point to. None: URLs are refused. */
  allowedHosts?: readonly string[];
  /** Accept plain `http:` URLs too. Default false. */
  allowHttp?: boolean;
  /** Largest input accepted, in bytes; a larger one is refused, never cut. Default 1 MiB. */
  maxBytes?: number;
  /** Time for the whole fetch, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Cancels a fetch in progress (e.g. the MCP request's `extra.signal`). */
  signal?: AbortSignal;
  /** Headers sent with every fetch (a User-Agent, say). */
  headers?: Readonly<Record<string, string>>;
  /** `'utf8'` (default) decodes the bytes and refuses invalid UTF-8; `'none'` leaves `text` undefined. */
  decode?: 'utf8' | 'none';
}

export type ReferenceSource = 'content' | 'path' | 'url';

export interface ResolvedReferenceInput<Text extends string | undefined = string> {
  source: ReferenceSource;
  /** The real path read, or the URL fetched (after GitHub conversion and redirects); undefined for content. */
  location: string | undefined;
  /** Exactly the bytes the tool should process. */
  bytes: Buffer;
  /** The same bytes as text (when decoding); a byte order mark is kept, so text and bytes agree. */
  text: Text;
  received: ReceivedDigest;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;

const SHA256_HEX = /^[0-9a-f]{64}$/i;

/**
 * Turns the arguments of a reference-capable tool into the bytes to process: exactly one of the pasted
 * content, a local path inside the roots, or an allow-listed URL. Refuses (throws a
 * `ReferenceInputError`) instead of truncating, and checks `expected_sha256` before anything is processed.
 */
export async function resolveReferenceInput(
  args: Readonly<Record<string, unknown>>,
  options: ResolveReferenceInputOptions & { decode: 'none' },
): Promise<ResolvedReferenceInput<undefined>>;
export async function resolveReferenceInput(
  args: Readonly<Record<string, unknown>>,
  options?: ResolveReferenceInputOptions,
): Promise<ResolvedReferenceInput>;
export async function resolveReferenceInput(
  args: Readonly<Record<string, unknown>>,
  options: ResolveReferenceInputOptions = {},
): Promise<ResolvedReferenceInput<string | undefined>> {
  const names = getReferenceInputNames(options.names);
  const expectedSha256 = getExpectedSha256(args, names.expectedSha256);
  const { source, value } = getSingleInput(args, names);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const { bytes, location } = await readInput(source, value, options, maxBytes);
  const received = getReceivedDigest(bytes);
  if (expectedSha256 !== undefined && expectedSha256 !== received.sha256) {
    throw new ReferenceInputError(
      'sha256_mismatch',
      `Received ${buildReceivedSentence(received)}, but ${names.expectedSha256} is ${expectedSha256}; nothing was processed. ` +
        (source === 'content'
          ? `The pasted text differs from the file: send ${names.path} or ${names.url} instead of pasting.`
          : `The ${source} points to different bytes than you expected: check that it is the right file and version.`),
      { received },
    );
  }
  return { source, location, bytes, text: decodeText(bytes, options.decode ?? 'utf8', received), received };
}

function getExpectedSha256(args: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !SHA256_HEX.test(value.trim())) {
    throw new ReferenceInputError('invalid_expected_sha256', `${name} must be 64 hexadecimal characters (a sha256 as sha256sum prints it).`);
  }
  return value.trim().toLowerCase();
}

function getSingleInput(args: Readonly<Record<string, unknown>>, names: ReferenceInputNames): { source: ReferenceSource; value: string } {
  const sources = (['content', 'path', 'url'] as const).filter((source) => args[names[source]] !== undefined && args[names[source]] !== null);
  const listed = `${names.content}, ${names.path} or ${names.url}`;
  if (sources.length === 0) throw new ReferenceInputError('no_input', `Send one of ${listed}.`);
  if (sources.length > 1) {
    throw new ReferenceInputError('multiple_inputs', `Send exactly one of ${listed}; received ${sources.map((source) => names[source]).join(' and ')}.`);
  }
  const source = sources[0];
  const value = args[names[source]];
  if (typeof value !== 'string') throw new ReferenceInputError('invalid_argument', `${names[source]} must be a string.`);
  return { source, value };
}

async function readInput(
  source: ReferenceSource,
  value: string,
  options: ResolveReferenceInputOptions,
  maxBytes: number,
): Promise<{ bytes: Buffer; location: string | undefined }> {
  if (source === 'content') {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > maxBytes) throw buildTooLargeError('The pasted content', maxBytes, bytes.length);
    return { bytes, location: undefined };
  }
  if (source === 'path') return readLocalReference(value, { roots: options.roots ?? [], maxBytes });
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return fetchUrlReference(value, {
    allowedHosts: options.allowedHosts ?? [],
    allowHttp: options.allowHttp ?? false,
    maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    headers: options.headers,
  });
}

function decodeText(bytes: Buffer, decode: 'utf8' | 'none', received: ReceivedDigest): string | undefined {
  if (decode === 'none') return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    throw new ReferenceInputError('not_utf8', `Received ${buildReceivedSentence(received)}, which is not UTF-8 text; nothing was processed.`, { received }, { cause: error });
  }
}
