const GITHUB_HOSTS = new Set(['github.com', 'www.github.com']);
const RAW_HOST = 'raw.githubusercontent.com';

/**
 * The raw file behind a GitHub page link, or `undefined` when the URL is not a GitHub file link.
 *
 * `https://github.com/o/r/blob/<ref>/<path>` (and `/raw/<ref>/<path>`, which GitHub itself redirects)
 * becomes `https://raw.githubusercontent.com/o/r/<ref>/<path>`. The page link serves HTML, so fetching
 * it as given would hand the tool a web page instead of the file. Query and fragment are dropped
 * (`?plain=1`, `#L10-L20` select a view of the page, not different bytes).
 */
export function getGitHubRawUrl(url: string | URL): string | undefined {
  const parsed = parseUrl(url);
  if (parsed === undefined || !GITHUB_HOSTS.has(parsed.hostname.toLowerCase())) return undefined;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const [owner, repo, kind, ref, ...filePath] = parsed.pathname.split('/').slice(1);
  const isFileLink = kind === 'blob' || kind === 'raw';
  if (!owner || !repo || !isFileLink || !ref || filePath.length === 0 || filePath.some((part) => part === '')) {
    return undefined;
  }
  return `https://${RAW_HOST}/${[owner, repo, ref, ...filePath].join('/')}`;
}

/** The URL to fetch: the raw file for a GitHub file link, otherwise the URL unchanged. */
export function toFetchableUrl(url: string): string {
  return getGitHubRawUrl(url) ?? url;
}

function parseUrl(url: string | URL): URL | undefined {
  if (url instanceof URL) return url;
  return URL.canParse(url) ? new URL(url) : undefined;
}
