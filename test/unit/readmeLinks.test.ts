import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Relative link targets in a Markdown file: [text](target) and ![alt](target), anchors and URLs left out. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** A fresh clone has only the repository: every link from the front door must stay inside it and exist. */
describe('README and docs links', () => {
  test.each(['README.md', 'docs/INTERFACE.md', 'docs/mutation.md'])(
    '%s links only to files in the repository',
    (file) => {
      for (const target of relativeLinks(file)) {
        const resolved = path.resolve(ROOT, path.dirname(file), target);
        expect(resolved.startsWith(ROOT + path.sep), `${file} links outside the repository: ${target}`).toBe(
          true,
        );
        expect(existsSync(resolved), `${file} links to a missing file: ${target}`).toBe(true);
      }
    },
  );

  test('Install comes first (for people who install apps); Prerequisites before the long tables, right after "Run it"', () => {
    const headings = [...readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(/^## (.+)$/gm)].map(
      (m) => m[1],
    );
    expect(headings.slice(0, 4)).toEqual(['Install', 'Run it', 'Prerequisites (Linux)', 'Test it']);
  });
});
