import { createHash } from 'node:crypto';
import type { ReceivedDigest } from './reference-input-error.js';

const NEWLINE = 0x0a;

/**
 * Lines as an editor counts them: every `\n` ends a line, and a last line without one still counts.
 * (`wc -l` counts only the `\n`s, so it says one less for a file with no final newline.)
 */
export function countLines(bytes: Uint8Array): number {
  let newlines = 0;
  for (const byte of bytes) if (byte === NEWLINE) newlines += 1;
  const hasUnterminatedLastLine = bytes.length > 0 && bytes[bytes.length - 1] !== NEWLINE;
  return newlines + (hasUnterminatedLastLine ? 1 : 0);
}

export function getSha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function getReceivedDigest(bytes: Uint8Array): ReceivedDigest {
  return { bytes: bytes.length, lines: countLines(bytes), sha256: getSha256Hex(bytes) };
}

export function buildReceivedSentence(received: ReceivedDigest): string {
  const lineWord = received.lines === 1 ? 'line' : 'lines';
  return `${formatCount(received.bytes)} bytes, ${formatCount(received.lines)} ${lineWord}, sha256 ${received.sha256}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
