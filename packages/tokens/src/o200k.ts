/**
 * o200k_base token counts without a tokenizer package. The o200k_base ranks (OpenAI's tiktoken file,
 * frozen) ship Brotli-compressed in `data/` (0.8 MB) and are read on the first count; this module only
 * counts (it never needs ids), with tiktoken's pre-tokeniser and its byte-pair merge. A tokenizer package
 * would cost 22–32 MB on disk for every encoding it bundles. Exactness against gpt-tokenizer is tested
 * on every fixture tool of `@toolslim/core` (its tests/measure-exact.test.ts).
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
/** tiktoken's o200k_base pattern, with its case-insensitive contraction group spelled out for JavaScript. */
const O200K_SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}` +
    String.raw`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}` +
    String.raw`|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  'gu',
);

/** Where the rank table is: token byte strings in rank order, each as one length byte and the bytes (data/README.md). */
export function getO200kRanksFile(): URL {
  return new URL('../data/o200k_base.bin.br', import.meta.url);
}

/** The rank table could not be read (a runtime without `node:fs`, or a bundle that left `data/` out). */
export class O200kTableError extends Error {
  constructor(cause: unknown) {
    super(
      `The o200k_base rank table of @toolslim/tokens could not be read (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'It ships as data/o200k_base.bin.br next to dist/ and is read with node:fs; a bundle must copy it.',
      { cause },
    );
    this.name = 'O200kTableError';
  }
}

/** Byte sequences (as latin1 strings, one char per byte) → rank. */
let ranks: Map<string, number> | undefined;

function getRanks(): Map<string, number> {
  if (ranks) return ranks;
  let bytes: string;
  try {
    bytes = brotliDecompressSync(readFileSync(getO200kRanksFile())).toString('latin1');
  } catch (error) {
    throw new O200kTableError(error);
  }
  const map = new Map<string, number>();
  for (let at = 0, rank = 0; at < bytes.length; rank++) {
    const length = bytes.charCodeAt(at);
    map.set(bytes.slice(at + 1, at + 1 + length), rank);
    at += 1 + length;
  }
  ranks = map;
  return map;
}

/** Reads the rank table now (it is otherwise read on the first count); throws {@link O200kTableError}. */
export function loadO200kRanks(): void {
  getRanks();
}

/** Tokens in one pre-tokenised piece: tiktoken's `_byte_pair_merge`, counting the parts left. */
function countPieceTokens(piece: string, table: Map<string, number>): number {
  if (piece.length <= 1 || table.has(piece)) return 1;
  const NONE = Number.POSITIVE_INFINITY;
  // starts[i] is where part i begins; rank[i] the rank of merging parts i and i+1.
  const starts: number[] = [];
  const rank: number[] = [];
  for (let i = 0; i < piece.length - 1; i++) {
    starts.push(i);
    rank.push(table.get(piece.slice(i, i + 2)) ?? NONE);
  }
  starts.push(piece.length - 1, piece.length);
  rank.push(NONE, NONE);
  const getRank = (i: number): number => (i + 3 < starts.length ? (table.get(piece.slice(starts[i], starts[i + 3])) ?? NONE) : NONE);
  for (;;) {
    let min = NONE;
    let at = -1;
    for (let i = 0; i < rank.length - 1; i++) {
      if (rank[i] < min) {
        min = rank[i];
        at = i;
      }
    }
    if (at < 0) break;
    if (at > 0) rank[at - 1] = getRank(at - 1);
    rank[at] = getRank(at);
    starts.splice(at + 1, 1);
    rank.splice(at + 1, 1);
  }
  return starts.length - 1;
}

/**
 * Calls `visit` with the end (a UTF-16 offset into `text`) and the token count of each pre-tokenised
 * piece, in order, until it returns false.
 */
export function visitO200kPieces(text: string, visit: (end: number, tokens: number) => boolean): void {
  const table = getRanks();
  for (const match of text.matchAll(O200K_SPLIT)) {
    const piece = match[0];
    let tokens = pieceCounts.get(piece);
    if (tokens === undefined) {
      // A piece of ASCII is its own latin1 string; only other text needs its UTF-8 bytes spelled out.
      tokens = countPieceTokens(/^[\x00-\x7f]*$/.test(piece) ? piece : Buffer.from(piece, 'utf8').toString('latin1'), table);
      if (piece.length <= SHORT_PIECE) {
        if (pieceCounts.size >= MAX_PIECE_COUNTS) pieceCounts.clear();
        pieceCounts.set(piece, tokens);
      }
    }
    if (!visit(match.index + piece.length, tokens)) return;
  }
}

/**
 * Counts of short pieces seen recently. Text repeats its words, keys and punctuation (a JSON result
 * repeats the same keys on every row), and a piece's count depends on nothing else.
 */
const pieceCounts = new Map<string, number>();
const SHORT_PIECE = 32;
const MAX_PIECE_COUNTS = 50_000;

/**
 * o200k_base token count of `text`. Special-token text (`<|endoftext|>`) counts as ordinary text, as
 * a model API does with it in a tool definition.
 */
export function countO200kTokens(text: string): number {
  let total = 0;
  visitO200kPieces(text, (_end, tokens) => {
    total += tokens;
    return true;
  });
  return total;
}
