/**
 * The mutation scores of docs/mutation.md, from the reports Stryker writes and nothing
 * else. A run's JSON report (reports/mutation/<scope>.json, hundreds of KB) is
 * boiled down to one row per file in docs/mutation-scores.json, which is
 * committed; the table in docs/mutation.md is made from that file, and a unit test holds
 * the two equal, so no score can be typed by hand or outlive its code unseen.
 * A file listed without a measurement says since when it was not re-measured
 * and claims no score.
 */
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';

export const SECTION_START =
  '<!-- mutation:start: made by `npm run mutation:readme` from docs/mutation-scores.json; edits here are overwritten -->';
export const SECTION_END = '<!-- mutation:end -->';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const measuredSchema = z.strictObject({
  file: z.string().min(1),
  scope: z.string().min(1),
  /** `unit`: test/mutation/vitest.unit.config.ts; `unit+integration`: test/mutation/vitest.config.ts. */
  tests: z.enum(['unit', 'unit+integration']),
  /** False when the run left out mutants of code run at import (`ignoreStatic`). */
  staticMutants: z.boolean(),
  measured: day,
  mutants: z.int().nonnegative(),
  killed: z.int().nonnegative(),
  timedOut: z.int().nonnegative(),
  survived: z.int().nonnegative(),
  noCoverage: z.int().nonnegative(),
});
const staleSchema = z.strictObject({
  file: z.string().min(1),
  scope: z.string().min(1),
  notReMeasuredSince: day,
});
export const fileScoreSchema = z.union([measuredSchema, staleSchema]);
export const scoresSchema = z.strictObject({ files: z.array(fileScoreSchema) });

export type MeasuredScore = z.infer<typeof measuredSchema>;
export type FileScore = z.infer<typeof fileScoreSchema>;
export type Scores = z.infer<typeof scoresSchema>;

/** The parts of Stryker's JSON report (mutation-testing-report-schema 1.x) read here. */
export const reportSchema = z.object({
  files: z.record(
    z.string(),
    z.object({ mutants: z.array(z.object({ status: z.string(), static: z.boolean().optional() })) }),
  ),
  config: z.object({
    /** The files (or globs, `!` to leave out) the run mutated. */
    mutate: z.array(z.string()),
    vitest: z.object({ configFile: z.string() }),
    ignoreStatic: z.boolean(),
    force: z.boolean().optional(),
    jsonReporter: z.object({ fileName: z.string() }),
  }),
});
export type Report = z.infer<typeof reportSchema>;

const TEST_SETS: Record<string, MeasuredScore['tests']> = {
  'test/mutation/vitest.unit.config.ts': 'unit',
  'test/mutation/vitest.config.ts': 'unit+integration',
};

const matches = (file: string, pattern: string) =>
  pattern.includes('*') ? path.matchesGlob(file, pattern) : file === pattern;

/** Whether the run mutated `file`: a report also carries the files an earlier run left in the incremental file. */
function mutatedByRun(file: string, mutate: readonly string[]): boolean {
  const leftOut = mutate.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const taken = mutate.filter((p) => !p.startsWith('!'));
  return taken.some((p) => matches(file, p)) && !leftOut.some((p) => matches(file, p));
}

/**
 * One row per file the run mutated (`--mutate`), none for the files the
 * report repeats from earlier runs. Stryker's score is detected (killed
 * or timed out) over valid mutants: ignored (static ones left out), compile
 * and runtime errors count for neither side.
 */
