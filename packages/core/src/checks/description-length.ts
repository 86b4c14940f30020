/**
 * Does a tool description pass a targeted client's limit, and what does that client do then? OpenAI
 * rejects the request; Claude Code cuts the text. Shared by `max-description-length` and `measure --check`.
 */
import type { ClientProfile } from '../clients.js';
import { formatCount } from './format.js';

export interface DescriptionLimit {
  readonly client: string;
  readonly limit: number;
  readonly overflow: 'cut' | 'reject';
}

/** The description limits of `clients`, strictest first. */
export function getDescriptionLimits(clients: readonly ClientProfile[]): DescriptionLimit[] {
  return clients
    .filter((client) => client.descriptionMaxChars !== undefined)
    .map((client) => ({ client: client.name, limit: client.descriptionMaxChars!, overflow: client.descriptionOverflow ?? 'cut' }))
    .sort((a, b) => a.limit - b.limit);
}

/** The limits a text of `length` characters passes, strictest first. */
export function findPassedLimits(length: number, limits: readonly DescriptionLimit[]): DescriptionLimit[] {
  return limits.filter((limit) => length > limit.limit);
}

/** "OpenAI API rejects descriptions over 1,024 characters and Claude Code cuts them at 4,096": what each client does. */
export function buildClientClause(passed: readonly DescriptionLimit[]): string {
  const clauses = passed.map((cut, index) => {
    const noun = index === 0 ? 'descriptions' : 'them';
    if (cut.overflow === 'reject') return `${cut.client} rejects ${noun} over ${formatCount(cut.limit)} characters`;
    return `${cut.client} cuts ${noun} at ${formatCount(cut.limit)}${index === 0 ? ' characters' : ''}`;
  });
  return clauses.length <= 1 ? (clauses[0] ?? '') : `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`;
}
