import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** What generateBundle needs of a chunk (rollup's OutputChunk has more). */
type BundleChunk = {
  type: 'chunk';
  isEntry: boolean;
  name: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
};
type BundleItem = BundleChunk | { type: 'asset' };

/**
 * The files the CLI's bundle was built from, relative to `root`: the modules
 * of the `cli` entry's chunk and of every chunk it imports, at once or later,
 * and each bundled package's package.json (a package changes only by an
 * install, which rewrites it: one file to check instead of each of its
 * modules), plus the project's package.json. The app's own modules (its main
 * process) are left out: editing them leaves the CLI's bundle current, and
 * every start of `robot-tray` stats fewer files.
 */
export function cliSourceFiles(bundle: Record<string, BundleItem>, root: string): string[] {
  const entry = Object.entries(bundle).find(
    ([, item]) => item.type === 'chunk' && item.isEntry && item.name === 'cli',
  );
  if (entry === undefined) throw new Error('the main build has no cli entry');
  const reached = new Set<string>();
  const waiting = [entry[0]];
  for (let name = waiting.pop(); name !== undefined; name = waiting.pop()) {
    const chunk = bundle[name];
    if (reached.has(name) || chunk?.type !== 'chunk') continue;
    reached.add(name);
    waiting.push(...chunk.imports, ...chunk.dynamicImports);
  }
  const files = new Set<string>(['package.json']);
  for (const name of reached) {
    for (const id of (bundle[name] as BundleChunk).moduleIds) {
      if (id.startsWith('\0') || id.includes('?')) continue;
      const file = relative(root, id).split('\\').join('/');
      const pkg = /^node_modules\/(@[^/]+\/)?[^/]+\//.exec(file);
      files.add(pkg === null ? file : `${pkg[0]}package.json`);
    }
  }
  return [...files].sort();
}

/**
 * Lists the files the CLI's bundle was built from in out/main/cli-sources.json.
 * bin/robot-tray.js runs the bundled CLI only while none of them is newer than
 * the list, so a clone edited since its last build runs its sources, never a
 * stale bundle.
 */
export function cliSourcesList(root: string): Plugin {
  return {
    name: 'robot-tray-cli-sources',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: 'cli-sources.json',
        source: JSON.stringify({ files: cliSourceFiles(bundle as Record<string, BundleItem>, root) }) + '\n',
      });
    },
  };
}
