/**
 * Rewrites the performance table in docs/performance.md from bench/results.json.
 *
 *   npm run bench:readme [-- --check]
 *
 * With --check it changes nothing and exits 1 when docs/performance.md differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './benchmarks.ts';
import { performanceSection, withSection } from './support/performanceSection.ts';
import { resultsSchema } from './support/results.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const docPath = path.join(repoRoot, 'docs/performance.md');
const results = resultsSchema.parse(
  JSON.parse(await readFile(path.join(repoRoot, 'bench/results.json'), 'utf8')),
);
const doc = await readFile(docPath, 'utf8');
const next = withSection(doc, await performanceSection(results, docPath));
if (values.check) {
  if (next !== doc) {
    console.error(
      'docs/performance.md: the performance table is not what bench/results.json says; run npm run bench:readme',
    );
    process.exitCode = 1;
  }
} else if (next !== doc) {
  await writeFile(docPath, next);
  console.log('docs/performance.md: performance table rewritten from bench/results.json');
} else {
  console.log('docs/performance.md: performance table already matches bench/results.json');
}
