import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { benchmarks, npmScriptOf, repoRoot } from '../../bench/benchmarks.ts';
import { figure, figureSchema } from '../../bench/support/figures.ts';
import {
  performanceSection,
  SECTION_END,
  SECTION_START,
  withSection,
} from '../../bench/support/performanceSection.ts';
import { resultsSchema } from '../../bench/support/results.ts';

const docPath = path.join(repoRoot, 'docs/performance.md');
const committedResults = async () =>
  resultsSchema.parse(JSON.parse(await readFile(path.join(repoRoot, 'bench/results.json'), 'utf8')));

/** The performance figures in docs/performance.md come from the committed benchmark run, never from a hand. */
describe('bench/results.json and docs/performance.md', () => {
  test('the performance table in docs/performance.md is exactly what npm run bench:readme makes from bench/results.json', async () => {
    // A Windows checkout may turn line ends into CRLF; the figures are what is compared.
    const doc = (await readFile(docPath, 'utf8')).replaceAll('\r\n', '\n');
    const made = withSection(doc, await performanceSection(await committedResults(), docPath));
    expect(doc).toBe(made);
  });

  test('the committed run is a full one, with every benchmark and none failed', async () => {
    const results = await committedResults();
    expect(results.short).toBe(false);
    expect(results.benchmarks.map((b) => b.name)).toEqual(benchmarks.map((b) => b.name));
    expect(results.benchmarks.filter((b) => b.error !== null)).toEqual([]);
  });

  test('a benchmark that failed shows in the table as failed, with why, next to the figures of the others', async () => {
    const results = await committedResults();
    const [first, ...rest] = results.benchmarks;
    const failed = { ...first!, exitCode: 1, error: 'exited with 1', figures: [] };
    const section = await performanceSection({ ...results, benchmarks: [failed, ...rest] }, docPath);
    expect(section).toMatch(
      new RegExp(`\\| ${failed.name}: the benchmark failed +\\| exited with 1 .*\\| MISSED +\\|`),
    );
    for (const f of rest.flatMap((b) => b.figures)) expect(section).toContain(f.name);
    for (const f of first!.figures) expect(section).not.toContain(f.name);
  });

  test('a figure typed into the table is overwritten: the section is rebuilt between the markers', () => {
    const doc = `# Intro\n\n${SECTION_START}\n\n| hand | typed |\n\n${SECTION_END}\nafter\n`;
    expect(withSection(doc, 'made\n')).toBe(`# Intro\n\n${SECTION_START}\n\nmade\n\n${SECTION_END}\nafter\n`);
    expect(() => withSection('# no markers\n', 'made\n')).toThrow(/no performance markers/);
  });
});

describe('figures', () => {
  const target = { on: 'ratio', op: '<=', limit: 1.5, source: 'issue 23' } as const;
  /** 0.9 ms against a 0.3 ms baseline: a ratio of 3, over its 1.5 target. */
  const coreFigure = () =>
    figure({
      name: 'core',
      value: 0.9,
      unit: 'ms',
      baseline: { name: 'bare', value: 0.3, unit: 'ms' },
      target,
    });

  test('ratio is value over the baseline of the same run, and the target is judged on it', () => {
    const f = coreFigure();
    expect(f.ratio).toBeCloseTo(3);
    expect(f.met).toBe(false);
    expect(figure({ ...f, value: 0.45 }).met).toBe(true);
  });

  test('a figure nothing was measured for misses its target, and says what was found', () => {
    const f = figure({
      name: 'lib',
      value: null,
      unit: 'ms',
      target: { ...target, on: 'value' },
      found: 'no rows within 60 s',
    });
    expect(f).toMatchObject({ ratio: null, met: false, found: 'no rows within 60 s' });
    const noBaseline = figure({
      name: 'x',
      value: 1,
      unit: 'ms',
      baseline: { name: 'lib', value: null, unit: 'ms' },
      target,
    });
    expect(noBaseline).toMatchObject({ ratio: null, met: false });
  });

  test('a figure whose verdict or ratio does not follow from its numbers is refused', () => {
    const f = coreFigure();
    expect(figureSchema.safeParse(f).success).toBe(true);
    expect(figureSchema.safeParse({ ...f, met: true }).success).toBe(false);
    expect(figureSchema.safeParse({ ...f, ratio: 1.2 }).success).toBe(false);
  });
});

test('each bench:NAME script in package.json runs the command npm run bench and npm test run', async () => {
  const { scripts } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const bench of benchmarks) expect(scripts[`bench:${bench.name}`]).toBe(npmScriptOf(bench));
  expect(scripts['bench']).toBe('npm run build && node bench/run.ts');
});
