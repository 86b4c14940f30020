/**
 * MCP tool annotations (`readOnlyHint`, `destructiveHint`) are published data a client acts on: it may run
 * a read-only tool without asking, and ask before a destructive one. When the prose says the tool deletes
 * or cannot be undone but the hints say otherwise, the client trusts the wrong one. Pure functions over
 * the published fields, shared by the `annotations-match-description` rule and `toolslim measure --check`.
 */
import type { JsonObject } from '../model.js';
import { isHandOff } from '../prose/hand-off.js';
import { splitSentences } from '../prose/sentences.js';
import { splitIdentifier } from '../prose/words.js';
import type { CheckedTool } from './checked-tool.js';

export type AnnotationMismatchKind =
  /** The prose says the tool destroys data, annotations exist, `destructiveHint` is not written. */
  | 'destructive-hint-missing'
  /** The prose says the tool destroys data and `destructiveHint: false`. */
  | 'destructive-hint-false'
  /** `readOnlyHint: true` on a tool whose prose or name says it writes, sends or deletes. */
  | 'read-only-contradicted'
  /** Warning prose (cannot be undone, permanently, confirm first) on a tool that publishes no annotations. */
  | 'annotations-missing';

export interface AnnotationMismatch {
  readonly kind: AnnotationMismatchKind;
  /** The words that decided it: `cannot be undone`, `Deletes`, the name `delete_file`. */
  readonly cue: string;
  /** Where the cue is: the description (with offsets) or the name. */
  readonly source: 'description' | 'name';
  readonly start?: number;
  readonly end?: number;
}

