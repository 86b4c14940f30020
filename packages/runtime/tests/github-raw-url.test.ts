import { describe, expect, it } from 'vitest';
import { getGitHubRawUrl, toFetchableUrl } from '@toolslim/runtime';

const RAW = 'https://raw.githubusercontent.com';

describe('getGitHubRawUrl', () => {
  it.each([
    ['https://github.com/anthropics/skills/blob/main/README.md', `${RAW}/anthropics/skills/main/README.md`],
    ['https://github.com/o/r/blob/main/docs/guide/setup.md', `${RAW}/o/r/main/docs/guide/setup.md`],
    ['https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/a.ts', `${RAW}/o/r/0123456789abcdef0123456789abcdef01234567/a.ts`],
    ['https://github.com/o/r/blob/v1.2.0/src/index.ts#L10-L20', `${RAW}/o/r/v1.2.0/src/index.ts`],
    ['https://github.com/o/r/blob/main/README.md?plain=1', `${RAW}/o/r/main/README.md`],
    ['https://github.com/o/r/raw/main/data.csv', `${RAW}/o/r/main/data.csv`],
    ['https://www.github.com/o/r/blob/main/a.md', `${RAW}/o/r/main/a.md`],
    ['https://GitHub.com/o/r/blob/main/a.md', `${RAW}/o/r/main/a.md`],
    ['https://github.com/o/r/blob/main/with%20space.md', `${RAW}/o/r/main/with%20space.md`],
    ['http://github.com/o/r/blob/main/a.md', `${RAW}/o/r/main/a.md`],
  ])('%s → %s', (link, raw) => {
    expect(getGitHubRawUrl(link)).toBe(raw);
  });

  it.each([
    ['a repository page', 'https://github.com/o/r'],
    ['a folder listing', 'https://github.com/o/r/tree/main/docs'],
    ['a blob link without a file', 'https://github.com/o/r/blob/main'],
    ['a blob link ending in a slash', 'https://github.com/o/r/blob/main/docs/'],
    ['an issue', 'https://github.com/o/r/issues/12'],
    ['a raw link already', `${RAW}/o/r/main/a.md`],
    ['another host', 'https://gitlab.com/o/r/blob/main/a.md'],
    ['a look-alike host', 'https://github.com.evil.example/o/r/blob/main/a.md'],
    ['not a URL', 'github.com/o/r/blob/main/a.md'],
    ['another scheme', 'ftp://github.com/o/r/blob/main/a.md'],
  ])('leaves %s alone', (_case, link) => {
    expect(getGitHubRawUrl(link)).toBeUndefined();
    expect(toFetchableUrl(link)).toBe(link);
  });
});
