import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { seededToken } from '../../src/sandbox/robots.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// A Windows checkout may turn line ends into CRLF.
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').replaceAll('\r\n', '\n');

/** The README and every Markdown file in docs/: the documentation a clone carries. */
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown with its fenced code blocks left out, so a `[x](y)` inside an example is not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** Relative link targets in a Markdown file: [text](target) and ![alt](target), URLs left out. */
function relativeLinks(file: string): string[] {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces as dashes). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const scripts = Object.keys(
  (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
);

/** A fresh clone has only the repository: every link from the docs must stay inside it and lead somewhere. */
describe('README and docs', () => {
  test.each(DOCS)('%s links only to files and headings in the repository', (file) => {
    for (const link of relativeLinks(file)) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), target);
      expect(resolved.startsWith(ROOT + path.sep), `${file} links outside the repository: ${link}`).toBe(
        true,
      );
      expect(existsSync(resolved), `${file} links to a missing file: ${link}`).toBe(true);
      if (anchor !== undefined && resolved.endsWith('.md')) {
        const relative = path.relative(ROOT, resolved);
        expect(anchors(relative), `${file} links to a missing heading: ${link}`).toContain(anchor);
      }
    }
  });

  test.each(DOCS)('%s names only npm scripts that exist', (file) => {
    for (const [, script] of read(file).matchAll(/npm run ([\w:-]+)/g))
      expect(scripts, `${file} names npm run ${script}`).toContain(script);
  });

  test('the developer guide lists every npm script', () => {
    const guide = read('docs/development.md');
    for (const script of scripts) {
      const named = ['start', 'test'].includes(script) ? `\`npm ${script}\`` : `\`npm run ${script}\``;
      expect(guide, `docs/development.md does not list ${named}`).toContain(`| ${named}`);
    }
  });

  test('the README is a front door: short, Install first, and it links every doc', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings[0]).toBe('Install');
    const linked = new Set(relativeLinks('README.md').map((link) => link.split('#')[0]));
    for (const doc of DOCS.filter((f) => f !== 'README.md'))
      expect(linked, `the README's documentation index misses ${doc}`).toContain(doc);
  });

  test("the README's CLI walk-through pastes the token the sandbox gives echo with its seed", () => {
    const readme = read('README.md');
    const seed = /npm run sandbox -- --seed (\d+)/.exec(readme)?.[1];
    const token = /echo (\S+) \| npx robot-tray token set echo/.exec(readme)?.[1];
    expect(seed).toBeDefined();
    expect(token).toBe(seededToken(Number(seed), 'echo'));
  });
});
