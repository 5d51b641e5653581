/**
 * Keeps the mutation score table of docs/mutation.md equal to what the runs measured.
 *
 *   npm run mutation:readme -- --report reports/mutation/rules.json
 *       records the files of that report (a `--force` run, its date the
 *       report's) in docs/mutation-scores.json, then rewrites the table
 *   npm run mutation:readme             rewrites the table from docs/mutation-scores.json
 *   npm run mutation:readme -- --check  changes nothing; exits 1 when the table differs
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
const docPath = path.join(repoRoot, 'docs/mutation.md');
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

const doc = await readFile(docPath, 'utf8');
const next = withMutationSection(doc, await mutationSection(scores, docPath));
if (values.check) {
  if (next !== doc) {
    console.error(
      'docs/mutation.md: the mutation scores are not what docs/mutation-scores.json says; run npm run mutation:readme',
    );
    process.exitCode = 1;
  }
} else if (next !== doc) {
  await writeFile(docPath, next);
  console.log('docs/mutation.md: mutation scores rewritten from docs/mutation-scores.json');
} else {
  console.log('docs/mutation.md: mutation scores already match docs/mutation-scores.json');
}
