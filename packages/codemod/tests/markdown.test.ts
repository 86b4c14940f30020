/**
 * Instruction-file merging: a person's text stays byte for byte, sections land under the right heading
 * (not inside the paragraph after a parent heading, the remark pitfall), and merging the same sections
 * again is byte-identical.
 */
import { describe, expect, test } from 'vitest';
import { dedentChunk, findSection, mergeFamilyFile, mergeIndexFile } from '../src/markdown.js';
import { findLostText } from '../src/verify.js';

const handWritten = `# repo

Hand-written intro, *with emphasis* and a list:

* one
* two

## repo_read

Existing note about reading.

### path

Existing note about paths.

## Tips

Keep this section exactly as it is.
`;

describe('mergeFamilyFile', () => {
  test('keeps what a person wrote and appends to the tool and parameter sections', () => {
    const merged = mergeFamilyFile(handWritten, 'repo', [
      { tool: 'repo_read', chunks: ['Binary files are refused.'], params: [{ param: 'path', chunks: ['Absolute paths are rejected.'] }] },
    ]);
    expect(merged).toBe(`# repo

Hand-written intro, *with emphasis* and a list:

* one
* two

## repo_read

Existing note about reading.

Binary files are refused.

### path

Existing note about paths.

Absolute paths are rejected.

## Tips

Keep this section exactly as it is.
`);
  });

  test('a new section goes at the end, and the paragraph after a heading stays its own', () => {
    const merged = mergeFamilyFile(handWritten, 'repo', [
      { tool: 'repo_write', chunks: ['Rules:\n- no force pushes\n- sign commits'], params: [{ param: 'message', chunks: ['Use the imperative.'] }] },
    ]);
    expect(merged.startsWith(handWritten.trimEnd())).toBe(true);
    expect(merged.slice(handWritten.trimEnd().length)).toBe('\n\n## repo_write\n\nRules:\n- no force pushes\n- sign commits\n\n### message\n\nUse the imperative.\n');
    expect(findSection(merged, 2, 'Tips')?.plainText).toBe('Keep this section exactly as it is.');
  });

  test('merging the same sections again changes nothing (byte-identical)', () => {
    const sections = [
      { tool: 'repo_read', chunks: ['Binary files are refused.', '```sh\ngit show HEAD:path\n```'], params: [{ param: 'path', chunks: ['Relative to the root.'] }] },
      { tool: 'repo_new', chunks: ['1. First.\n2. Second.'], params: [] },
    ];
    const once = mergeFamilyFile(undefined, 'repo', sections);
    expect(mergeFamilyFile(once, 'repo', sections)).toBe(once);
    expect(findLostText(once, [{ tool: 'repo_new', text: '2. Second.' }, { tool: 'repo_read', param: 'path', text: 'Relative to the root.' }])).toEqual([]);
  });

  test('findLostText reports text that is not in its section', () => {
    const merged = mergeFamilyFile(undefined, 'repo', [{ tool: 'repo_read', chunks: ['Kept here.'], params: [] }]);
    expect(findLostText(merged, [{ tool: 'repo_read', text: 'Not written anywhere.' }, { tool: 'repo_other', text: 'Kept here.' }])).toHaveLength(2);
  });
});

describe('moved text with its own headings', () => {
  const moved = '## Best Practices\n- Set a high limit.\n\n```sh\n# a shell comment\n```\n\nA setext line\n--\nafter it.';

  test('its headings go below the tool and parameter levels; code fences are left alone', () => {
    expect(dedentChunk(moved)).toBe('#### Best Practices\n- Set a high limit.\n\n```sh\n# a shell comment\n```\n\nA setext line\n--\nafter it.');
  });

  test('it stays in its tool section, where the check finds every unit as written', () => {
    const file = mergeFamilyFile(undefined, 'obs', [{ tool: 'obs_keys', chunks: [dedentChunk(moved)], params: [{ param: 'limit', chunks: ['Defaults to 10.'] }] }]);
    const units = ['## Best Practices', '- Set a high limit.', 'A setext line\n--\nafter it.'].map((text) => ({ tool: 'obs_keys', text }));
    expect(findLostText(file, [...units, { tool: 'obs_keys', param: 'limit', text: 'Defaults to 10.' }])).toEqual([]);
  });
});

describe('mergeIndexFile', () => {
  test('updates its own line, keeps a line a person wrote, adds new families after the last family line', () => {
    const index = '# Notes\n\n- [repo](repo.md): Rules, defaults, formats and examples for `repo_read`.\n- [shop](shop.md): Written by a person.\n- [Handbook](https://example.com)\n';
    const merged = mergeIndexFile(index, [
      { family: 'repo', link: 'repo.md', summary: 'Rules, defaults, formats and examples for `repo_read` and `repo_write`.' },
      { family: 'shop', link: 'shop.md', summary: 'Rules, defaults, formats and examples for `shop_refund`.' },
      { family: 'ci', link: 'ci.md', summary: 'Rules, defaults, formats and examples for `ci_run`.' },
    ]);
    expect(merged).toBe(
      '# Notes\n\n- [repo](repo.md): Rules, defaults, formats and examples for `repo_read` and `repo_write`.\n- [shop](shop.md): Written by a person.\n- [ci](ci.md): Rules, defaults, formats and examples for `ci_run`.\n- [Handbook](https://example.com)\n',
    );
    expect(mergeIndexFile(merged, [{ family: 'ci', link: 'ci.md', summary: 'Rules, defaults, formats and examples for `ci_run`.' }])).toBe(merged);
  });
});
