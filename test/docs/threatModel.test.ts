import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const model = readFileSync(path.join(root, 'docs/SECURITY.md'), 'utf8');

/** Every "`test/…` › title › title" reference in the threat model: the file and the titles it names. */
function references(): Array<{ line: string; file: string; titles: string[] }> {
  const found: Array<{ line: string; file: string; titles: string[] }> = [];
  for (const line of model.split('\n')) {
    const match = /`(test\/[^`]+\.test\.ts)`(.*)$/.exec(line);
    if (match === null) continue;
    const titles = match[2]!
      .split(' › ')
      .slice(1)
      .map((t) => t.replace(/\s*\([^)]*\)\s*$/, '').trim())
      .filter((t) => t !== '');
    found.push({ line, file: match[1]!, titles });
  }
  return found;
}

/**
 * The threat model names the tests that hold each defence; a test renamed
 * or removed would leave it promising something nothing checks.
 */
describe('docs/SECURITY.md', () => {
  test('names tests, and every one it names exists under that title', () => {
    const refs = references();
    expect(refs.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { file, titles } of refs) {
      const full = path.join(root, file);
      if (!existsSync(full)) {
        missing.push(`${file} (no such file)`);
        continue;
      }
      const source = readFileSync(full, 'utf8');
      for (const title of titles) if (!source.includes(title)) missing.push(`${file} › ${title}`);
    }
    expect(missing).toEqual([]);
  });
});