/** Warnings: phrases that say an action cannot be taken back, wherever they stand in the prose. */
const IRREVERSIBLE =
  /\b(?:cannot|can\s*not|can['’]t|could\s+not)\s+be\s+(?:undone|reversed|recovered|restored|rolled\s+back)|\b(?:irreversibl[ey]|irrecoverabl[ey]|not\s+reversible|no\s+undo)\b|\bpermanently\s+(?:delete|remove|destroy|erase|drop|purge|wipe|deleting|removing|destroying|erasing|deleted|removed|destroyed|erased)\w*|\b(?:is|are|will\s+be|gets?)\s+(?:permanently\s+)?(?:deleted|destroyed|erased|wiped|purged)\s+(?:permanently|for\s+good|forever)\b|\b(?:(?:this|the)\s+(?:tool|operation|action)\s+is\s+destructive|destructive\s+(?:operation|action|tool|change))\b|\ball\s+(?:data|rows|records|files|content|objects)\s+(?:in\s+\w+\s+)?(?:will\s+be|are|is)\s+(?:lost|deleted|removed)\b|\bdata\s+loss\b/gi;

/** Destructive actions named anywhere in the prose: "overwrites the file", "drops the table". */
const DESTRUCTIVE_ACTION = /\b(?:overwrites?|overwriting|replaces?\s+(?:all|the\s+(?:entire|whole|existing))|wipes?|truncates?\s+(?:the\s+)?table|drops?\s+(?:the\s+)?(?:table|database|schema|branch|project))\b/gi;

/** Verbs that open a what-sentence about destroying something: "Deletes a branch.", "Remove the file". */
const DESTRUCTIVE_VERBS = ['delete', 'remove', 'destroy', 'erase', 'purge', 'wipe', 'drop', 'overwrite', 'truncate', 'revoke', 'terminate', 'uninstall', 'unpublish', 'reset'];
/** Verbs that open a what-sentence about changing or sending something. */
const WRITE_VERBS = [
  ...DESTRUCTIVE_VERBS,
  'create',
  'update',
  'write',
  'send',
  'post',
  'put',
  'patch',
  'insert',
  'upload',
  'move',
  'rename',
  'edit',
  'modify',
  'publish',
  'deploy',
  'submit',
  'add',
  'set',
  'save',
  'append',
  'replace',
  'cancel',
  'merge',
  'push',
  'commit',
  'archive',
  'enable',
  'disable',
  'provision',
  'restart',
  'reboot',
  'kill',
  'transfer',
  'pay',
  'charge',
  'refund',
  'email',
  'notify',
  'invite',
  'grant',
];
/** Verbs a name or sentence opens with when the tool only reads. */
const READ_VERBS = ['get', 'list', 'read', 'search', 'find', 'fetch', 'query', 'describe', 'show', 'view', 'check', 'lookup', 'look', 'retrieve', 'count', 'explain', 'inspect', 'browse', 'download', 'export', 'preview', 'validate', 'verify', 'compare', 'analyze', 'analyse', 'summarize', 'summarise', 'introspect', 'diff', 'estimate', 'calculate', 'resolve', 'load', 'monitor', 'watch', 'test', 'learn', 'is', 'has', 'can', 'open'];

/** Words a what-sentence may open with before its verb: "This tool deletes", "Use this to delete", "Permanently deletes". */
const LEAD_IN = /^(?:\W*(?:\p{Extended_Pictographic}\S*\s*)?)(?:(?:this\s+tool\s+(?:will\s+|can\s+)?|tool\s+(?:to|that)\s+|use\s+this(?:\s+tool)?\s+to\s+|used\s+to\s+|allows?\s+(?:you\s+)?to\s+|lets\s+you\s+|helps?\s+(?:you\s+)?|permanently\s+|immediately\s+|asynchronously\s+|quickly\s+|safely\s+|bulk[\s-]+|batch[\s-]+)\s*)*/iu;

/** The verb a sentence opens with, in base form (`Deletes` → `delete`), or undefined. */
export function getLeadingVerb(sentence: string): { verb: string; start: number; end: number } | undefined {
  const lead = LEAD_IN.exec(sentence)?.[0] ?? '';
  const word = /^[A-Za-z]+/.exec(sentence.slice(lead.length))?.[0];
  if (!word) return undefined;
  const verb = toBaseForm(word.toLowerCase());
  return { verb, start: lead.length, end: lead.length + word.length };
}

function toBaseForm(word: string): string {
  return BASE_FORMS.get(word) ?? word;
}

/** Each known verb's forms (`create`, `creates`, `copies`…) → the verb; the first verb listed wins a shared form. */
const BASE_FORMS: ReadonlyMap<string, string> = (() => {
  const forms = new Map<string, string>();
  for (const verb of [...WRITE_VERBS, ...READ_VERBS]) {
    for (const form of [verb, `${verb}s`, `${verb}es`, ...(verb.endsWith('y') ? [`${verb.slice(0, -1)}ies`] : [])]) if (!forms.has(form)) forms.set(form, verb);
  }
  return forms;
})();

/** The first verb of a tool name: `delete_branch` → `delete`, `github_create_issue` → `create` (a known verb after a prefix), else undefined. */
export function getNameVerb(name: string): string | undefined {
  const words = splitIdentifier(name).map((word) => word.toLowerCase());
  for (const word of words.slice(0, 3)) {
    const verb = toBaseForm(word);
    if (WRITE_VERBS.includes(verb) || READ_VERBS.includes(verb)) return verb;
  }
  return undefined;
}

interface ProseCue {
  readonly cue: string;
  readonly start: number;
  readonly end: number;
}

/** Where the description says the tool destroys data: a first sentence opening with a destructive verb, a warning, or a destructive action. */
export function findDestructiveCue(description: string): ProseCue | undefined {
  return findLeadingVerbCue(description, DESTRUCTIVE_VERBS) ?? findIrreversibleCue(description) ?? findPhraseCue(description, DESTRUCTIVE_ACTION);
}

/** A warning that the action cannot be taken back ("cannot be undone", "permanently deletes") anywhere in the description. */
export function findIrreversibleCue(description: string): ProseCue | undefined {
  return IRREVERSIBLE_GATE.test(description) ? findPhraseCue(description, IRREVERSIBLE) : undefined;
}

/** Words every warning holds; most descriptions have none, and skip the long pattern. */
const IRREVERSIBLE_GATE = /undo|undone|revers|recover|restor|rolled|irrecoverab|permanent|forever|for\s+good|destructive|lost|loss|deleted|removed/i;

function findPhraseCue(description: string, regex: RegExp): ProseCue | undefined {
  for (const match of description.matchAll(regex)) {
    if (isNegatedOrAboutOthers(description, match.index) || isInHandOff(description, match.index)) continue;
    return { cue: match[0], start: match.index, end: match.index + match[0].length };
  }
  return undefined;
}

/** The opening verb of the first sentence when it is one of `verbs`. */
function findLeadingVerbCue(description: string, verbs: readonly string[]): ProseCue | undefined {
  const first = splitSentences(description).find((sentence) => !sentence.markup);
  if (!first) return undefined;
  const verb = getLeadingVerb(first.text);
  if (!verb || !verbs.includes(verb.verb)) return undefined;
  return { cue: first.text.slice(verb.start, verb.end), start: first.start + verb.start, end: first.start + verb.end };
}

/** "does not delete", "never overwrites", "without overwriting", "use X to delete": not about what this tool does. */
function isNegatedOrAboutOthers(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index).toLowerCase();
  return /\b(?:not|never|no|without|won['’]t|doesn['’]t|don['’]t|isn['’]t|instead\s+of|rather\s+than|avoid|prevent(?:s|ing)?|before|unless|if|whether)\s+(?:\w+\s+){0,2}$/.test(before) || /\b(?:use|call|see)\s+[`'"]?\w+[`'"]?\s+(?:tool\s+)?to\s+$/.test(before);
}

/** "To permanently remove a task instead, use delete_task.": the sentence sends the agent to another tool for it. */
function isInHandOff(text: string, index: number): boolean {
  const sentence = splitSentences(text).find((unit) => unit.start <= index && index < unit.end);
  return sentence !== undefined && isHandOff(sentence.text);
}

function isTrue(value: unknown): boolean {
  return value === true;
}

/** Every way the tool's annotations disagree with its description and name (at most one finding per kind). */
export function checkAnnotations(tool: CheckedTool): AnnotationMismatch[] {
  if (tool.annotations === undefined && !tool.description) return [];
  const description = tool.description ?? '';
  const annotations: JsonObject | undefined = tool.annotations;
  const findings: AnnotationMismatch[] = [];
  if (annotations === undefined) {
    const warning = findIrreversibleCue(description);
    if (warning) findings.push({ kind: 'annotations-missing', source: 'description', ...warning });
    return findings;
  }
  const nameVerb = getNameVerb(tool.name);
  if (isTrue(annotations.readOnlyHint)) {
    const writes = findLeadingVerbCue(description, WRITE_VERBS) ?? findIrreversibleCue(description) ?? findPhraseCue(description, DESTRUCTIVE_ACTION);
    if (writes) findings.push({ kind: 'read-only-contradicted', source: 'description', ...writes });
    else if (nameVerb !== undefined && WRITE_VERBS.includes(nameVerb) && !isReadVerbOpening(description)) {
      findings.push({ kind: 'read-only-contradicted', source: 'name', cue: tool.name });
    }
    return findings;
  }
  if (annotations.destructiveHint === true) return findings;
  const destructive = findDestructiveCue(description);
  const byName = nameVerb !== undefined && DESTRUCTIVE_VERBS.includes(nameVerb) && !isReadVerbOpening(description);
  if (!destructive && !byName) return findings;
  const kind = annotations.destructiveHint === false ? 'destructive-hint-false' : 'destructive-hint-missing';
  findings.push(destructive ? { kind, source: 'description', ...destructive } : { kind, source: 'name', cue: tool.name });
  return findings;
}

/** A description that opens with a reading verb ("Lists deleted branches") does not make a write-sounding name a write. */
function isReadVerbOpening(description: string): boolean {
  return findLeadingVerbCue(description, READ_VERBS) !== undefined;
}
