import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

/** The "imports" column of docs/architecture.md's layer table, by folder, up to its first `;` (what follows says what is not imported). */
function documentedImports(): Map<string, string> {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const rows = new Map<string, string>();
  for (const [, layer, cell] of doc.matchAll(/^\| `src\/(\w+)` +\|[^|]*\| ([^|]+)\|$/gm))
    rows.set(layer!, cell!.split(';')[0]!);
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

/** How the table names what a file imports: another layer by its folder, a package by its name. */
function importedName(file: string, specifier: string): string {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    const inSrc = path.relative(SRC, target);
    return inSrc.startsWith('..')
      ? path.relative(ROOT, target).split(path.sep).join('/')
      : inSrc.split(path.sep)[0]!;
  }
  if (specifier.startsWith('node:')) return 'Node';
  if (specifier.startsWith('@codemirror/')) return 'CodeMirror';
  if (/^react(-dom)?(\/|$)/.test(specifier)) return 'React';
  const [scope, name] = specifier.split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

/** What each layer really imports, by the names above. */
function actualImports(layer: string): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(SRC, layer))) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from |import\(|^import )'([^']+)'/gm)) {
      const name = importedName(file, specifier!);
      if (name !== layer) names.add(name);
    }
  }
  return names;
}

/** The layer table once said src/shared imported zod only and the sandbox shared and Node only, both untrue. */
describe("docs/architecture.md's layer table", () => {
  const table = documentedImports();

  test('has a row for every folder of src/', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect([...table.keys()].sort()).toEqual(folders.sort());
  });

  test.each([...table.keys()])('src/%s imports only what its row names', (layer) => {
    const cell = table.get(layer)!;
    for (const name of actualImports(layer))
      expect(cell, `src/${layer} imports ${name}; docs/architecture.md does not say so`).toContain(name);
  });
});
