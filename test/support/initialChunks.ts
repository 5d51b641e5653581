import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The scripts index.html loads at once: its module entry and the chunks it preloads. */
export function entryScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g))
    found.push(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    found.push(match[1]!);
  return found;
}

/**
 * The chunks a built chunk imports statically (`import … from "./x.js"`,
 * `import "./x.js"`, `export … from "./x.js"`), which load with it; dynamic
 * `import("./x.js")` loads later and is left out.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

export type Chunk = { file: string; bytes: number; gzipBytes: number };

/**
 * Every chunk the window loads before it can draw, gzip-sized (level 9, as
 * a web server would send it): the entry scripts and, transitively, their
 * static imports. `dir` is the built renderer (out/renderer).
 */
export async function initialChunks(dir: string): Promise<Chunk[]> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  const seen = new Map<string, Chunk>();
  const queue = entryScripts(html).map((src) => path.resolve(dir, src));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const code = await readFile(file);
    seen.set(file, {
      file: path.relative(dir, file),
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
    });
    for (const spec of staticImports(code.toString('utf8')))
      queue.push(path.resolve(path.dirname(file), spec));
  }
  return [...seen.values()];
}
