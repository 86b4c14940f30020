/**
 * Rewrites the `--help` blocks of docs/cli.md from what each command prints, leaving the prose alone.
 * Run after changing a help text: `npx tsx packages/cli/scripts/update-cli-doc.ts` (test/cli-help.test.ts
 * fails until the two agree).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { commands, run } from '../src/index.js';

const docUrl = new URL('../../../docs/cli.md', import.meta.url);

async function getHelp(argv: string[]): Promise<string> {
  let text = '';
  const io = { cwd: process.cwd(), stdout: (chunk: string) => (text += chunk), stderr: () => undefined, isTTY: false, env: {} };
  await run(argv, io);
  return text;
}

let doc = readFileSync(docUrl, 'utf8');
const blocks: Array<[string, string[]]> = [['main', ['--help']], ...Object.keys(commands).map((name): [string, string[]] => [name, [name, '--help']])];
for (const [name, argv] of blocks) {
  const help = await getHelp(argv);
  const pattern = new RegExp(`(<!-- help: ${name} -->\\n\`\`\`text\\n)[\\s\\S]*?(\`\`\`)`);
  if (!pattern.test(doc)) {
    process.stderr.write(`docs/cli.md has no "<!-- help: ${name} -->" block: add a section for it.\n`);
    process.exitCode = 1;
    continue;
  }
  doc = doc.replace(pattern, (_match, open: string, close: string) => `${open}${help}${close}`);
}
writeFileSync(docUrl, doc);
