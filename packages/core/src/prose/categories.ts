/**
 * The categories of "how" text, with one example each: the data behind docs/how-categories.md (a test
 * checks that the page lists every category and that each example classifies as its category).
 */
import type { HowCategory } from './types.js';

export interface HowCategoryInfo {
  readonly category: HowCategory;
  readonly title: string;
  /** What text of this category says, in one sentence. */
  readonly summary: string;
  /** A unit that classifies as this category when it is not the first unit of a description. */
  readonly example: string;
}

export const HOW_CATEGORIES: readonly HowCategoryInfo[] = [
  {
    category: 'rule',
    title: 'Rules and constraints',
    summary: 'What the caller must, must not, or may only do (must, never, always, only, should, required, at most).',
    example: 'The query must not exceed 256 characters.',
  },
  {
    category: 'default',
    title: 'Defaults',
    summary: 'What happens when an input is left out (defaults to, by default, if omitted).',
    example: 'If omitted, the current branch is used.',
  },
  {
    category: 'example',
    title: 'Examples',
    summary: 'Sample values and calls (e.g., for example, example:, such as `x`, a quoted call).',
    example: 'For example, `status:open label:bug` finds open bugs.',
  },
  {
    category: 'edge-case',
    title: 'Edge cases',
    summary: 'Conditions on inputs and results (if…, when…, unless, otherwise, in case).',
    example: 'If the file does not exist, an empty string comes back.',
  },
  {
    category: 'format',
    title: 'Formats and return shapes',
    summary: 'What comes back and in which shape (returns, the response contains, JSON, ISO 8601, fields).',
    example: 'Returns an array of objects with id, title and url.',
  },
  {
    category: 'warning',
    title: 'Warnings and emphasis',
    summary: 'Text that shouts (IMPORTANT, WARNING, NOTE, CAUTION, capitalised words, !!, **bold**).',
    example: 'IMPORTANT: this deletes the branch on the remote as well.',
  },
  {
    category: 'markup',
    title: 'Markup blocks',
    summary: 'List items, headings, code fences, XML-like blocks and tables, each moved whole.',
    example: '- Use `--force` to overwrite an existing tag.',
  },
];
