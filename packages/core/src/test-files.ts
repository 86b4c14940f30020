/**
 * Test files and test servers: never slimmed, never wired, never the name of a family (a migration that
 * wired test helpers and filed tools under a family called `test` is the mistake this prevents).
 */

/** Folders that hold tests and their fixtures. */
const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', '__mocks__', '__fixtures__', 'test-fixtures', 'e2e']);

/** `*.test.*`, `*.spec.*` and every file under a test folder; `relativePath` is relative to the project root. */
export function isTestPath(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/).filter((part) => part !== '' && part !== '.' && part !== '..');
  const name = parts[parts.length - 1] ?? '';
  if (/\.(?:test|spec)(?:-d)?\.[cm]?[jt]sx?$/i.test(name)) return true;
  return parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part.toLowerCase()));
}
