/** The four inputs of a reference-capable parameter group, by role. */
export type ReferenceInputRole = 'content' | 'path' | 'url' | 'expectedSha256';

/** The argument name used for each role. */
export type ReferenceInputNames = Record<ReferenceInputRole, string>;

export const DEFAULT_REFERENCE_INPUT_NAMES = {
  content: 'content',
  path: 'path',
  url: 'url',
  expectedSha256: 'expected_sha256',
} as const satisfies ReferenceInputNames;

export type DefaultReferenceInputNames = typeof DEFAULT_REFERENCE_INPUT_NAMES;

export function getReferenceInputNames(names: Partial<ReferenceInputNames> = {}): ReferenceInputNames {
  return { ...DEFAULT_REFERENCE_INPUT_NAMES, ...names };
}
