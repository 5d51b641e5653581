/**
 * Rewrites the README's performance section from bench/results.json.
 *
 *   npm run bench:readme [-- --check]
 *
 * With --check it changes nothing and exits 1 when the README differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './benchmarks.ts';
import { performanceSection, withSection } from './support/readmeSection.ts';
import { resultsSchema } from './support/results.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const readmePath = path.join(repoRoot, 'README.md');
const results = resultsSchema.parse(
  JSON.parse(await readFile(path.join(repoRoot, 'bench/results.json'), 'utf8')),
);
const readme = await readFile(readmePath, 'utf8');
const next = withSection(readme, await performanceSection(results, readmePath));
if (values.check) {
  if (next !== readme) {
    console.error(
      'README.md: the performance section is not what bench/results.json says; run npm run bench:readme',
    );
    process.exitCode = 1;
  }
} else if (next !== readme) {
  await writeFile(readmePath, next);
  console.log('README.md: performance section rewritten from bench/results.json');
} else {
  console.log('README.md: performance section already matches bench/results.json');
}