export function summarize(report: Report, measured: string): MeasuredScore[] {
  if (report.config.force !== true) {
    // An incremental run reuses earlier results as they were, even a static
    // survivor a new test now kills (docs/mutation.md): not a measurement.
    throw new Error(
      'The report is from an incremental run; measure with --force so every mutant is tested again.',
    );
  }
  const tests = TEST_SETS[report.config.vitest.configFile];
  if (tests === undefined) {
    throw new Error(
      `The report's tests (${report.config.vitest.configFile}) are not one of the mutation test sets.`,
    );
  }
  const scope = /([^/]+)\.json$/.exec(report.config.jsonReporter.fileName)?.[1];
  if (scope === undefined)
    throw new Error(`Cannot tell the scope from ${report.config.jsonReporter.fileName}.`);
  return Object.entries(report.files)
    .filter(([file]) => mutatedByRun(file, report.config.mutate))
    .map(([file, { mutants }]) => {
      const count = (status: string) => mutants.filter((m) => m.status === status).length;
      const killed = count('Killed');
      const timedOut = count('Timeout');
      const survived = count('Survived');
      const noCoverage = count('NoCoverage');
      return {
        file,
        scope,
        tests,
        staticMutants: !report.config.ignoreStatic,
        measured,
        mutants: killed + timedOut + survived + noCoverage,
        killed,
        timedOut,
        survived,
        noCoverage,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The committed scores with the files of a new run replaced (or added); the rest kept as they were. */
export function mergeScores(scores: Scores, run: readonly MeasuredScore[]): Scores {
  const byFile = new Map(scores.files.map((f) => [f.file, f] as const));
  for (const row of run) byFile.set(row.file, row);
  return { files: [...byFile.values()] };
}

/** Killed or timed out, of all mutants, to one decimal; null when there were none. */
export function scoreOf(row: MeasuredScore): number | null {
  if (row.mutants === 0) return null;
  return Math.round(((row.killed + row.timedOut) / row.mutants) * 1000) / 10;
}

const testsInWords = (row: MeasuredScore) =>
  (row.tests === 'unit' ? 'unit' : 'unit + integration') + (row.staticMutants ? '' : ', static left out');

function rowCells(row: FileScore): string[] {
  const file = `\`${row.file}\``;
  if ('notReMeasuredSince' in row) {
    return [file, row.scope, '', '', `not re-measured since ${row.notReMeasuredSince}`, ''];
  }
  const score = scoreOf(row);
  return [
    file,
    row.scope,
    testsInWords(row),
    String(row.mutants),
    score === null ? 'no mutants' : score.toFixed(1),
    row.measured,
  ];
}

const SCOPE_ORDER = ['rules', 'models', 'http', 'tracker', 'store'];
const scopeRank = (scope: string) => {
  const i = SCOPE_ORDER.indexOf(scope);
  return i < 0 ? SCOPE_ORDER.length : i;
};

/** The text between the markers in docs/mutation.md, formatted as the repository's Prettier check wants it. */
export async function mutationSection(scores: Scores, docPath: string): Promise<string> {
  const rows = [...scores.files].sort(
    (a, b) => scopeRank(a.scope) - scopeRank(b.scope) || a.file.localeCompare(b.file),
  );
  const measured = rows.filter((r): r is MeasuredScore => !('notReMeasuredSince' in r));
  const header = ['file', 'scope', 'tests', 'mutants', 'score', 'measured'];
  const table = [header, ['---', '---', '---', '---:', '---:', '---'], ...rows.map(rowCells)]
    .map((r) => `| ${r.join(' | ')} |`)
    .join('\n');
  const lead =
    `Scores (killed or timed out, of all mutants) from the JSON report of each \`--force\` run, one file at a ` +
    `time, kept in docs/mutation-scores.json: ${measured.length} of ${rows.length} files measured` +
    (measured.length < rows.length
      ? '; a file not re-measured shows no score, only the date it was last measured.'
      : '.');
  const options = (await resolveConfig(docPath)) ?? {};
  return format(`${lead}\n\n${table}\n`, { ...options, parser: 'markdown' });
}

/** `doc` with the text between the mutation markers replaced by `section`. */
export function withMutationSection(doc: string, section: string): string {
  const start = doc.indexOf(SECTION_START);
  const end = doc.indexOf(SECTION_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/mutation.md has no mutation markers (${SECTION_START} … ${SECTION_END})`);
  }
  return `${doc.slice(0, start + SECTION_START.length)}\n\n${section}\n${doc.slice(end)}`;
}
