/**
 * Rules and codemod agree. `toolslim slim` (the codemod API) runs on copies of the fixture servers with
 * verbose descriptions (fixtures/verbose-catalogue and the inputs of the codemod's fixture cases), then
 * ESLint with `configs.recommended` lints the slimmed files:
 * - on the tools slim slimmed, `no-how-in-description` and `max-description-sentences` report nothing:
 *   not what slim would still move, not its pointer sentence, not the constraints it gave a parameter.
 *   Tools slim leaves alone on purpose (moving their few bytes would not pay for the pointer, or their
 *   text is shared or built at run time) are outside this check;
 * - slim never moves a unit the cues call a guardrail.
 * Both read core's one planner, so a disagreement here is a unit the planner reads differently in the
 * slimmed text than in the original, or a target the rule offers that slim cannot edit.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parser from '@typescript-eslint/parser';
import { analyzeSource, classifySentences, type ClassifiedSentence, type ToolDecl } from '@toolslim/core';
import { ESLint, type Linter } from 'eslint';
import plugin from 'eslint-plugin-toolslim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSlim, writeSlimPlan, type SlimOptions, type SlimPlan } from '../packages/codemod/src/index.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CODEMOD_CASES = path.join(ROOT, 'packages/codemod/tests/fixtures');
const RULES = new Set(['toolslim/no-how-in-description', 'toolslim/max-description-sentences']);
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * Disagreements the codemod owns, each with its reason (docs/how-categories.md, "Rules and codemod"):
 * when one is fixed, the test says so and the entry goes.
 */
const KNOWN: Readonly<Record<string, string>> = {
  // (round 3 of issue 10: repo_read_file's "Rules:" list now stays whole as constraints, so slim leaves that tool alone)
};

interface Project {
  readonly name: string;
  readonly dir: string;
  readonly options: Partial<SlimOptions>;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function listSources(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'docs') out.push(...listSources(dir, relative));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, relative));
  }
  return out.sort();
}

/** The projects to slim: the verbose catalogue and every codemod fixture input, each copied to a temporary folder. */
function copyProjects(workDir: string): Project[] {
  const projects: Project[] = [];
  const catalogue = path.join(workDir, 'verbose-catalogue');
  cpSync(path.join(ROOT, 'fixtures/verbose-catalogue'), catalogue, { recursive: true });
  projects.push({ name: 'verbose-catalogue', dir: catalogue, options: {} });
  for (const name of readdirSync(CODEMOD_CASES).sort()) {
    const input = path.join(CODEMOD_CASES, name, 'input');
    if (!existsSync(input)) continue;
    const optionsFile = path.join(CODEMOD_CASES, name, 'options.json');
    const { skipped: _skipped, ...options } = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {};
    const dir = path.join(workDir, name);
    cpSync(input, dir, { recursive: true });
    projects.push({ name, dir, options });
  }
  return projects;
}

/** Every tool declared in a slimmed file, with the file's text (for mapping a report to its tool). */
function readTools(file: string): ToolDecl[] {
  try {
    return [...analyzeSource(readFileSync(file, 'utf8'), { filePath: file }).tools];
  } catch {
    return [];
  }
}

function getName(tool: ToolDecl): string | undefined {
  return tool.name?.kind === 'static' ? tool.name.value : undefined;
}

interface Slimmed {
  readonly project: Project;
  readonly plan: SlimPlan;
  readonly results: ESLint.LintResult[];
}

