/**
 * The rule map, the rule files, the tests and the docs pages must name the same rules; configs must
 * follow from each rule's meta; messages and schemas must follow STYLE.md; and every example in the
 * docs must do what its heading says when linted by the real ESLint.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { rules } from '../src/index.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(packageDir, '..', '..');
const docsDir = join(repoDir, 'docs', 'rules');
const ruleNames = Object.keys(rules).sort();
// typescript-eslint's rule types and ESLint's own do not line up (`RuleContext` differs); at run time they are the same objects.
const eslintPlugin: ESLint.Plugin = plugin;

function listNames(dir: string, suffix: string, except: readonly string[] = []): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(suffix) && !except.includes(file))
    .map((file) => basename(file, suffix))
    .sort();
}

interface DocExample {
  readonly kind: 'incorrect' | 'correct';
  readonly code: string;
  readonly line: number;
}

/** The ```ts blocks under the "❌ Incorrect" and "✅ Correct" headings of a rule page. */
function findDocExamples(markdown: string): DocExample[] {
  const examples: DocExample[] = [];
  let kind: DocExample['kind'] | undefined;
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.startsWith('#')) kind = line.includes('❌') ? 'incorrect' : line.includes('✅') ? 'correct' : undefined;
    if (kind && /^```(?:ts|js)\s*$/.test(line)) {
      const end = lines.indexOf('```', index + 1);
      examples.push({ kind, code: lines.slice(index + 1, end).join('\n'), line: index + 1 });
      index = end;
    }
  }
  return examples;
}

describe('rule map, files, tests and docs', () => {
  it('names the same rules everywhere', () => {
    expect(listNames(join(packageDir, 'src', 'rules'), '.ts', ['index.ts'])).toEqual(ruleNames);
    expect(listNames(join(packageDir, 'tests', 'rules'), '.test.ts')).toEqual(ruleNames);
    expect(listNames(docsDir, '.md')).toEqual(ruleNames);
  });

  it.each(ruleNames)('%s: name, docs URL, messages and schema follow the style guide', (name) => {
    const rule = rules[name as keyof typeof rules];
    expect(name).toMatch(/^(?:no|prefer|require|consistent|max|valid|distinct|annotations|api)-[a-z-]+$/);
    expect(rule.meta.docs?.url).toMatch(new RegExp(`/docs/rules/${name}\\.md$`));
    expect(rule.meta.docs?.description).toBeTruthy();
    for (const [messageId, message] of Object.entries(rule.meta.messages)) {
      expect(messageId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(message, `${name}.${messageId}`).toMatch(/^[A-Z`{"].*\.$/s);
    }
    for (const schema of rule.meta.schema as Array<{ type?: string; properties?: Record<string, { description?: string }>; additionalProperties?: unknown }>) {
      expect(schema.additionalProperties, name).toBe(false);
      for (const [property, definition] of Object.entries(schema.properties ?? {})) {
        expect(definition.description, `${name}.${property}`).toBeTruthy();
      }
    }
    const hasOptions = (rule.meta.schema as unknown[]).length > 0;
    expect(rule.meta.defaultOptions !== undefined, `${name} has defaultOptions exactly when it has options`).toBe(hasOptions);
  });
});

describe('rule tests', () => {
  it.each(ruleNames)('%s: every messageId and every option is exercised by its test file', (name) => {
    const rule = rules[name as keyof typeof rules];
    const testSource = readFileSync(join(packageDir, 'tests', 'rules', `${name}.test.ts`), 'utf8');
    for (const messageId of Object.keys(rule.meta.messages)) expect(testSource, `${name}: ${messageId}`).toContain(`'${messageId}'`);
    for (const schema of rule.meta.schema as ReadonlyArray<{ properties?: Record<string, unknown> }>) {
      for (const option of Object.keys(schema.properties ?? {})) expect(testSource, `${name}: option ${option}`).toMatch(new RegExp(`\\b${option}:`));
    }
  });
});

describe('configs', () => {
  const tierOf = (name: string) => rules[name as keyof typeof rules].meta.docs?.recommended;
  const enabled = (config: 'recommended' | 'strict' | 'all') => Object.keys(plugin.configs[config].rules ?? {}).sort();

  it('derive from each rule meta', () => {
    expect(enabled('recommended')).toEqual(ruleNames.filter((name) => tierOf(name) === 'recommended').map((name) => `toolslim/${name}`));
    expect(enabled('strict')).toEqual(ruleNames.filter((name) => tierOf(name) !== undefined).map((name) => `toolslim/${name}`));
    expect(enabled('all')).toEqual(ruleNames.map((name) => `toolslim/${name}`));
    expect(enabled('strict')).toContain('toolslim/no-input-truncation');
    expect(enabled('recommended')).not.toContain('toolslim/no-input-truncation');
  });

  it('carry the plugin itself and its name and version', () => {
    const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(plugin.meta).toEqual({ name: packageJson.name, version: packageJson.version });
    for (const config of Object.values(plugin.configs)) expect(config.plugins?.toolslim).toBe(plugin);
  });
});

describe('docs examples, linted by ESLint', () => {
  it.each(ruleNames)('%s: every ❌ example is reported and every ✅ example is not', async (name) => {
    const examples = findDocExamples(readFileSync(join(docsDir, `${name}.md`), 'utf8'));
    expect(examples.some((example) => example.kind === 'incorrect')).toBe(true);
    expect(examples.some((example) => example.kind === 'correct')).toBe(true);
    const eslint = new ESLint({
      cwd: packageDir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser }, plugins: { toolslim: eslintPlugin }, rules: { [`toolslim/${name}`]: 'error' } }],
    });
    for (const example of examples) {
      const [result] = await eslint.lintText(example.code, { filePath: join(packageDir, 'example.ts') });
      const where = `docs/rules/${name}.md:${example.line}`;
      expect(result.messages.filter((message) => message.fatal), where).toEqual([]);
      const reported = result.messages.filter((message) => message.ruleId === `toolslim/${name}`);
      if (example.kind === 'incorrect') expect(reported.length, where).toBeGreaterThan(0);
      else expect(reported.map((message) => message.message), where).toEqual([]);
    }
  });
});

describe('generated docs', () => {
  // eslint-doc-generator loads the built plugin; `pnpm test` builds before it runs the tests.
  it.runIf(existsSync(join(packageDir, 'dist', 'index.js')))('headers, options lists and the README table are up to date', () => {
    const run = () => execFileSync(join(packageDir, 'node_modules', '.bin', 'eslint-doc-generator'), ['--check'], { cwd: packageDir, encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  });
});
