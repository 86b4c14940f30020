/**
 * The plan file of `slim --plan` / `--apply`, through the library: a round trip on a server of our own
 * (plan, mark one moved unit to stay, apply, plan again), plan + apply equal to slim alone on every
 * fixture case, and each refusal (a changed source, a malformed plan, an edited text, a mark not allowed).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildPlanFile, hasChanges, KEPT_FILE, parsePlanFile, planSlim, planSlimFromPlanFile, PlanFileError, writeSlimPlan, type PlanRun, type SlimOptions } from '../src/index.js';
import { findProjectSources, readTree } from './helpers.js';

const fixture = path.join(import.meta.dirname, 'plan-file-fixture');
const fixturesDir = path.join(import.meta.dirname, 'fixtures');
const RUN: PlanRun = { paths: ['src'], wire: true, skipUnprofitable: true };
const KEPT = 'Returns at most 25 recipes, best match first.';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function copyToTemp(from: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-plan-file-'));
  temporary.push(dir);
  cpSync(from, dir, { recursive: true });
  return dir;
}

function optionsFor(dir: string, extra: Partial<SlimOptions> = {}): SlimOptions {
  return { cwd: dir, files: findProjectSources(dir), ...extra };
}

/** The plan file's text for the project as it is now. */
function writePlan(dir: string, extra: Partial<SlimOptions> = {}): string {
  return buildPlanFile(planSlim(optionsFor(dir, extra)), RUN);
}

/** The plan with one unit's mark changed, found by the unit's text. */
function remark(plan: string, text: string, mark: string): string {
  const lines = plan.split('\n');
  const at = lines.findIndex((line) => line.startsWith('- [') && line.includes(`\`${text}\``));
  expect(at, `no item shows ${text}`).toBeGreaterThanOrEqual(0);
  lines[at] = lines[at].replace(/^- \[[^\]]*\]/, `- [${mark}]`);
  return lines.join('\n');
}

function applyText(dir: string, plan: string, extra: Partial<SlimOptions> = {}) {
  return planSlimFromPlanFile(parsePlanFile(plan), optionsFor(dir, extra));
}

function expectRefusal(run: () => unknown, pattern: RegExp): PlanFileError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(PlanFileError);
  expect((caught as PlanFileError).message).toMatch(pattern);
  return caught as PlanFileError;
}

describe('a plan round trip', () => {
  test('plan, mark one moved unit to stay, apply: it stays, the rest moves as planned, and a second plan changes nothing', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    const planned = parsePlanFile(planText);
    const moves = [...planned.marked.values()].filter((unit) => unit.mark.kind === 'move');
    expect(moves.map((unit) => unit.text)).toContain(KEPT);
    const slim = planSlim(optionsFor(dir));

    const result = applyText(dir, remark(planText, KEPT, 'stay'));
    expect(result.problems).toEqual([]);
    writeSlimPlan(result);

    const source = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    const family = readFileSync(path.join(dir, 'docs/tools/recipes.md'), 'utf8');
    expect(source).toContain(KEPT);
    expect(family).not.toContain(KEPT);
    // The rest as planned: every other moved unit is in the family file and out of the source.
    for (const unit of moves.filter((u) => u.text !== KEPT)) {
      expect(family).toContain(unit.text);
      expect(source).not.toContain(unit.text);
    }
    // Exactly one unit fewer moved than slim alone would move.
    const movedCount = (plan: typeof slim) => plan.tools.reduce((n, tool) => n + tool.movedUnits, 0);
    expect(movedCount(result)).toBe(movedCount(slim) - 1);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs/tools', KEPT_FILE), 'utf8')).tools).toEqual({ recipes_find: { description: [KEPT] } });

    const again = planSlim(optionsFor(dir));
    expect(hasChanges(again)).toBe(false);
    const units = (again.units ?? []).flatMap((tool) => tool.texts.flatMap((text) => text.units));
    expect(units.filter((unit) => unit.place !== 'stays')).toEqual([]);
    expect(units.find((unit) => unit.text === KEPT)?.keptByAuthor).toBe(true);
    expect(buildPlanFile(again, RUN)).not.toMatch(/^- \[(?:move|param:)/m);
  });

  test('a unit kept earlier and marked to move in a later plan moves, and leaves the kept file', () => {
    const dir = copyToTemp(fixture);
    writeSlimPlan(applyText(dir, remark(writePlan(dir), KEPT, 'stay')));
    const second = applyText(dir, remark(writePlan(dir), KEPT, 'move'));
    writeSlimPlan(second);
    expect(readFileSync(path.join(dir, 'docs/tools/recipes.md'), 'utf8')).toContain(KEPT);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).not.toContain(KEPT);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs/tools', KEPT_FILE), 'utf8')).tools).toEqual({});
    expect(hasChanges(planSlim(optionsFor(dir)))).toBe(false);
  });

  test('a unit sent to a parameter by the planner can be marked to move instead', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    const toParam = [...parsePlanFile(planText).marked.values()].find((unit) => unit.mark.kind === 'param');
    expect(toParam).toBeDefined();
    const result = applyText(dir, remark(planText, toParam!.text, 'move'));
    writeSlimPlan(result);
    expect(readFileSync(path.join(dir, 'docs/tools/recipes.md'), 'utf8')).toContain(toParam!.text);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).not.toContain(toParam!.text);
  });
});

