/**
 * Constraints written in a tool's description: what a call must satisfy (a format, the valid values of a
 * free string, parameters that exclude or require each other) sits where the call is not made. The
 * issue's advice is to put it where a call sees it: the parameter's schema (`format`, `pattern`, an enum
 * instead of a list in prose) or that parameter's one-sentence description. Rule-independent, so that
 * `no-how-in-description` and `measure --check` can give the same message.
 */
import type { ClassifiedSentence } from '../prose/types.js';
import { escapeRegExp } from '../regexp.js';

export interface DescriptionConstraints {
  /** The constraint units, in order. */
  readonly units: readonly ClassifiedSentence[];
  /** The parameter they name (the first one the units mention), when one is named. */
  readonly param: string | undefined;
  /** The cue of the first unit ("YYYY-MM-DD", "exactly one of"). */
  readonly cue: string;
  readonly chars: number;
}

/** The message, in one place: short, with where to put it. */
export const CONSTRAINT_MESSAGE =
  'Constraint on {{target}} in the description of {{subject}} ({{count}}, "{{cue}}"): put it where a call sees it, in that parameter\'s schema (format, pattern, enum) or its description.';

/**
 * The constraint units of a tool description and the parameter they constrain. A one-unit description
 * has none: its only sentence says what the tool does.
 */
export function findDescriptionConstraints(units: readonly ClassifiedSentence[], paramNames: readonly string[]): DescriptionConstraints | undefined {
  if (units.length < 2) return undefined;
  const constraints = units.filter((unit) => unit.category === 'constraint');
  if (constraints.length === 0) return undefined;
  const text = constraints.map((unit) => unit.text).join(' ');
  const param = paramNames.find((name) => name.length > 1 && new RegExp(`(?<![\\w.-])${escapeRegExp(name)}(?![\\w-])`).test(text));
  return { units: constraints, param, cue: constraints[0]!.cue, chars: constraints.reduce((sum, unit) => sum + unit.text.length, 0) };
}

/** `parameter "date"`, or `a parameter` when none is named. */
export function buildConstraintTarget(constraints: DescriptionConstraints): string {
  return constraints.param === undefined ? 'a parameter' : `parameter "${constraints.param}"`;
}
