import { ReferenceInputError } from './reference-input-error.js';
import { formatCount } from './received-digest.js';

/**
 * Collects chunks until the source ends, refusing as soon as one byte more than `maxBytes` has arrived.
 * Reading one byte past the limit is what tells "exactly at the limit" from "cut at the limit": the
 * caller either gets every byte or an error, never a prefix.
 */
export class LimitedBytes {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;

  constructor(private readonly maxBytes: number, private readonly what: string) {}

  add(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (this.total > this.maxBytes) throw buildTooLargeError(this.what, this.maxBytes);
    this.chunks.push(chunk);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.total);
  }
}

export function buildTooLargeError(what: string, maxBytes: number, knownSize?: number): ReferenceInputError {
  const size = knownSize === undefined ? 'more than' : `${formatCount(knownSize)} bytes, over`;
  return new ReferenceInputError(
    'too_large',
    `${what} is ${size} the limit of ${formatCount(maxBytes)} bytes; it was refused, not truncated. Send a smaller input or split it.`,
    { maxBytes },
  );
}
