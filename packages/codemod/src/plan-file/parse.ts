/**
 * Reading a plan file back with remark: each unit's list item (its mark, its id, its text as written) and
 * the machine part. Only the shape is checked here; whether a mark is allowed for its unit, and whether
 * the sources changed, is apply's (apply.ts).
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { MACHINE_LANG, MACHINE_META, parseMark, PLAN_FORMAT, PLAN_VERSION, PlanFileError, type MachinePart, type Mark } from './format.js';

const parser = unified().use(remarkParse).use(remarkGfm);

type Root = ReturnType<typeof parser.parse>;
type Node = Root | Root['children'][number];
type ListItem = Extract<Node, { type: 'listItem' }>;

/** One unit's item as the file has it. */
export interface MarkedUnit {
  readonly id: string;
  readonly mark: Mark;
  /** The unit's text as the item shows it. */
  readonly text: string;
  readonly line: number;
}

export interface ParsedPlan {
  readonly machine: MachinePart;
  /** By unit id. */
  readonly marked: ReadonlyMap<string, MarkedUnit>;
}

/** `[stay] u12`, `[param:limit] u3`: the start of a unit's item. */
const ITEM_START = /^\[([^\]\s]*)\]\s+(u\d+)\b/;

/** Parse a plan file; throws a `PlanFileError` naming the line and why when it is malformed. */
export function parsePlanFile(text: string): ParsedPlan {
  const tree = parser.parse(text);
  const machine = readMachinePart(tree);
  const marked = new Map<string, MarkedUnit>();
  visit(tree, (node) => {
    if (node.type !== 'listItem') return;
    const unit = readItem(node);
    if (!unit) return;
    const earlier = marked.get(unit.id);
    if (earlier) throw new PlanFileError(`${unit.id} is listed twice (also on line ${earlier.line}); keep one item per unit.`, unit.line);
    if (!(unit.id in machine.units)) throw new PlanFileError(`${unit.id} is no unit of this plan; keep the ids as they were written.`, unit.line);
    marked.set(unit.id, unit);
  });
  for (const [id, unit] of Object.entries(machine.units)) {
    if (!marked.has(id)) throw new PlanFileError(`the item of unit ${id} (${unit.name}, ${unit.param === undefined ? 'description' : `parameter ${unit.param}`}) is missing; put it back, marked as you want it.`);
  }
  return { machine, marked };
}

/** A unit's item, or undefined for a list item that is not one (the marks explained in the header). */
function readItem(item: ListItem): MarkedUnit | undefined {
  const paragraph = item.children[0];
  if (paragraph?.type !== 'paragraph') return undefined;
  const first = paragraph.children[0];
  const line = item.position?.start.line ?? 0;
  if (first?.type !== 'text') return undefined;
  const start = ITEM_START.exec(first.value);
  if (!start) {
    // `[move]u3`, `[ move ] u3`: meant as a unit's item, but not one.
    if (/^\[[^\]]*\]\s*u\d+/.test(first.value)) throw new PlanFileError('a unit\'s item starts with its mark in brackets, a space and its id, as in "[stay] u3".', line);
    return undefined;
  }
  const [, markText, id] = start;
  const mark = parseMark(markText);
  if (!mark) throw new PlanFileError(`"[${markText}]" is no mark; write [stay], [move], [move!] or [param:NAME].`, line);
  // The text: inline code in the item's first paragraph, or the code block under it for a text of several lines.
  const inline = paragraph.children.find((child) => child.type === 'inlineCode');
  const block = item.children.find((child) => child.type === 'code');
  const shown = block?.type === 'code' ? block.value : inline?.type === 'inlineCode' ? inline.value : undefined;
  if (shown === undefined) throw new PlanFileError(`the item of ${id} has lost its text; put it back as it was.`, line);
  return { id, mark, text: shown, line };
}

function readMachinePart(tree: Root): MachinePart {
  let found: Extract<Node, { type: 'code' }> | undefined;
  visit(tree, (node) => {
    if (node.type === 'code' && node.lang === MACHINE_LANG && node.meta === MACHINE_META) found ??= node;
  });
  if (!found) throw new PlanFileError(`the machine part (a \`\`\`${MACHINE_LANG} ${MACHINE_META} block) is missing; write the plan again with toolslim slim --plan.`);
  const line = found.position?.start.line;
  let json: unknown;
  try {
    json = JSON.parse(found.value);
  } catch (error) {
    throw new PlanFileError(`the machine part is not JSON (${error instanceof Error ? error.message : String(error)}); write the plan again with toolslim slim --plan.`, line);
  }
  const machine = json as Partial<MachinePart> | null;
  if (machine?.format !== PLAN_FORMAT || machine.version !== PLAN_VERSION) {
    throw new PlanFileError(`the machine part is not a ${PLAN_FORMAT} of version ${PLAN_VERSION}; write the plan again with this toolslim.`, line);
  }
  if (!isObject(machine.run) || !Array.isArray(machine.run.paths) || !isObject(machine.sources) || !isObject(machine.tools) || !isObject(machine.units)) {
    throw new PlanFileError('the machine part lacks its run, sources, tools or units; write the plan again with toolslim slim --plan.', line);
  }
  return machine as MachinePart;
}

function visit(node: Node, enter: (node: Node) => void): void {
  enter(node);
  if ('children' in node) for (const child of node.children as Node[]) visit(child, enter);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
