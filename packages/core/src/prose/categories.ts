/**
 * The categories of description text and the kinds of how-text, with one example each: the data behind
 * docs/how-categories.md (a test checks that the page lists every entry and that each example
 * classifies as its entry when it is not the first unit of a description).
 */
import type { HowKind, ProseCategory } from './types.js';

export interface ProseCategoryInfo {
  readonly category: ProseCategory;
  /** What text of this category says, in one sentence. */
  readonly summary: string;
  /** What the rules and `toolslim slim` do with it. */
  readonly handling: string;
  readonly example: string;
}

export const PROSE_CATEGORIES: readonly ProseCategoryInfo[] = [
  {
    category: 'what',
    summary: 'What the tool does and what it returns.',
    handling: 'Kept (first).',
    example: 'The tool walks the tree recursively.',
  },
  {
    category: 'when',
    summary: 'When to pick the tool and when not; hand-offs between tools.',
    handling: 'Kept, up to three sentences with what.',
    example: 'Use this when the user asks for open pull requests.',
  },
  {
    category: 'guardrail',
    summary: 'What keeps the agent from doing harm: irreversible effects, confirming with the user, untrusted output, secrets, never guessing.',
    handling: 'Kept in the description; never reported as movable.',
    example: 'Always ask the user before deleting the branch.',
  },
  {
    category: 'constraint',
    summary: 'What a call must satisfy that the schema does not say: formats, valid values, parameters that exclude or require each other.',
    handling: 'Reported: it belongs on the parameter (schema or its one sentence); never moved to markdown.',
    example: 'Dates must be in YYYY-MM-DD format.',
  },
  {
    category: 'how',
    summary: 'Rules, defaults and limits the schema states, examples, edge cases, return formats, workflow tips, markup blocks.',
    handling: 'Reported; moved to the family instruction file.',
    example: 'Returns an array of objects with id, title and url.',
  },
  {
    category: 'filler',
    summary: 'Praise, background and padding, including a restatement of the first sentence.',
    handling: 'Reported; moved like how.',
    example: 'This is the most powerful and seamless search available.',
  },
];

export interface HowKindInfo {
  readonly howKind: HowKind;
  readonly title: string;
  /** What text of this kind says, in one sentence. */
  readonly summary: string;
  /** A unit that classifies as how of this kind when it is not the first unit of a description. */
  readonly example: string;
}

export const HOW_KINDS: readonly HowKindInfo[] = [
  {
    howKind: 'rule',
    title: 'Rules and limits',
    summary: 'What the caller must, must not, or may only do, and limits (must, never, only, at most).',
    example: 'The query must not exceed 256 characters.',
  },
  {
    howKind: 'default',
    title: 'Defaults',
    summary: 'What happens when an input is left out (defaults to, by default, if omitted).',
    example: 'If omitted, the current branch is used.',
  },
  {
    howKind: 'example',
    title: 'Examples',
    summary: 'Sample values and calls (e.g., for example, example:, such as `x`, a quoted call).',
    example: 'For example, `status:open label:bug` finds open bugs.',
  },
  {
    howKind: 'edge-case',
    title: 'Edge cases',
    summary: 'Conditions on inputs and results (if…, when…, unless, otherwise, in case).',
    example: 'If the file does not exist, an empty string comes back.',
  },
  {
    howKind: 'format',
    title: 'Return formats',
    summary: 'What comes back and in which shape (returns, the response contains, JSON, fields).',
    example: 'Returns an array of objects with id, title and url.',
  },
  {
    howKind: 'warning',
    title: 'Warnings and emphasis',
    summary: 'Text that shouts without a safety reason (IMPORTANT, NOTE, capitalised words, !!, **bold**).',
    example: 'IMPORTANT: results may lag a few seconds behind.',
  },
  {
    howKind: 'markup',
    title: 'Markup blocks',
    summary: 'List items, headings, code fences, XML-like blocks and tables, each moved whole.',
    example: '- Pass `--force` to overwrite an existing tag.',
  },
  {
    howKind: 'detail',
    title: 'Detail',
    summary: 'A unit with no other cue past the opening sentences of a tool (past the first of a parameter).',
    example: 'The reuse window varies by domain.',
  },
];
