import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  mergeScores,
  mutationSection,
  reportSchema,
  scoresSchema,
  summarize,
  withMutationSection,
  type Report,
  type Scores,
} from '../../scripts/mutation/scores.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const docPath = path.join(repoRoot, 'docs/mutation.md');
const committedScores = async () =>
  scoresSchema.parse(JSON.parse(await readFile(path.join(repoRoot, 'docs/mutation-scores.json'), 'utf8')));

function report(statuses: string[], config: Partial<Report['config']> = {}): Report {
  return reportSchema.parse({
    files: { 'src/core/http/failure.ts': { mutants: statuses.map((status) => ({ status })) } },
    config: {
      mutate: ['src/core/http/failure.ts'],
      vitest: { configFile: 'test/mutation/vitest.unit.config.ts' },
      ignoreStatic: false,
      force: true,
      jsonReporter: { fileName: 'reports/mutation/rules.json' },
      ...config,
    },
  });
}

/** The mutation scores in docs/mutation.md come from the runs' reports, never from a hand. */
describe('docs/mutation-scores.json and docs/mutation.md', () => {
  test('the mutation table in docs/mutation.md is exactly what npm run mutation:readme makes from docs/mutation-scores.json', async () => {
    const doc = (await readFile(docPath, 'utf8')).replaceAll('\r\n', '\n');
    const made = withMutationSection(doc, await mutationSection(await committedScores(), docPath));
    expect(doc).toBe(made);
  });

  test('every file in the summary exists and is listed once', async () => {
    const files = (await committedScores()).files.map((f) => f.file);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
  });

  test('src/core/http/failure.ts is measured, and over 90 %', async () => {
    const row = (await committedScores()).files.find((f) => f.file === 'src/core/http/failure.ts');
    expect(row).toBeDefined();
    expect(row && 'mutants' in row ? (row.killed + row.timedOut) / row.mutants : 0).toBeGreaterThan(0.9);
  });
});

describe('a report becomes one row per file', () => {
  test('killed and timed out count as detected; ignored and erroneous mutants count for neither side', () => {
    const [row] = summarize(
      report([
        'Killed',
        'Killed',
        'Timeout',
        'Survived',
        'NoCoverage',
        'Ignored',
        'CompileError',
        'RuntimeError',
      ]),
      '2026-11-25',
    );
    expect(row).toEqual({
      file: 'src/core/http/failure.ts',
      scope: 'rules',
      tests: 'unit',
      staticMutants: true,
      measured: '2026-11-25',
      mutants: 5,
      killed: 2,
      timedOut: 1,
      survived: 1,
      noCoverage: 1,
    });
  });

  test('the scope, the tests and whether static mutants ran are read from the run’s own settings', () => {
    const [row] = summarize(
      report(['Killed'], {
        vitest: { configFile: 'test/mutation/vitest.config.ts' },
        ignoreStatic: true,
        jsonReporter: { fileName: 'reports/mutation/http.json' },
      }),
      '2026-11-25',
    );
    expect(row).toMatchObject({ scope: 'http', tests: 'unit+integration', staticMutants: false });
  });

  test('files the report repeats from earlier runs (the incremental file) are left out', () => {
    const earlier = report(['Killed']);
    const withEarlier = reportSchema.parse({
      ...earlier,
      files: { ...earlier.files, 'src/core/http/redact.ts': { mutants: [{ status: 'Survived' }] } },
    });
    expect(summarize(withEarlier, '2026-11-25').map((r) => r.file)).toEqual(['src/core/http/failure.ts']);
    const scope = reportSchema.parse({
      ...withEarlier,
      config: { ...withEarlier.config, mutate: ['src/core/http/**/*.ts', '!src/core/http/redact.ts'] },
    });
    expect(summarize(scope, '2026-11-25').map((r) => r.file)).toEqual(['src/core/http/failure.ts']);
  });

  test('an incremental run is refused: it reuses earlier results as they were', () => {
    expect(() => summarize(report(['Killed'], { force: false }), '2026-11-25')).toThrow(/--force/);
    expect(() => summarize(report(['Killed'], { force: undefined }), '2026-11-25')).toThrow(/--force/);
  });

  test('a run with some other test set is refused rather than guessed', () => {
    expect(() =>
      summarize(report(['Killed'], { vitest: { configFile: 'vitest.config.ts' } }), '2026-11-25'),
    ).toThrow(/not one of the mutation test sets/);
  });

  test('a new run replaces only its own files', () => {
    const before: Scores = {
      files: [
        { file: 'a.ts', scope: 'rules', notReMeasuredSince: '2026-11-23' },
        { file: 'src/core/http/failure.ts', scope: 'rules', notReMeasuredSince: '2026-11-23' },
      ],
    };
    const after = mergeScores(before, summarize(report(['Killed', 'Survived']), '2026-11-25'));
    expect(after.files[0]).toEqual(before.files[0]);
    expect(after.files[1]).toMatchObject({ file: 'src/core/http/failure.ts', mutants: 2, killed: 1 });
  });
});

describe('the table people read', () => {
  test('a measured file shows its score, tests and date; one not re-measured claims no score', async () => {
    const scores = mergeScores(
      { files: [{ file: 'src/cli/args.ts', scope: 'rules', notReMeasuredSince: '2026-11-23' }] },
      summarize(report([...Array<string>(9).fill('Killed'), 'Survived']), '2026-11-25'),
    );
    const lines = (await mutationSection(scores, docPath)).split('\n');
    const failure = lines.find((l) => l.includes('`src/core/http/failure.ts`')) ?? '';
    expect(failure.split('|').map((c) => c.trim())).toEqual([
      '',
      '`src/core/http/failure.ts`',
      'rules',
      'unit',
      '10',
      '90.0',
      '2026-11-25',
      '',
    ]);
    const args = lines.find((l) => l.includes('`src/cli/args.ts`')) ?? '';
    expect(args).toContain('not re-measured since 2026-11-23');
    expect(args.replace('2026-11-23', '')).not.toMatch(/\d/);
    expect(lines[0]).toContain('1 of 2 files measured');
  });
});
