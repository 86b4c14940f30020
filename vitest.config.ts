import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never run against a stale build. Tests that spawn the CLI use the built `dist`, which `pnpm test` builds first.
const conditions = ['source', 'node', 'import', 'module', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['packages/*/tests/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**', 'test/ecosystem/**', 'test/bench/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Third-party packages that also publish a `source` condition (eventsource-parser, through the SDK's
    // HTTP client) must go through Vite, which can load their TypeScript; Node alone cannot.
    server: { deps: { inline: [/@modelcontextprotocol\/sdk/, /eventsource-parser/] } },
  },
});
