import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { entryScripts, initialChunks, staticImports } from '../support/initialChunks.ts';
import { requireBuiltRenderer } from '../support/windowHarness.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');
/** Issue 23: the window's initial JavaScript, gzip-sized. Not to be raised to make a build pass. */
const LIMIT_GZIP_BYTES = 250_000;

/** What the window must download and run before it can draw, read out of the build (npm run build). */
describe("the renderer's weight", () => {
  beforeAll(() => requireBuiltRenderer());

  test('the initial JavaScript (entry chunk and its static imports) is at most 250 KB gzip', async () => {
    const chunks = await initialChunks(rendererDir);
    const total = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
    const makeup = chunks.map((c) => `${c.file}: ${(c.gzipBytes / 1000).toFixed(1)} KB gzip`).join(', ');
    expect(chunks.length).toBeGreaterThan(0);
    expect(total, `${(total / 1000).toFixed(1)} KB gzip in ${makeup}`).toBeLessThanOrEqual(LIMIT_GZIP_BYTES);
  });

  test('the JSON editor and the JSON viewer are chunks of their own, loaded only when shown', async () => {
    const initial = (await initialChunks(rendererDir)).map((c) => path.basename(c.file));
    const all = await readdir(path.join(rendererDir, 'assets'));
    for (const name of ['JsonEditor-', 'JsonViewer-']) {
      const own = all.filter((file) => file.startsWith(name) && file.endsWith('.js'));
      expect(own, `no ${name}*.js chunk in out/renderer/assets`).toHaveLength(1);
      expect(initial).not.toContain(own[0]);
    }
  });
});

describe('reading the chunk graph', () => {
  test('index.html: the module entry and preloaded chunks, not stylesheets', () => {
    const html =
      '<script type="module" crossorigin src="./assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/runtime-b.js">' +
      '<link rel="stylesheet" href="./assets/index-c.css">';
    expect(entryScripts(html)).toEqual(['./assets/index-a.js', './assets/runtime-b.js']);
  });

  test('static imports and re-exports count; dynamic imports and look-alike names do not', () => {
    const code =
      'import{a as b,c}from"./index-a.js";import"./side-b.js";export{d}from"./re-c.js";' +
      'import * as ns from "./ns-d.js";const e=()=>import("./JsonEditor-e.js");x.import("./f.js");' +
      'const s="import ./g.js";';
    expect(staticImports(code).sort()).toEqual(['./index-a.js', './ns-d.js', './re-c.js', './side-b.js']);
  });
});
