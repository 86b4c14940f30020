/**
 * Reading a schema partly: one part that cannot be known (a description built from an environment variable,
 * a field imported from a package, a default chosen at run time) must not make the whole schema unknown.
 * While a partial reading is on, the evaluator puts a stand-in where such a part is (the readable part of a
 * text, the schema without the method whose argument is unknown, `{}` for a property it cannot read) and
 * records why; the schema is then a lower bound, marked partly readable with those reasons.
 */
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { getZodNamespace, isZod4Schema, isZodSchema, type ZodFlavor } from '../zod-api.js';
import { isPlainObject } from './plain-data.js';

/** A part of a schema that could not be read; replaced by the smallest schema (`{}`, `z.any()`) where it is used. */
export class SchemaGap {
  constructor(readonly reason: Unreadable) {}
}

interface Reading {
  readonly gaps: Unreadable[];
  /** Which branch of a conditional known only at run time is read first (both are tried, smaller kept). */
  readonly branch: 0 | 1;
  /** Whether such a conditional was met, so the other branch is worth a reading. */
  metConditional: boolean;
}

const readings: Reading[] = [];

/** True while a partial reading is on: unreadable parts become stand-ins, recorded with their reasons. */
export function isReadingPartly(): boolean {
  return readings.length > 0;
}

/** Which reading is on, for memos: values read partly (and by which branch first) are kept apart from full readings. */
export function getReadingKey(): string {
  const reading = readings[readings.length - 1];
  return reading ? ` partly ${reading.branch}` : '';
}

/**
 * Run `read` as a partial reading; returns its value, the parts that could not be read (in order), and
 * whether a conditional known only at run time was read as its `branch` (then the other one may be read too).
 */
export function readPartly<T>(read: () => T, branch: 0 | 1 = 0): { readonly value: T; readonly gaps: readonly Unreadable[]; readonly metConditional: boolean } {
  const reading: Reading = { gaps: [], branch, metConditional: false };
  readings.push(reading);
  try {
    return { value: read(), gaps: reading.gaps, metConditional: reading.metConditional };
  } finally {
    readings.pop();
  }
}

/** Whether the reading now on has met a conditional known only at run time. */
export function hasMetConditional(): boolean {
  return readings[readings.length - 1]?.metConditional ?? false;
}

/** A memoised value read through such a conditional is reused: the reading has met it too. */
export function markConditional(): void {
  const reading = readings[readings.length - 1];
  if (reading) reading.metConditional = true;
}

/** The branches of a conditional known only at run time, in the order the reading now on tries them. */
export function orderBranches<T>(consequent: T, alternate: T): readonly T[] {
  const reading = readings[readings.length - 1];
  if (!reading) return [consequent, alternate];
  reading.metConditional = true;
  return reading.branch === 0 ? [consequent, alternate] : [alternate, consequent];
}

/** Record parts that could not be read in the reading now on. */
export function recordGaps(gaps: readonly Unreadable[]): void {
  readings[readings.length - 1]?.gaps.push(...gaps);
}

/** The gaps recorded so far in the reading now on (to memoise what a declaration's value left unread). */
export function countGaps(): number {
  return readings[readings.length - 1]?.gaps.length ?? 0;
}

/**
 * Forget what the reading now on recorded since `count` gaps (and whether it met a conditional since):
 * a value read another way instead (one property of an object whose other properties could not be read).
 */
export function rollBackGaps(count: number, metConditional: boolean): void {
  const reading = readings[readings.length - 1];
  if (!reading) return;
  reading.gaps.length = Math.min(reading.gaps.length, count);
  reading.metConditional = metConditional;
}

export function getGapsSince(count: number): readonly Unreadable[] {
  return readings[readings.length - 1]?.gaps.slice(count) ?? [];
}

/** A stand-in for an unreadable part: recorded, and returned so its use can be replaced later. */
export function standIn(reason: Unreadable): SchemaGap {
  recordGaps([reason]);
  return new SchemaGap(reason);
}

/**
 * Replace gaps in what is passed to a schema builder or method: the argument itself, the values of a
 * shape, the members of a list. `flavor` is the zod the builder belongs to (`z.any()` of it stands in);
 * without one the stand-in is the JSON Schema `{}`.
 */
export function fillGaps(args: readonly unknown[], flavor: ZodFlavor | undefined, filePath: string): unknown[] {
  const empty = () => (flavor === undefined ? {} : makeAny(flavor, filePath));
  return args.map((arg) => {
    if (arg instanceof SchemaGap) return empty();
    if (Array.isArray(arg)) return arg.some((item) => item instanceof SchemaGap) ? arg.map((item) => (item instanceof SchemaGap ? empty() : item)) : arg;
    if (isPlainObject(arg) && Object.values(arg).some((value) => value instanceof SchemaGap)) {
      return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, value instanceof SchemaGap ? empty() : value]));
    }
    return arg;
  });
}

/**
 * The value a schema was read as, gaps replaced: in a raw shape (`{ a: z.string(), b: <gap> }`) by the
 * zod `any()` of its other fields, in JSON by `{}`.
 */
export function fillSchemaGaps(value: unknown, filePath: string): unknown {
  if (!isPlainObject(value) && !Array.isArray(value)) return value;
  if (isPlainObject(value)) {
    const zodField = Object.values(value).find(isZodSchema);
    if (zodField !== undefined) return fillGaps([value], getFlavor(zodField), filePath)[0];
  }
  return fillJson(value);
}

function fillJson(value: unknown): unknown {
  if (value instanceof SchemaGap) return {};
  if (Array.isArray(value)) return value.map(fillJson);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillJson(item)]));
  return value;
}

/** The zod flavour a schema was built with, for a stand-in beside it. */
export function getFlavor(schema: unknown): ZodFlavor {
  return isZod4Schema(schema) ? 4 : 3;
}

/** `z.any()` of a zod flavour, the stand-in a schema method is called on when its schema is a gap. */
export function makeAny(flavor: ZodFlavor, filePath: string): unknown {
  const any = getZodNamespace(flavor, filePath).members.any;
  return typeof any === 'function' ? (any as () => unknown)() : {};
}

/**
 * Values read partly outside a schema's own reading (a loop's definition, read once for every registration it
 * feeds), with the parts that reading could not know. A schema that holds one is a lower bound, marked so.
 */
const partlyRead = new WeakMap<object, readonly Unreadable[]>();

/** `value` stands in a loop's definition for an expression read partly: record what it left unread. */
export function rememberPartlyRead(value: object, gaps: readonly Unreadable[]): void {
  partlyRead.set(value, gaps);
}

/** The gaps a value read partly outside its schema's reading left, when it is one. */
export function getPartlyReadGaps(value: unknown): readonly Unreadable[] | undefined {
  return typeof value === 'object' && value !== null ? partlyRead.get(value) : undefined;
}

/** Whether a node's value is a gap (a property read or a call on it is a gap too, already recorded). */
export function isGap(value: unknown): value is SchemaGap {
  return value instanceof SchemaGap;
}

/** What a partial reading says about its gaps: the first reason, and how many more there are. */
export function describeGaps(gaps: readonly Unreadable[]): { readonly reason: string; readonly node: Node } | undefined {
  if (gaps.length === 0) return undefined;
  const reasons = [...new Set(gaps.map((gap) => gap.reason))];
  const more = reasons.length - 1;
  return { reason: `${reasons[0]}${more > 0 ? ` (and ${more} other part${more === 1 ? '' : 's'} not read)` : ''}`, node: gaps[0].node };
}
