// @ts-check
/**
 * Mutation testing (npm run test:mutation, not part of npm test). A full run
 * over every folder below is about 2,500 mutants, many of them reached only by
 * the core's integration tests (real HTTP on loopback): hours on 2 cores. So a
 * run mutates one scope, chosen with MUTATION_SCOPE (default `rules`):
 *
 *   rules    the pure security and state rules (base URL and loopback, token
 *            redaction, transport failures, Retry-After, call transitions, poll
 *            delay, GET encoding, JSON values, the CLI's --arg/--args), killed
 *            by unit tests alone
 *   http     src/core/http           tracker  src/core/tracker
 *   store    src/core/store          models   src/shared/models
 *
 * The folder scopes leave out the files of `rules`; http, tracker and store
 * also run the core's integration tests (MUTATION_TESTS below). Stryker's
 * incremental mode (reports/mutation/<scope>.incremental.json) re-tests only
 * the mutants whose code or tests changed since the last run of that scope.
 * See docs/mutation.md.
 */
const rules = [
  'src/core/http/targetUrl.ts',
  'src/shared/net/loopback.ts',
  'src/core/echo/echoMask.ts',
  'src/core/echo/spellings.ts',
  'src/core/http/failure.ts',
  'src/core/http/retryAfter.ts',
  'src/core/http/queryEncoding.ts',
  'src/shared/getEncoding.ts',
  'src/core/tracker/transitions.ts',
  'src/core/tracker/pollPolicy.ts',
  'src/shared/models/pollPolicy.ts',
  'src/shared/models/json.ts',
  'src/cli/args.ts',
];
/** A folder without the rules, which the `rules` scope already measures. */
const folder = (glob) => [glob, ...rules.map((file) => `!${file}`)];
const withIntegration = 'test/mutation/vitest.config.ts';
/**
 * The folder scopes with integration tests leave out static mutants (code run
 * at import: module constants, regular expressions built once): one can't be
 * switched on per test, so each re-runs every test of the scope, about a
 * minute apiece, where a covered mutant costs a few seconds. With them a
 * scope takes hours on 2 cores; without, 20 to 40 minutes.
 */
const scopes = {
  rules: { mutate: rules, vitestConfig: 'test/mutation/vitest.unit.config.ts' },
  http: { mutate: folder('src/core/http/**/*.ts'), vitestConfig: withIntegration, ignoreStatic: true },
  tracker: { mutate: folder('src/core/tracker/**/*.ts'), vitestConfig: withIntegration, ignoreStatic: true },
  store: { mutate: folder('src/core/store/**/*.ts'), vitestConfig: withIntegration, ignoreStatic: true },
  // Pure schemas: over half their mutants are static (run at import), and the
  // integration tests would add a minute to each of them.
  models: {
    mutate: folder('src/shared/models/**/*.ts'),
    vitestConfig: 'test/mutation/vitest.unit.config.ts',
  },
};

const scopeName = process.env.MUTATION_SCOPE ?? 'rules';
const scope = scopes[/** @type {keyof typeof scopes} */ (scopeName)];
if (scope === undefined) {
  throw new Error(
    `MUTATION_SCOPE=${scopeName} is not a scope; use one of: ${Object.keys(scopes).join(', ')}.`,
  );
}

/**
 * MUTATION_TESTS=unit runs a folder scope against the unit tests alone
 * (test/mutation/vitest.unit.config.ts): much faster, for files the unit tests
 * cover; MUTATION_TESTS=all adds the core's integration tests.
 */
const testSets = { unit: 'test/mutation/vitest.unit.config.ts', all: withIntegration };
const testsName = process.env.MUTATION_TESTS;
const vitestConfig =
  testsName === undefined ? scope.vitestConfig : testSets[/** @type {keyof typeof testSets} */ (testsName)];
if (vitestConfig === undefined) {
  throw new Error(
    `MUTATION_TESTS=${testsName} is not a test set; use one of: ${Object.keys(testSets).join(', ')}.`,
  );
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  testRunner: 'vitest',
  // Forks, like the main suite: keytar stalls when a second worker thread loads it.
  vitest: { configFile: vitestConfig, pool: 'forks' },
  coverageAnalysis: 'perTest',
  mutate: scope.mutate,
  ignoreStatic: 'ignoreStatic' in scope && scope.ignoreStatic,
  concurrency: 2,
  incremental: true,
  incrementalFile: `reports/mutation/${scopeName}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scopeName}.html` },
  jsonReporter: { fileName: `reports/mutation/${scopeName}.json` },
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportScoreTable: true,
    reportMutants: true,
  },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['out', 'test-results', '.bench', 'reports', 'resources'],
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 3000,
};
