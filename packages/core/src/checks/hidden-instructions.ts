/**
 * Text in a published tool that a person reviewing it would not see, or would not expect a tool to say:
 * invisible and direction-changing characters, markup that renderers hide, instructions to the model
 * about other tools, the user or the conversation (the published tool-poisoning patterns), and role markers
 * that claim the authority of the system or another turn of the chat (a fake `<system>` block, chat-template
 * tokens such as `<|im_start|>system` or `[INST]`): a model reads what follows them as instructions. Pure functions
 * over text, so the ESLint rule and `toolslim measure --check` judge the same way.
 */
import type { JsonValue } from '../model.js';
import { memoizeByText } from '../memo.js';
import type { CheckedTool } from './checked-tool.js';

export type HiddenInstructionKind = 'invisible-character' | 'hidden-markup' | 'model-instruction' | 'role-marker' | 'secret-access';

export interface HiddenInstruction {
  readonly kind: HiddenInstructionKind;
  /** Offsets in the checked text, `[start, end)`. */
  readonly start: number;
  readonly end: number;
  /** What was found, printable: `U+200B ZERO WIDTH SPACE`, `<!-- … -->`, the matched words. */
  readonly cue: string;
}

/** Where in a published tool a finding sits: the name, the title, the description, or a string in the input schema. */
export interface HiddenInstructionFinding extends HiddenInstruction {
  readonly field: 'name' | 'title' | 'description' | 'inputSchema';
  /** For `inputSchema`: the keys from the schema root to the string (`['properties', 'path', 'description']`). */
  readonly path?: readonly string[];
}

interface Pattern {
  readonly kind: HiddenInstructionKind;
  /** Cheap tests that must all pass before the pattern runs: almost every honest text fails one, so the lint stays fast. */
  readonly gates: readonly RegExp[];
  readonly regex: RegExp;
}