describe('the markdown of a plan', () => {
  test('reads back every unit text exactly: backticks at the edges, fences inside, blank and indented lines', () => {
    const texts = ['`limit` caps the page.', 'Ends with `x`', 'Two\n\n    indented\nlines', 'A fence:\n```js\nrun();\n```', ' spaced ', 'tab\there', '- [move] u9 `looks like an item`'];
    const units = texts.map((text) => ({ text, category: 'how' as const, topics: [], cue: 'test', place: 'markdown' as const, reason: 'how' as const }));
    const plan = {
      cwd: '/nowhere',
      units: [{ id: 'a.ts#0', name: 'tool', file: 'a.ts', line: 1, family: 'f', instructions: 'docs/tools/f.md', slimmed: true, before: undefined, after: undefined, texts: [{ units, targets: [] }] }],
      read: [],
      errors: [],
      totals: { tools: 1, found: 1, before: { bytes: 1, tokens: 1 }, after: { bytes: 1, tokens: 1 } },
    } as unknown as Parameters<typeof buildPlanFile>[0];
    const parsed = parsePlanFile(buildPlanFile(plan, RUN));
    expect([...parsed.marked.values()].map((unit) => unit.text)).toEqual(texts);
    expect([...parsed.marked.values()].every((unit) => unit.mark.kind === 'move')).toBe(true);
  });
});

