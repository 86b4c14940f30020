/** Does a tool description say more than the tool's name? Shared by `require-tool-description` and `measure --check`. */
import { normalizeWording } from '../prose/wording.js';

/** `readFileContent` / `read_file-content` → `read file content`. */
function buildWordsFromName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** "Read file." for `read_file`: the description only restates the name. */
export function isNameRestatement(description: string, name: string): boolean {
  const wording = normalizeWording(description);
  return wording === normalizeWording(buildWordsFromName(name)) || wording === normalizeWording(name);
}
