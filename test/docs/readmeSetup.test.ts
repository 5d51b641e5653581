import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8');

/** The developer guide's section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`docs/development.md has no "## ${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Every package .ci/run may install: its list, and what it adds to it. */
function ciPackages(): string[] {
  const listed = /^packages=\(([^)]*)\)/m.exec(ci);
  if (listed === null) throw new Error('.ci/run has no packages=(…) list');
  const added = [...ci.matchAll(/packages\+=\(([^)]*)\)/g)].map((m) => m[1]!);
  return [listed[1]!, ...added].flatMap((words) => words.split(/\s+/)).filter((w) => w !== '');
}

/** A fresh machine set up from the developer guide is the machine CI runs on. */
describe('the developer guide’s prerequisites are what .ci/run installs and sets', () => {
  test('the same packages, no more and no fewer', () => {
    const prerequisites = section('Prerequisites (Linux)');
    const line = /apt-get install -y ([^\n`]+)/.exec(prerequisites);
    expect(line, 'an apt-get install line in Prerequisites').not.toBeNull();
    const named = line![1]!.trim().split(/\s+/);
    expect([...named].sort()).toEqual([...ciPackages()].sort());
    // Each package is said what it is for.
    for (const pkg of named) expect(prerequisites.split(line![0])[1]).toContain(`\`${pkg}\``);
  });

  test('what .ci/run sets for npm ci, the developer guide asks for too', () => {
    const exported = [...ci.matchAll(/^export (npm_config_\w+=\S+)/gm)].map((m) => m[1]!);
    expect(exported).toEqual(['npm_config_nodedir=/usr']);
    for (const setting of exported) {
      expect(section('Prerequisites (Linux)')).toContain(setting);
      expect(section('Run it')).toContain(`${setting} npm ci`);
    }
  });

  test('no npm version Node 20 does not bring is asked for, and npm’s install-scripts notice is explained', () => {
    const prerequisites = section('Prerequisites (Linux)');
    expect(prerequisites).not.toMatch(/npm 11 to|npm 1[1-9] (is )?(required|needed)/);
    expect(prerequisites).toContain('npm 10 on Node 20 will do');
    const allowed = Object.keys(
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts: object })
        .allowScripts,
    );
    expect(prerequisites).toContain('not yet covered by allowScripts');
    for (const name of allowed) expect(prerequisites).toContain(`\`${name}\``);
  });
});
