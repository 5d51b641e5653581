import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant of the core (see
 * stryker.config.json): the unit tests and the core's integration tests
 * (real HTTP on loopback, in-memory or private keychain). Stryker's per-test
 * coverage runs only the tests that reach a mutant, so most mutants cost a few
 * unit tests. Forks, like the main suite: keytar is a native module that
 * stalls when a second worker thread loads it.
 */
export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['test/unit/**/*.test.ts', 'test/integration/core*.test.ts'],
    exclude: [
      // The Electron shell, the window and the lint rules are not mutated here.
      'test/unit/main*.test.ts',
      'test/unit/preload.test.ts',
      'test/unit/trayMenu.test.ts',
      'test/unit/layerBoundaries.test.ts',
      'test/unit/rendererPath.test.ts',
      'test/unit/trustedUrl.test.ts',
      'test/unit/sandbox*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 10_000,
  },
});
