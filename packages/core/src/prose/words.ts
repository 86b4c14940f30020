/** Word-level helpers shared by redundancy detection and wording comparison. */

/** Short forms folded to one spelling, so `repo_name` and "the repository name" compare equal. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  repo: 'repository',
  id: 'identifier',
  ids: 'identifier',
  dir: 'directory',
  dirs: 'directory',
  folder: 'directory',
  num: 'number',
  no: 'number',
  msg: 'message',
  desc: 'description',
  max: 'maximum',
  min: 'minimum',
  str: 'string',
  config: 'configuration',
  cfg: 'configuration',
  info: 'information',
  org: 'organization',
  organisation: 'organization',
  env: 'environment',
  src: 'source',
  dst: 'destination',
  dest: 'destination',
  auth: 'authentication',
  len: 'length',
  idx: 'index',
  ts: 'timestamp',
  url: 'url',
  uri: 'url',
  img: 'image',
  pic: 'image',
  param: 'parameter',
  params: 'parameter',
  arg: 'argument',
  args: 'argument',
  opts: 'option',
  ref: 'reference',
  tmp: 'temporary',
  temp: 'temporary',
  db: 'database',
  pwd: 'password',
  usr: 'user',
  lang: 'language',
  q: 'query',
  k: 'count',
  n: 'count',
  cnt: 'count',
  fname: 'filename',
  filepath: 'path',
};

/** Splits an identifier at `_`, `-`, `.`, spaces and camelCase humps: `maxResults` → `max`, `Results`. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

/** Lower case, short forms expanded, a plural `s` dropped: the form words are compared in. */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  const expanded = ABBREVIATIONS[lower] ?? lower;
  return singularize(expanded);
}

function singularize(word: string): string {
  if (word.length <= 3 || /(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Folded words of a piece of prose (punctuation, quotes and backticks dropped; identifiers split). */
export function getWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_.-]+/u)
    .flatMap((token) => splitIdentifier(token.replace(/^[.-]+|[.-]+$/g, '')))
    .map(foldWord);
}
