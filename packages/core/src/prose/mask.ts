/** The text that word cues read: literals (inline code, URLs, quoted strings) masked, lengths kept. */

/**
 * Replaces the inside of inline code, URLs and quoted strings with `x` (same length, so offsets stay
 * valid, and a masked literal still reads as one word: "Use `xxxxxxxxx` instead").
 */
export function maskLiterals(text: string): string {
  return text.replace(/(`+)[^`][\s\S]*?\1(?!`)|\bhttps?:\/\/\S+|"[^"\n]*"|(?<!\w)'[^'\n]*'(?!\w)/g, (literal) =>
    literal[0] + 'x'.repeat(Math.max(0, literal.length - 2)) + (literal.length > 1 ? literal[literal.length - 1] : ''),
  );
}
