import type { Reporter, TestModule } from 'vitest/node';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never run against a stale build. Tests that spawn the CLI use the built `dist`, which `pnpm test` builds first.
const conditions = ['source', 'node', 'import', 'module', 'default'];

/**
 * Suites that take minutes, install packages or start many servers: `pnpm test:slow` (and `.ci/run`)
 * runs them, the contributor's `pnpm test` does not. The language server over a real editor protocol,
 * linting whole installed packages (no-throw), the newcomer test (pack, npm install, run every command),
 * the tarball checks (pack every package), and the end-to-end suites that start every fixture server or
 * run jscodeshift's worker processes (together about a minute of CPU on two cores).
 */
const SLOW = [
  'test/editor/**/*.test.ts',
  'packages/core/tests/no-throw.test.ts',
  'test/eslint-installed-packages.test.ts',
  'test/newcomer/**/*.test.ts',
  'test/packages/**/*.test.ts',
  'test/cli-report-fixtures.test.ts',
  'test/cli-measure.test.ts',
  'test/fixture-servers.test.ts',
  'test/codemod-jscodeshift.test.ts',
  'test/codemod-slim-server.test.ts',
  'packages/runtime/tests/gate-memory.test.ts',
  'test/toolsets-catalogue.test.ts',
];
const EXCLUDE = ['**/node_modules/**', '**/fixtures/**', 'test/ecosystem/**', 'test/bench/**'];
const slow = process.env.TOOLSLIM_TESTS === 'slow';

/** Under CI=true a skipped or todo test fails the run: a skip must not pass silently. */
class FailOnSkip implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!process.env.CI || process.env.CI === 'false') return;
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests()].filter((test) => test.result().state === 'skipped').map((test) => `${module.moduleId}: ${test.fullName}`),
    );
    if (skipped.length === 0) return;
    process.stderr.write(`\nCI=true and ${skipped.length} test(s) were skipped:\n${skipped.map((name) => `  ${name}\n`).join('')}`);
    process.exitCode = 1;
  }
}

// Vite warns once per third-party file whose source map names sources the package does not ship (the
// MCP SDK, which goes through Vite below); nothing in our code can act on it. Vitest replaces
// `customLogger`, so the resolved logger is wrapped instead.
const MISSING_SOURCES = /Sourcemap for .* points to missing source files/;
const quietSourcemaps: Plugin = {
  name: 'toolslim:quiet-missing-sourcemaps',
  configResolved(config) {
    const { logger } = config;
    const warnOnce = logger.warnOnce.bind(logger);
    const warn = logger.warn.bind(logger);
    logger.warnOnce = (message, options) => (MISSING_SOURCES.test(message) ? undefined : warnOnce(message, options));
    logger.warn = (message, options) => (MISSING_SOURCES.test(message) ? undefined : warn(message, options));
  },
};

export default defineConfig({
  plugins: [quietSourcemaps],
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['packages/*/tests/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: slow ? EXCLUDE : [...EXCLUDE, ...SLOW],
    ...(slow ? { include: SLOW } : {}),
    // A guard against a hang, not a speed check: no test asserts how fast it runs (timing is in
    // test/bench/, as ratios), and on a loaded 2-core machine a sound test can take minutes.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of the fast command's time was each test file importing our TypeScript sources (and
    // typescript-estree, ESLint, zod, ts-morph) again in a fresh module graph: 156 s of 210 s CPU.
    // The fast suites share one worker's modules instead (docs/benchmarks.md, "Test command");
    // test/setup.ts puts back what a file may change in the process (timers, cwd, env). The slow
    // suites start servers and child processes and keep one module graph per file.
    isolate: slow,
    setupFiles: ['test/setup.ts'],
    reporters: ['default', new FailOnSkip()],
    // Third-party packages that also publish a `source` condition (eventsource-parser, through the SDK's
    // HTTP client) must go through Vite, which can load their TypeScript; Node alone cannot.
    server: { deps: { inline: [/@modelcontextprotocol\/sdk/, /eventsource-parser/] } },
  },
});
