import { countTokens, formatCount } from '@toolslim/core';

/** Numbers in messages are written the way users read them: 5,210 (core's, so rules and the CLI agree). */
export { formatCount };

/** The data every length message carries: characters and the o200k_base token estimate. */
export function getTextCost(text: string): { chars: string; tokens: string } {
  return { chars: formatCount(text.length), tokens: formatCount(countTokens(text)) };
}

/** Long quoted text is shortened in messages so a squiggle's hover stays readable. */
export function buildQuote(text: string, maxLength = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1)}…`;
}
