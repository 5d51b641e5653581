/**
 * Keeps the README's mutation scores equal to what the runs measured.
 *
 *   npm run mutation:readme -- --report reports/mutation/rules.json
 *       records the files of that report (a `--force` run, its date the
 *       report's) in docs/mutation-scores.json, then rewrites the README
 *   npm run mutation:readme             rewrites the README from docs/mutation-scores.json
 *   npm run mutation:readme -- --check  changes nothing; exits 1 when the README differs
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  mergeScores,
  mutationSection,
  reportSchema,
  scoresSchema,
  summarize,
  withMutationSection,
} from './scores.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const readmePath = path.join(repoRoot, 'README.md');
const scoresPath = path.join(repoRoot, 'docs/mutation-scores.json');

const { values } = parseArgs({
  options: { check: { type: 'boolean', default: false }, report: { type: 'string' } },
});

let scores = scoresSchema.parse(JSON.parse(await readFile(scoresPath, 'utf8')));
if (values.report !== undefined) {
  const reportPath = path.resolve(values.report);
  const report = reportSchema.parse(JSON.parse(await readFile(reportPath, 'utf8')));
  const measured = (await stat(reportPath)).mtime.toISOString().slice(0, 10);
  const run = summarize(report, measured);
  scores = mergeScores(scores, run);
  await writeFile(scoresPath, `${JSON.stringify(scores, null, 2)}\n`);
  console.log(
    `docs/mutation-scores.json: ${run.map((r) => r.file).join(', ')} recorded from ${values.report}`,
  );
}

const readme = await readFile(readmePath, 'utf8');
const next = withMutationSection(readme, await mutationSection(scores, readmePath));
if (values.check) {
  if (next !== readme) {
    console.error(
      'README.md: the mutation scores are not what docs/mutation-scores.json says; run npm run mutation:readme',
    );
    process.exitCode = 1;
  }
} else if (next !== readme) {
  await writeFile(readmePath, next);
  console.log('README.md: mutation scores rewritten from docs/mutation-scores.json');
} else {
  console.log('README.md: mutation scores already match docs/mutation-scores.json');
}