describe('docs/plan-file.md', () => {
  test('every item of its example is what --plan writes for the server of our own', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/plan-file.md'), 'utf8');
    const example = /<!-- plan-example -->\n```markdown\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const items = example.split('\n').filter((line) => line.startsWith('- ['));
    expect(items.length).toBeGreaterThanOrEqual(4);
    const plan = writePlan(copyToTemp(fixture)).split('\n');
    for (const item of items) expect(plan).toContain(item);
  });
});

describe('plan + apply equals slim alone', () => {
  const cases = readdirSync(fixturesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  test.each(['plan-file-fixture', ...cases])('%s', (name) => {
    const input = name === 'plan-file-fixture' ? fixture : path.join(fixturesDir, name, 'input');
    const optionsFile = path.join(fixturesDir, name, 'options.json');
    const { sources, skipped: _skipped, keptShared: _kept, ...extra } = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : ({} as Record<string, unknown>);
    const pick = (dir: string) => ({ ...extra, files: findProjectSources(dir).filter((file) => !sources || (sources as string[]).some((s) => file.startsWith(path.join(dir, s) + path.sep))) });
    const alone = copyToTemp(input);
    const slim = planSlim({ cwd: alone, ...pick(alone) });
    writeSlimPlan(slim);
    const viaPlan = copyToTemp(input);
    const options = { cwd: viaPlan, ...pick(viaPlan) };
    const planText = buildPlanFile(planSlim(options), RUN);
    const applied = planSlimFromPlanFile(parsePlanFile(planText), options);
    expect(applied.problems).toEqual([]);
    // The same run: the same tools skipped, for the same reasons, and the same partial status.
    expect(applied.skipped).toEqual(slim.skipped);
    expect(applied.partial).toBe(slim.partial);
    writeSlimPlan(applied);
    expect(readTree(viaPlan)).toEqual(readTree(alone));
  });
});

describe('refusals', () => {
  test('a source changed after the plan was written: named, and nothing planned', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    writeFileSync(path.join(dir, 'src/server.ts'), `${readFileSync(path.join(dir, 'src/server.ts'), 'utf8')}// edited\n`);
    expectRefusal(() => applyText(dir, planText), /src\/server\.ts changed after the plan was written/);
  });

  test('an instruction file created after the plan was written is a changed source too', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    mkdirSync(path.join(dir, 'docs/tools'), { recursive: true });
    writeFileSync(path.join(dir, 'docs/tools/README.md'), '# Tools\n');
    expectRefusal(() => applyText(dir, planText), /docs\/tools\/README\.md was created after the plan was written/);
  });

  test('an unknown mark names its line', () => {
    const dir = copyToTemp(fixture);
    const planText = remark(writePlan(dir), KEPT, 'mvoe');
    const line = planText.split('\n').findIndex((l) => l.includes(`\`${KEPT}\``)) + 1;
    const error = expectRefusal(() => applyText(dir, planText), /"\[mvoe\]" is no mark/);
    expect(error.line).toBe(line);
  });

  test('a missing item, a duplicated item and a broken machine part are malformed', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    const lines = planText.split('\n');
    const at = lines.findIndex((l) => l.includes(`\`${KEPT}\``));
    expectRefusal(() => parsePlanFile([...lines.slice(0, at), ...lines.slice(at + 1)].join('\n')), /the item of unit u\d+ \(recipes_find, description\) is missing/);
    expectRefusal(() => parsePlanFile([...lines.slice(0, at + 1), lines[at], ...lines.slice(at + 1)].join('\n')), /is listed twice/);
    expectRefusal(() => parsePlanFile(planText.replace('"format": "toolslim-slim-plan",', '"format": "toolslim-slim-plan"')), /the machine part is not JSON/);
    expectRefusal(() => parsePlanFile(planText.replace('```json toolslim-plan', '```json')), /the machine part .* is missing/);
  });

  test("an edited unit text is an error, not a new text", () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir).replace(`\`${KEPT}\``, '`Returns at most 10 recipes, best match first.`');
    expectRefusal(() => applyText(dir, planText), /has a text other than the one planned/);
  });

  test('marks not allowed: the opening unit moved, a guardrail moved without !, an unknown parameter, a parameter unit sent to a parameter', () => {
    const dir = copyToTemp(fixture);
    const planText = writePlan(dir);
    expectRefusal(() => applyText(dir, remark(planText, 'Find recipes by ingredient or dish name.', 'move')), /opening unit, which says what the tool does/);
    const guardrail = 'Never delete a recipe the user did not name: ask first when unsure.';
    expectRefusal(() => applyText(dir, remark(planText, guardrail, 'move')), /to move it anyway write \[move!\]/);
    expectRefusal(() => applyText(dir, remark(planText, KEPT, 'param:servings')), /has no parameter of that name/);
    expectRefusal(() => applyText(dir, remark(planText, 'Example: "green curry".', 'param:limit')), /is a parameter's unit/);
  });

  test('a guardrail marked [move!] moves, and the review list names it', () => {
    const dir = copyToTemp(fixture);
    const guardrail = 'Never delete a recipe the user did not name: ask first when unsure.';
    const result = applyText(dir, remark(writePlan(dir), guardrail, 'move!'));
    expect(result.families.flatMap((family) => family.moved.map((unit) => unit.text))).toContain(guardrail);
    expect(result.tools.find((tool) => tool.name === 'recipes_delete')?.review.map((item) => item.text)).toContain(guardrail);
  });

  test('marks that leave too little to pay for serving it are refused once per tool, with the flag that moves them anyway', () => {
    const dir = copyToTemp(fixture);
    const planned = writePlan(dir);
    // Keep everything of recipes_find and recipes_show (the sections before recipes_delete): what is left to move does not pay.
    const deleteStart = planned.indexOf('## recipes_delete');
    const planText = planned.slice(0, deleteStart).replace(/^- \[(?:move|param:[^\]]+)\]/gm, '- [stay]') + planned.slice(deleteStart);
    const error = expectRefusal(() => applyText(dir, planText), /\(recipes_delete\) are marked \[move\](?: or \[move!\])?, but slim would leave them where they are: moving \d+ bytes in all would not pay .*Write the plan again with --even-if-larger to move them anyway\./);
    expect(error.message.split('\n')).toHaveLength(1);
  });

  test('a mark slim cannot carry out is refused with what slim would do and why', () => {
    const dir = copyToTemp(path.join(fixturesDir, 'too-small-to-pay', 'input'));
    const planText = writePlan(dir);
    // A unit the planner would move, left in place because its tool would save too little.
    const first = [...parsePlanFile(planText).marked.values()].find((unit) => planText.split('\n')[unit.line - 1].includes('the planner would move it'));
    expect(first).toBeDefined();
    expectRefusal(() => applyText(dir, remark(planText, first!.text, 'move')), /is marked \[move\], but slim would leave it where it is: /);
  });
});
