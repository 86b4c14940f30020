/**
 * The pointer sentence `toolslim slim` leaves in a slimmed description ("Before first use:
 * read_instructions family="issues"."). Core knows its shape so that the planner keeps it and no rule reports
 * it: it is slim's own text, read on purpose.
 */
import { escapeRegExp } from '../regexp.js';

export const DEFAULT_INSTRUCTIONS_TOOL = 'read_instructions';
export const DEFAULT_POINTER = 'Before first use: {tool} family="{family}".';

export interface PointerContext {
  readonly family: string;
  /** The instruction file, relative to `cwd`. */
  readonly file: string;
  readonly tool: string;
}

/** The pointer sentence for one tool. */
export function buildPointer(template: string, context: PointerContext): string {
  return template.replace(/\{(family|file|tool)\}/g, (_, key: keyof PointerContext) => context[key]);
}

/**
 * Where an existing pointer is in a description (the last one), whatever family it names: families can
 * change between runs when the set of slimmed files changes, and a second run must never move its own
 * pointer or add another.
 */
export function findPointer(
  description: string,
  template: string = DEFAULT_POINTER,
  context: Pick<PointerContext, 'tool'> = { tool: DEFAULT_INSTRUCTIONS_TOOL },
): readonly [number, number] | undefined {
  const pattern = template
    .split(/(\{(?:family|file|tool)\})/)
    .map((part) => (part === '{tool}' ? escapeRegExp(context.tool) : part === '{family}' || part === '{file}' ? '[^\\s"\']+' : escapeRegExp(part)))
    .join('');
  let found: readonly [number, number] | undefined;
  for (const match of description.matchAll(new RegExp(pattern, 'g'))) found = [match.index, match.index + match[0].length];
  return found;
}
