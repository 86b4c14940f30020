/** Fills `{{name}}` placeholders the way ESLint does, so a check's message reads the same in the editor and in `measure --check`. */
export function formatMessage(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** "a, b and c". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** 4096 → "4,096", as every message writes numbers. */
export function formatCount(value: number): string {
  // Counts are safe integers: grouped by hand, since `toLocaleString` builds a formatter on every call
  // and runs for every report of every lint.
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** One problem a check found, as a message id and its data (rules report them; the CLI prints them). */
export interface CheckFinding<MessageId extends string = string> {
  readonly messageId: MessageId;
  readonly data: Record<string, string | number>;
}
