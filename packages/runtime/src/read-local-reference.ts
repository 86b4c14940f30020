import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ReferenceInputError } from './reference-input-error.js';
import { LimitedBytes, buildTooLargeError } from './read-limited.js';

export interface ReadLocalReferenceOptions {
  roots: readonly string[];
  maxBytes: number;
}

export interface LocalReference {
  bytes: Buffer;
  /** The real path that was read (symlinks resolved). */
  location: string;
}

const READ_CHUNK_BYTES = 64 * 1024;

/**
 * Reads a file only when its real path lies inside one of the roots. The check runs twice: on the
 * path as written (so `..` cannot climb out, and "not found" is never reported for outside paths) and
 * on the real path (so a symlink inside a root cannot point outside it).
 */
export async function readLocalReference(requested: string, options: ReadLocalReferenceOptions): Promise<LocalReference> {
  if (options.roots.length === 0) {
    throw new ReferenceInputError('path_not_accepted', 'This server does not read local paths; send the content or a URL instead.');
  }
  if (requested.includes('\0')) throw new ReferenceInputError('invalid_argument', 'The path contains a NUL character.');
  const roots = await getRealRoots(options.roots);
  const absolute = path.resolve(roots[0].configured, requested);
  if (!roots.some((root) => isInside(absolute, root.configured) || isInside(absolute, root.real))) {
    throw buildOutsideRootsError(requested, roots);
  }
  const real = await getRealPath(absolute, requested);
  if (!roots.some((root) => isInside(real, root.real))) throw buildOutsideRootsError(requested, roots);
  return { bytes: await readRegularFile(real, requested, options.maxBytes), location: real };
}

interface Root {
  configured: string;
  real: string;
}

async function getRealRoots(configured: readonly string[]): Promise<Root[]> {
  // A root that does not exist is a server configuration mistake: fail loudly rather than allow nothing silently.
  return Promise.all(configured.map(async (root) => ({ configured: path.resolve(root), real: await realpath(root) })));
}

function isInside(candidate: string, root: string): boolean {
  const relative = path.relative(root, candidate);
  const climbsOut = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !climbsOut && !path.isAbsolute(relative);
}

function buildOutsideRootsError(requested: string, roots: readonly Root[]): ReferenceInputError {
  const list = roots.map((root) => root.configured).join(', ');
  return new ReferenceInputError('path_outside_roots', `The path ${JSON.stringify(requested)} is outside the folders this server may read (${list}).`);
}

async function getRealPath(absolute: string, requested: string): Promise<string> {
  try {
    return await realpath(absolute);
  } catch (error) {
    throw new ReferenceInputError('path_not_found', `No file at ${JSON.stringify(requested)}.`, {}, { cause: error });
  }
}

async function readRegularFile(real: string, requested: string, maxBytes: number): Promise<Buffer> {
  // Checked before opening: opening a FIFO would wait for a writer.
  const info = await stat(real);
  if (!info.isFile()) throw new ReferenceInputError('not_a_file', `${JSON.stringify(requested)} is not a regular file.`);
  if (info.size > maxBytes) throw buildTooLargeError(`The file ${JSON.stringify(requested)}`, maxBytes, info.size);
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new ReferenceInputError('not_a_file', `${JSON.stringify(requested)} is not a regular file.`);
    // The file may have grown since stat: read until EOF and let the limit refuse, never cut.
    const collected = new LimitedBytes(maxBytes, `The file ${JSON.stringify(requested)}`);
    const buffer = Buffer.alloc(Math.min(READ_CHUNK_BYTES, maxBytes + 1));
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      collected.add(Buffer.from(buffer.subarray(0, bytesRead)));
    }
    return collected.toBuffer();
  } finally {
    await handle.close();
  }
}
