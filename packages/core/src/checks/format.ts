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
  return value.toLocaleString('en-US');
}

/** One problem a check found, as a message id and its data (rules report them; the CLI prints them). */
export interface CheckFinding<MessageId extends string = string> {
  readonly messageId: MessageId;
  readonly data: Record<string, string | number>;
}
