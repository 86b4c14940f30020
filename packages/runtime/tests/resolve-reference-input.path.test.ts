import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReferenceInputError, resolveReferenceInput } from '@toolslim/runtime';

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolslim-path-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'docs'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'docs', 'guide.md'), '# Guide\n\nÉtape une.\nStep two.\n');
  await writeFile(path.join(outside, 'secret.txt'), 'not for agents\n');
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'link-to-secret.txt'));
  await symlink(outside, path.join(root, 'link-to-outside'));
  await symlink(path.join(root, 'docs', 'guide.md'), path.join(root, 'link-to-guide.md'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function getRefusalCode(args: Record<string, unknown>, options = {}): Promise<string> {
  const error = await resolveReferenceInput(args, { roots: [root], ...options }).then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ReferenceInputError);
  return (error as ReferenceInputError).code;
}

describe('resolveReferenceInput with a local path', () => {
  it('reads a file inside a root, absolute or relative to the first root', async () => {
    const absolute = await resolveReferenceInput({ path: path.join(root, 'docs', 'guide.md') }, { roots: [root] });
    const relative = await resolveReferenceInput({ path: 'docs/guide.md' }, { roots: [root] });
    expect(absolute.text).toBe('# Guide\n\nÉtape une.\nStep two.\n');
    expect(relative.received).toEqual(absolute.received);
    expect(absolute.source).toBe('path');
    expect(absolute.location).toBe(path.join(root, 'docs', 'guide.md'));
  });

  it('reports the same sha256 as the sha256sum binary', async () => {
    const file = path.join(root, 'large.bin');
    // 70 KB of every byte value, so encoding mistakes (text vs bytes) would change the hash.
    await writeFile(file, Buffer.from(Array.from({ length: 70_000 }, (_value, index) => (index * 31) % 256)));
    const printed = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(/\s+/)[0];
    const resolved = await resolveReferenceInput({ path: file }, { roots: [root], decode: 'none' });
    expect(printed).toMatch(/^[0-9a-f]{64}$/);
    expect(resolved.received.sha256).toBe(printed);
    expect(resolved.received.bytes).toBe(70_000);
    expect(resolved.text).toBeUndefined();
  });

  it('refuses bytes that are not UTF-8 when decoding text', async () => {
    await writeFile(path.join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect(await getRefusalCode({ path: 'latin1.txt' })).toBe('not_utf8');
  });

  it('follows a symlink that stays inside the root', async () => {
    const resolved = await resolveReferenceInput({ path: 'link-to-guide.md' }, { roots: [root] });
    expect(resolved.location).toBe(path.join(root, 'docs', 'guide.md'));
  });

  it.each([
    ['a .. escape', () => path.join(root, '..', 'outside', 'secret.txt'), 'path_outside_roots'],
    ['a relative .. escape', () => '../outside/secret.txt', 'path_outside_roots'],
    ['an absolute path elsewhere', () => path.join(outside, 'secret.txt'), 'path_outside_roots'],
    ['a symlinked file pointing outside', () => 'link-to-secret.txt', 'path_outside_roots'],
    ['a symlinked folder pointing outside', () => 'link-to-outside/secret.txt', 'path_outside_roots'],
    ['an outside path that does not exist (no existence leak)', () => '../outside/missing.txt', 'path_outside_roots'],
    ['a missing file inside', () => 'docs/missing.md', 'path_not_found'],
    ['a folder', () => 'docs', 'not_a_file'],
  ])('refuses %s', async (_case, getPath, code) => {
    expect(await getRefusalCode({ path: getPath() })).toBe(code);
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    expect(await getRefusalCode({ path: 'pipe' })).toBe('not_a_file');
  });

  it('the escapes are readable files, so only the root check refuses them', async () => {
    const wider = await resolveReferenceInput({ path: 'link-to-secret.txt' }, { roots: [root, outside] });
    expect(wider.text).toBe('not for agents\n');
  });

  it('refuses a file over the limit and accepts one exactly at it', async () => {
    await writeFile(path.join(root, 'hundred.txt'), 'x'.repeat(100));
    expect(await getRefusalCode({ path: 'hundred.txt' }, { maxBytes: 99 })).toBe('too_large');
    await expect(resolveReferenceInput({ path: 'hundred.txt' }, { roots: [root], maxBytes: 100 })).resolves.toMatchObject({ received: { bytes: 100 } });
  });

  it('refuses a file whose hash differs from expected_sha256', async () => {
    expect(await getRefusalCode({ path: 'docs/guide.md', expected_sha256: '0'.repeat(64) })).toBe('sha256_mismatch');
  });
});