/** Code points that render as nothing or change the order text is shown in. */
const INVISIBLE_NAMES: ReadonlyArray<readonly [number, number, string]> = [
  [0x00, 0x08, 'CONTROL CHARACTER'],
  [0x0b, 0x0c, 'CONTROL CHARACTER'],
  [0x0e, 0x1f, 'CONTROL CHARACTER'],
  [0x7f, 0x9f, 'CONTROL CHARACTER'],
  [0xad, 0xad, 'SOFT HYPHEN'],
  [0x34f, 0x34f, 'COMBINING GRAPHEME JOINER'],
  [0x61c, 0x61c, 'ARABIC LETTER MARK'],
  [0x115f, 0x1160, 'HANGUL FILLER'],
  [0x17b4, 0x17b5, 'KHMER INVISIBLE VOWEL'],
  [0x180e, 0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200b, 0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 0x200f, 'DIRECTION MARK'],
  [0x202a, 0x202e, 'BIDI EMBEDDING OR OVERRIDE'],
  [0x2060, 0x2064, 'WORD JOINER OR INVISIBLE OPERATOR'],
  [0x2066, 0x2069, 'BIDI ISOLATE'],
  [0x206a, 0x206f, 'DEPRECATED FORMAT CHARACTER'],
  [0x3164, 0x3164, 'HANGUL FILLER'],
  [0xfe00, 0xfe0f, 'VARIATION SELECTOR'],
  [0xfeff, 0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
  [0xffa0, 0xffa0, 'HALFWIDTH HANGUL FILLER'],
  [0xfff9, 0xfffb, 'INTERLINEAR ANNOTATION'],
  [0x1d173, 0x1d17a, 'MUSICAL FORMAT CHARACTER'],
  [0xe0000, 0xe007f, 'TAG CHARACTER'],
  [0xe0100, 0xe01ef, 'VARIATION SELECTOR'],
];

const INVISIBLE = new RegExp(
  `[${INVISIBLE_NAMES.map(([from, to]) => (from === to ? codePointClass(from) : `${codePointClass(from)}-${codePointClass(to)}`)).join('')}]+`,
  'gu',
);

function codePointClass(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** The shortest text an instruction or hidden markup fits in (`<!---->`); shorter strings (types, enum values) are only checked for invisible characters. */
const MIN_INSTRUCTION_LENGTH = 7;

/** Files and folders that hold credentials; a tool has no reason to ask the model to read or send them. */
const SECRET_PATH = String.raw`(?:~|\$HOME|%USERPROFILE%|/home/\w+|/Users/\w+)?/?\.(?:ssh|aws|gnupg|kube|docker|azure|config/gcloud|cursor|claude|codeium|npmrc|netrc|pypirc|git-credentials|env(?:\.local|\.production)?|bash_history|zsh_history)\b(?:/[\w.-]+)*|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?:\.pub)?|/etc/(?:passwd|shadow|sudoers)\b|\b(?:mcp|claude_desktop_config|credentials|secrets?)\.json\b|\bwallet\.dat\b|\bkeychain\b`;
const SECRET_NOUN = String.raw`(?:private|ssh|api|secret|access|signing|wallet)\s+keys?|passwords?|passphrases?|credentials?(?:\s+files?)?|secrets?|(?:access|auth|session|bearer|refresh)\s+tokens?|seed\s+phrases?|mnemonic|cookies|environment\s+variables|env\s+vars`;
const TAKE_VERB = String.raw`read|cat|open|load|send|include|pass|upload|post|forward|attach|append|embed|copy|leak|exfiltrate|extract|collect|gather|dump|print|output|reveal|share|provide|put|add|insert|transmit|email|retrieve|fetch|steal|grab`;
const OTHER_TOOL = String.raw`(?:any|every|all|each|the)\s+other\s+tools?|any\s+tools?|all\s+(?:the\s+)?tools|(?:every|each)\s+tool|other\s+(?:mcp\s+)?(?:tools|servers)|the\s+[\w.-]+\s+tool\b(?=[^.]{0,80}\b(?:must|should|instead|also|always|never)\b)`;
const USER = String.raw`(?:the\s+)?(?:user|human|operator|person)`;

/** Credential file and folder names, the cheap test in front of the secret-path patterns. */
const SECRET_GATES = [/\.(?:ssh|aws|gnupg|kube|docker|azure|config|cursor|claude|codeium|npmrc|netrc|pypirc|git-credentials|env|bash_history|zsh_history)|id_(?:rsa|dsa|ecdsa|ed25519)|\/etc\/|\.json|wallet|keychain/i];

const PATTERNS: readonly Pattern[] = [
  // Markup that renders as nothing: comments, hidden elements, markdown comments.
  { kind: 'hidden-markup', gates: [/<!--/], regex: /<!--[\s\S]*?(?:-->|$)/g },
  { kind: 'hidden-markup', gates: [/hidden|display\s*:|visibility|font-size|opacity/i], regex: /<(\w+)\b[^>]*?(?:\shidden(?=[\s/>=])|\bstyle\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0)|aria-hidden\s*=\s*["']?true)[^>]*>/gi },
  { kind: 'hidden-markup', gates: [/\]:/], regex: /^\s*\[(?:\/\/|comment)\]:\s*(?:#|<>)\s*\(.*\)\s*$/gim },
  // Role markers: chat-template tokens and fake system or turn blocks, which claim an authority no tool text has.
  {
    kind: 'role-marker', gates: [/<\||\[\/?INST\]|<<\/?SYS>>|<\/?(?:system|sys)\b|_of_turn>|\b(?:human|assistant|system)\s*:|system\s+(?:override|message|prompt)/i],
    regex:
      /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>(?:\s*(?:system|user|assistant)\b)?|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start|end)_of_turn>|<\/?(?:system|sys|system[_-](?:prompt|message|instructions?|reminder|override))\s*>|(?:^|\n)\s*\n\s*(?:human|assistant)\s*:|(?:^|\n)\s*[#*[(]*\s*system\s+(?:override|message|prompt)\s*[\])*]*\s*:/gi,
  },
  // Overriding the model's instructions.
  {
    kind: 'model-instruction', gates: [/\b(?:ignore|disregard|forget|override|bypass|skip)\b/i],
    regex:
      /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|preceding|original|other|system|safety|existing|former)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails|messages|context)\b/gi,
  },
  { kind: 'model-instruction', gates: [/instructions\s*:/i], regex: /\b(?:new|updated|real|actual|true)\s+(?:system\s+)?instructions\s*:/gi },
  { kind: 'model-instruction', gates: [/you\s+are\s+now|from\s+now\s+on/i], regex: /\byou\s+are\s+now\s+(?:a|an|in|the)\b|\bfrom\s+now\s+on,?\s+you\s+(?:must|will|should|are)\b/gi },
  // Keeping things from the user.
  {
    kind: 'model-instruction', gates: [/\b(?:not|never|don['’]t|without)\b/i, /\b(?:user|human|operator|person)\b/i],
    regex: new RegExp(
      String.raw`\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not|without)\s+(?:ever\s+)?(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?(?:\s+\w+){0,3}\s+to|reveal(?:ing)?(?:\s+\w+){0,3}\s+to|show(?:ing)?(?:\s+\w+){0,3}\s+to|let(?:ting)?|ask(?:ing)?\s+${USER}\s+(?:for\s+)?(?:permission|consent|approval))\s+${USER}\b`,
      'gi',
    ),
  },
  {
    kind: 'model-instruction', gates: [/\b(?:silently|secretly|covertly|quietly|discreetly|hide|conceal|keep|(?:must|should|does|do|will)\s+(?:not|never))\b/i],
    regex: new RegExp(
      String.raw`\b(?:${USER}\s+(?:must|should|does|do|will)\s+(?:not|never)\s+(?:know|see|notice|find\s+out|be\s+(?:told|informed|aware))|(?:hide|conceal|keep)\s+(?:this|it|that|these\s+\w+)\s+(?:secret\s+)?from\s+${USER}|(?:silently|secretly|covertly|quietly|discreetly)\s+(?:call|send|read|include|forward|run|execute|invoke|upload|copy|add|pass|change|replace|redirect)(?:s|es)?)\b`,
      'gi',
    ),
  },
  { kind: 'model-instruction', gates: [/\b(?:mention|reveal|disclose|explain|say)\b/i], regex: /\b(?:do\s+not|don['’]t|never)\s+(?:mention|reveal|disclose|explain|say)\s+(?:that\s+)?(?:this|these|you\s+(?:read|called|used|sent))\b(?=[^.]{0,60}\b(?:instructions?|note|tool|step|file)\b)/gi },
  // Steering other tools.
  {
    kind: 'model-instruction', gates: [/\b(?:before|prior|after|instead)\b/i, /tool/i],
    regex: new RegExp(String.raw`\b(?:before|prior\s+to|after|instead\s+of)\s+(?:using|calling|invoking|running|executing)\s+(?:${OTHER_TOOL})[^.]{0,40}?\b(?:call|use|run|invoke|execute|read|send)\b`, 'gi'),
  },
  {
    kind: 'model-instruction', gates: [/\b(?:effects?|override|precedence|priority)\s+(?:on|over)\b/i],
    regex: new RegExp(String.raw`\b(?:side\s+effects?|effect|override|precedence|priority)\s+(?:on|over)\s+(?:${OTHER_TOOL}|the\s+(?:also\s+present\s+)?[\w.-]+\s+tool)`, 'gi'),
  },
  {
    kind: 'model-instruction', gates: [/\bwhen\b/i, /\btool\s+is\b/i],
    regex: /\bwhen\s+(?:this\s+tool\s+is\s+(?:available|present|loaded|installed)|(?:the\s+)?(?!this\b|that\b)[\w.-]+\s+tool\s+is\s+(?:used|called|invoked))\b[^.]{0,120}\b(?:must|should|always|instead)\b/gi,
  },
  { kind: 'model-instruction', gates: [/\b(?:must|should|need\s+to)\s+(?:be\s+)?(?:sent|forwarded|redirected|routed|copied|cc|bcc)/i], regex: /\b(?:all|every|any)\s+(?:e-?mails?|messages?|payments?|transfers?|requests?|files?)\s+(?:must|should|need\s+to)\s+(?:be\s+)?(?:sent|forwarded|redirected|routed|copied|cc['’]?d|bcc['’]?d)\s+to\b/gi },
  // The conversation itself.
  {
    kind: 'model-instruction', gates: [/system\s+(?:prompt|instructions)|conversation|chat\s+(?:history|log)|message\s+history|previous\s+messages|other\s+tools/i],
    regex: new RegExp(
      String.raw`\b(?:${TAKE_VERB}|summari[sz]e|repeat)\s+(?:the\s+|your\s+|this\s+|all\s+(?:the\s+)?|any\s+)?(?:full\s+|entire\s+|whole\s+|previous\s+|prior\s+)*(?:system\s+prompt|system\s+instructions|conversation(?:\s+history)?|chat\s+(?:history|log)|message\s+history|previous\s+messages|other\s+tools['’]?\s+(?:results?|outputs?|descriptions?))\b`,
      'gi',
    ),
  },
  // Reading or sending secrets.
  { kind: 'secret-access', gates: SECRET_GATES, regex: new RegExp(String.raw`\b(?:${TAKE_VERB}|contents?\s+of)\b[^.\n]{0,80}?(?:${SECRET_PATH})`, 'gi') },
  {
    kind: 'secret-access', gates: SECRET_GATES,
    regex: new RegExp(String.raw`(?:${SECRET_PATH})[^.\n]{0,60}?\b(?:as|into|in|to|inside)\s+(?:the\s+)?(?:['"\`][\w-]+['"\`]|[\w-]+\s+(?:parameter|argument|field|param))`, 'gi'),
  },
  {
    kind: 'secret-access', gates: [/\b(?:parameter|argument|field|param|request|url|query)\b/i, /key|password|passphrase|credential|secret|token|seed|mnemonic|cookie|environment|env\s+var/i],
    regex: new RegExp(
      String.raw`\b(?:${TAKE_VERB})\s+(?:the\s+|all\s+|any\s+|your\s+|their\s+|its\s+)*(?:user['’]?s?\s+)?(?:${SECRET_NOUN})\b[^.\n]{0,60}?\b(?:as|into|in|to|inside|within)\s+(?:the\s+)?['"\`]?[\w-]+['"\`]?\s+(?:parameter|argument|field|param|request|url|query)\b`,
      'gi',
    ),
  },
];

/**
 * Every hidden character run, hidden markup and instruction to the model in one text. `serverTools` are
 * the names of the tools published beside this one: an instruction that names only those is a hand-off
 * within the server ("when the run_query tool is used, you must call get_schema first"), not poisoning.
 */
export function findHiddenInstructions(text: string, serverTools: ReadonlySet<string> = new Set()): HiddenInstruction[] {
  const found = findHiddenInstructionsCached(text);
  if (serverTools.size === 0) return found.slice();
  return found.filter((finding) => finding.kind !== 'model-instruction' || !isHandOffWithinServer(text.slice(finding.start, finding.end), serverTools));
}

const findHiddenInstructionsCached = memoizeByText(findHiddenInstructionsUncached);

function findHiddenInstructionsUncached(text: string): HiddenInstruction[] {
  const found: HiddenInstruction[] = [];
  for (const match of text.matchAll(INVISIBLE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isEmojiJoiner(text, match[0], start, end)) continue;
    found.push({ kind: 'invisible-character', start, end, cue: describeCodePoints(match[0]) });
  }
  if (text.length < MIN_INSTRUCTION_LENGTH) return found;
  for (const pattern of PATTERNS) {
    if (!pattern.gates.every((gate) => gate.test(text))) continue;
    for (const match of text.matchAll(pattern.regex)) {
      if (match[0] === '') continue;
      const start = match.index;
      const end = start + match[0].length;
      // One finding per place: a later pattern that overlaps an earlier finding adds nothing.
      if (found.some((other) => other.kind !== 'invisible-character' && other.start < end && start < other.end)) continue;
      if (pattern.kind === 'secret-access' && isForbidden(text, start)) continue;
      // "Add Conversation Note": a name in title case, words of a thing, not an instruction.
      if (pattern.kind === 'model-instruction' && isTitleCased(text, start, end)) continue;
      found.push({ kind: pattern.kind, start, end, cue: buildCue(match[0]) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The match and the word after it are all capitalised ("Add Conversation Note"): a name, not a sentence to the model. */
function isTitleCased(text: string, start: number, end: number): boolean {
  const words = `${text.slice(start, end)} ${/^\s+(\S+)/.exec(text.slice(end))?.[1] ?? ''}`.trim().split(/\s+/);
  return words.length >= 3 && words.every((word) => /^[A-Z0-9]/.test(word));
}

/** Every finding in a tool's name, title, description and the strings of its input schema (parameter descriptions, titles, enums, defaults). */
export function checkHiddenInstructions(tool: CheckedTool, serverTools: ReadonlySet<string> = new Set()): HiddenInstructionFinding[] {
  const findings: HiddenInstructionFinding[] = [];
  for (const field of ['name', 'title', 'description'] as const) {
    const text = tool[field];
    if (typeof text === 'string') findings.push(...findHiddenInstructions(text, serverTools).map((finding) => ({ ...finding, field })));
  }
  if (tool.inputSchema !== undefined) {
    for (const { path, text } of findSchemaStrings(tool.inputSchema, [])) {
      findings.push(...findHiddenInstructions(text, serverTools).map((finding) => ({ ...finding, field: 'inputSchema' as const, path })));
    }
  }
  return findings;
}

/** Every string in a JSON value, and every property name, with the keys that lead to it. */
export function findSchemaStrings(value: JsonValue, path: readonly string[]): Array<{ path: readonly string[]; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => findSchemaStrings(item, [...path, String(index)]));
  if (value === null || typeof value !== 'object') return [];
  const out: Array<{ path: readonly string[]; text: string }> = [];
  for (const [key, item] of Object.entries(value)) {
    if (path[path.length - 1] === 'properties') out.push({ path: [...path, key], text: key });
    out.push(...findSchemaStrings(item, [...path, key]));
  }
  return out;
}

/**
 * A negation that governs the words right after it, alone or as the head of a list of verbs joined by commas
 * and "or": "Do NOT read, open, or echo any .env file", "never send ~/.ssh/id_rsa". Other words between
 * the negation and the match ("don't hesitate to read …", "do not tell the user; read …") break the reading.
 */
const FORBIDDING = /\b(?:do\s+not|don['’]t|does\s+not|doesn['’]t|never|must\s+not|mustn['’]t|should\s+not|shouldn['’]t|shall\s+not|will\s+not|won['’]t|cannot|can['’]t|may\s+not|avoid|refuse\s+to)\s+(?:ever\s+)?(?:[a-z]+(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\/\s*))*$/i;

/**
 * A secret-access match that a negation forbids is a guardrail that protects the secrets, not a request for
 * them: the rule would tell the author to remove the protection.
 */
function isForbidden(text: string, start: number): boolean {
  return FORBIDDING.test(text.slice(Math.max(0, start - 60), start));
}

/** An instruction whose only tools are named ones of the same server (and no "any other tool"). */
function isHandOffWithinServer(matched: string, serverTools: ReadonlySet<string>): boolean {
  if (serverTools.size === 0 || /\b(?:any|every|all|each|other)\s+(?:\w+\s+)?tools?\b/i.test(matched)) return false;
  const named = [...matched.matchAll(/`?([\w.-]+)`?\s+tool\b/gi)].map((match) => match[1]).filter((name) => !/^(?:the|this|that|a|an|present)$/i.test(name));
  return named.length > 0 && named.every((name) => serverTools.has(name));
}

/**
 * How emoji are written: one presentation selector after a symbol (⚠️, ↩︎), or a zero-width joiner between
 * two pictographs (👨‍💻). Longer runs of selectors are how data is smuggled, and are reported.
 */
function isEmojiJoiner(text: string, run: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  if (/^[\ufe0e\ufe0f]$/u.test(run)) return /[^\x00-\x7f]$/u.test(before);
  if (/^\ufe0f?\u200d$/u.test(run)) return PICTOGRAPH.test(before.replace(/\ufe0f$/u, '')) && PICTOGRAPH.test(after);
  return false;
}

function describeCodePoints(run: string): string {
  const codePoints = [...run].map((char) => char.codePointAt(0)!);
  const first = codePoints[0];
  const name = INVISIBLE_NAMES.find(([from, to]) => from <= first && first <= to)?.[2] ?? 'INVISIBLE CHARACTER';
  const label = `U+${first.toString(16).toUpperCase().padStart(4, '0')} ${name}`;
  return codePoints.length === 1 ? label : `${codePoints.length} invisible characters from ${label}`;
}

function buildCue(matched: string): string {
  const oneLine = matched.replace(/\s+/g, ' ').trim();
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine;
}