let workDir: string;
const slimmed: Slimmed[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'toolslim-agree-'));
  for (const project of copyProjects(workDir)) {
    const plan = planSlim({ ...project.options, cwd: project.dir, files: listSources(project.dir) });
    expect(plan.problems, project.name).toEqual([]);
    writeSlimPlan(plan);
    const eslint = new ESLint({
      cwd: project.dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.{ts,js,mjs,cjs,tsx}'], languageOptions: { parser }, ...plugin.configs.recommended }],
    });
    const results = await eslint.lintFiles(listSources(project.dir));
    slimmed.push({ project, plan, results });
  }
}, 600_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('rules and codemod agree', () => {
  it('slims at least the verbose catalogue and ten codemod fixture projects', () => {
    expect(slimmed.length).toBeGreaterThanOrEqual(11);
    expect(slimmed.reduce((sum, { plan }) => sum + plan.tools.length, 0)).toBeGreaterThanOrEqual(60);
  });

  it('leaves no report on what slim slimmed: nothing it would move, nothing it wrote (its pointer, the constraints it gave a parameter)', () => {
    const fixable: string[] = [];
    const known: string[] = [];
    for (const { project, plan, results } of slimmed) {
      const slimmedNames = new Set(plan.tools.map((tool) => tool.name));
      for (const result of results) {
        const tools = readTools(result.filePath);
        for (const message of result.messages.filter((m: Linter.LintMessage) => m.ruleId !== null && RULES.has(m.ruleId))) {
          const where = `${project.name}/${path.relative(project.dir, result.filePath)}:${message.line}`;
          const tool = findReportedTool(tools, message, result.filePath);
          const name = tool && getName(tool);
          if (name === undefined || !slimmedNames.has(name)) continue;
          const key = `${project.name} ${name} ${message.ruleId}`;
          if (KNOWN[key]) {
            known.push(key);
            continue;
          }
          fixable.push(`${where} ${name}: ${message.message.slice(0, 160)}`);
        }
      }
    }
    expect(fixable).toEqual([]);
    expect([...new Set(known)].sort()).toEqual(Object.keys(KNOWN).sort());
  });

  it('never moves a unit the cues call a guardrail', () => {
    const disagreements: string[] = [];
    for (const { project, plan } of slimmed) {
      for (const tool of plan.tools) {
        const after = collapse(tool.descriptionAfter);
        const moved = classifySentences(tool.descriptionBefore).filter((unit) => !after.includes(collapse(unit.text)));
        // A guardrail block slim opened (its tag is still there) is checked unit by unit: its guardrails stay.
        const movedGuardrail = moved.flatMap((unit) => findGuardrails(unit, after)).filter((unit) => !after.includes(collapse(unit.text)));
        if (movedGuardrail.length > 0) disagreements.push(`${project.name} ${tool.name}: moved guardrail ${movedGuardrail.map((unit) => `"${unit.text.slice(0, 60)}"`).join('; ')}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

/** The tool a report is about: the one whose name the message quotes, else the one whose declaration holds the line. */
function findReportedTool(tools: readonly ToolDecl[], message: Linter.LintMessage, file: string): ToolDecl | undefined {
  const quoted = /description of "([^"]+)"/.exec(message.message)?.[1];
  if (quoted) return tools.find((tool) => getName(tool) === quoted);
  const param = /parameter "([^"]+)"/.exec(message.message)?.[1];
  return tools.find((tool) => {
    const loc = tool.node.loc;
    const holdsLine = loc !== undefined && loc.start.line <= message.line && message.line <= loc.end.line;
    return holdsLine || (param !== undefined && tool.params.some((p) => p.path.join('.') === param && p.node.loc?.start.line === message.line && path.isAbsolute(file)));
  });
}

/** A guardrail unit, or the guardrail units inside a guardrail block whose opening tag is still in `after`. */
function findGuardrails(unit: ClassifiedSentence, after: string): ClassifiedSentence[] {
  if (unit.category !== 'guardrail') return [];
  const open = /^<([A-Za-z][\w.:-]*)(?:\s[^>]*)?>/.exec(unit.text);
  const close = open ? `</${open[1]}>` : '';
  if (!open || unit.markupKind !== 'xml-block' || !unit.text.endsWith(close) || !after.includes(open[0])) return [unit];
  return classifySentences(unit.text.slice(open[0].length, unit.text.length - close.length).trim()).flatMap((inner) => findGuardrails(inner, after));
}
