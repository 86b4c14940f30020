/**
 * Which parameter a constraint sentence constrains: the one parameter it names, in backticks (`date`)
 * or in words ("dates as YYYY-MM-DD" with a `date` parameter). A constraint that names two parameters
 * ("exactly one of `a` or `b`"), or none, stays in the tool description. The one matcher of the
 * planner (prose/plan.ts), and so of slim, `no-how-in-description` and `measure --check`.
 */
import { escapeRegExp } from '../regexp.js';

/**
 * The key of the one parameter of `targets` that `text` names, or undefined. `all` (every parameter of
 * the tool, default `targets`) decides ambiguity: naming a parameter that cannot take the text still
 * keeps the sentence in the description.
 */
export function findConstrainedParam(text: string, targets: readonly string[], all: readonly string[] = targets): string | undefined {
  if (targets.length === 0) return undefined;
  // "At least one field besides `id` must be given": a rule on the other inputs, which names the one it leaves out.
  if (/\b(?:besides|other\s+than|except(?:\s+for)?|apart\s+from)\b/i.test(text)) return undefined;
  const keys = [...new Set([...all, ...targets])];
  // Names in code spans are what the author meant; words count only when no code span names a parameter.
  const inCode = keys.filter((key) => isNamedInCode(text, getLeafName(key)));
  const named = inCode.length > 0 ? inCode : keys.filter((key) => isNamedInWords(text, getLeafName(key)));
  // Two parameters with the same leaf name (`from.date`, `to.date`) are as ambiguous as two names.
  if (named.length !== 1) return undefined;
  return targets.includes(named[0]) ? named[0] : undefined;
}

function getLeafName(key: string): string {
  const parts = key.split('.');
  return parts[parts.length - 1];
}

/** `date`, `date=…`, `date: …`, `date[]`, `date()`. */
export function isNamedInCode(text: string, name: string): boolean {
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const code = match[1].trim();
    if (code === name || (code.startsWith(name) && /^[\s=:[(.]/.test(code.slice(name.length)))) return true;
  }
  return false;
}

/** The name as written (`start_date`), or its words ("start date", "startDate"), with a plural `s`. */
function isNamedInWords(text: string, name: string): boolean {
  const words = splitWords(name);
  if (words.length === 0) return false;
  const forms = [escapeRegExp(name), words.map(escapeRegExp).join('[\\s_-]?')];
  const pattern = new RegExp(`(?<![\\w-])(?:${forms.join('|')})(?:e?s)?(?![\\w-])`, 'i');
  return pattern.test(text.replace(/`[^`\n]*`/g, ' '));
}

/**
 * A regular expression source that matches the parameter's name in a sentence: in a code span (`start_date`),
 * as written, or in its words ("start date"), with a plural `s`.
 */
export function getNamePattern(name: string): string {
  const words = splitWords(name);
  const forms = [escapeRegExp(name), ...(words.length > 1 ? [words.map(escapeRegExp).join('[\\s_-]?')] : [])];
  return `(?:\`${escapeRegExp(name)}\`|(?<![\\w-])(?:${forms.join('|')})(?:e?s)?(?![\\w-]))`;
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word.length > 0);
}
