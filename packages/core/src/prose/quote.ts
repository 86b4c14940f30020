/** A unit's text as a message quotes it: on one line, cut at a word past `max` characters. */
export function buildUnitQuote(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.(\[{-]+$/, '')}…`;
}
