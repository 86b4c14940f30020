import { ReferenceInputError } from './reference-input-error.js';
import { LimitedBytes, buildTooLargeError } from './read-limited.js';
import { getGitHubRawUrl } from './github-raw-url.js';

export interface FetchUrlReferenceOptions {
  /** Host names (`example.com`), `*.example.com` for its subdomains, or `host:port` for one port only. */
  allowedHosts: readonly string[];
  /** Plain `http:` is refused unless this is true (it can be read and altered on the way). */
  allowHttp: boolean;
  maxBytes: number;
  maxRedirects: number;
  /** Aborts the whole fetch, redirects and body included. */
  signal: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

export interface UrlReference {
  bytes: Buffer;
  /** The URL the bytes came from, after GitHub link conversion and redirects. */
  location: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchUrlReference(requested: string, options: FetchUrlReferenceOptions): Promise<UrlReference> {
  if (options.allowedHosts.length === 0) {
    throw new ReferenceInputError('url_not_accepted', 'This server does not fetch URLs; send the content or a path instead.');
  }
  let current = parseAllowedUrl(getGitHubRawUrl(requested) ?? requested, options, requested);
  for (let redirects = 0; ; redirects += 1) {
    const response = await fetchOnce(current, options);
    if (!REDIRECT_STATUSES.has(response.status)) return { bytes: await readBody(response, current, options), location: current.href };
    await response.body?.cancel();
    if (redirects >= options.maxRedirects) {
      throw new ReferenceInputError('too_many_redirects', `${current.href} redirected more than ${options.maxRedirects} times.`);
    }
    current = getRedirectTarget(response, current, options);
  }
}

function parseAllowedUrl(candidate: string, options: FetchUrlReferenceOptions, requested: string): URL {
  if (!URL.canParse(candidate)) throw new ReferenceInputError('invalid_url', `${JSON.stringify(requested)} is not a valid absolute URL.`);
  const url = new URL(candidate);
  if (url.username !== '' || url.password !== '') {
    throw new ReferenceInputError('invalid_url', 'URLs with a user name or password are not accepted.');
  }
  const schemes = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new ReferenceInputError('scheme_not_allowed', `Only ${schemes.map((scheme) => scheme.slice(0, -1)).join(' and ')} URLs are accepted, not ${url.protocol.slice(0, -1)}.`);
  }
  if (!isAllowedHost(url, options.allowedHosts)) {
    throw new ReferenceInputError('host_not_allowed', `The host ${url.host} is not allowed; allowed hosts: ${options.allowedHosts.join(', ')}.`);
  }
  return url;
}

/** True when the URL's host matches an allow-list entry (case-insensitive; a port in the entry must match too). */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => {
    const [entryHost, entryPort] = splitHostEntry(entry.toLowerCase());
    if (entryPort !== undefined && entryPort !== port) return false;
    if (entryHost.startsWith('*.')) return hostname.endsWith(entryHost.slice(1)) && hostname.length > entryHost.length - 1;
    return hostname === entryHost;
  });
}

function splitHostEntry(entry: string): [string, string | undefined] {
  // `[::1]:8080` and `example.com:8080` carry a port; a bare IPv6 literal `[::1]` does not.
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
  return match ? [match[1], match[2]] : [entry, undefined];
}

async function fetchOnce(url: URL, options: FetchUrlReferenceOptions): Promise<Response> {
  try {
    // Redirects are followed by hand so that every hop is checked against the allow-list.
    return await fetch(url, { redirect: 'manual', signal: options.signal, headers: options.headers });
  } catch (error) {
    throw toFetchError(error, url, options.signal);
  }
}

function getRedirectTarget(response: Response, from: URL, options: FetchUrlReferenceOptions): URL {
  const location = response.headers.get('location');
  if (location === null) throw new ReferenceInputError('fetch_failed', `${from.href} answered ${response.status} without a Location.`, { status: response.status });
  const target = new URL(location, from).href;
  try {
    return parseAllowedUrl(target, options, target);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ReferenceInputError('redirect_not_allowed', `${from.href} redirected to ${target}, which was refused: ${reason}`, {}, { cause: error });
  }
}

async function readBody(response: Response, url: URL, options: FetchUrlReferenceOptions): Promise<Buffer> {
  if (!response.ok) {
    await response.body?.cancel();
    throw new ReferenceInputError('fetch_failed', `${url.href} answered HTTP ${response.status}.`, { status: response.status });
  }
  const what = `The content at ${url.href}`;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  // A declared length is only a hint (the body may be compressed): it can refuse early, never accept.
  if (declared > options.maxBytes && !response.headers.has('content-encoding')) {
    await response.body?.cancel();
    throw buildTooLargeError(what, options.maxBytes, declared);
  }
  const collected = new LimitedBytes(options.maxBytes, what);
  if (response.body === null) return collected.toBuffer();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      collected.add(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error instanceof ReferenceInputError ? error : toFetchError(error, url, options.signal);
  }
  return collected.toBuffer();
}

function toFetchError(error: unknown, url: URL, signal: AbortSignal): ReferenceInputError {
  if (signal.aborted) {
    const isTimeout = signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
    return isTimeout
      ? new ReferenceInputError('timeout', `Fetching ${url.href} took too long and was stopped.`, {}, { cause: error })
      : new ReferenceInputError('aborted', `Fetching ${url.href} was cancelled.`, {}, { cause: error });
  }
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new ReferenceInputError('fetch_failed', `Fetching ${url.href} failed: ${reason}.`, {}, { cause: error });
}
