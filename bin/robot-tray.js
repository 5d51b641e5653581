#!/usr/bin/env node
// The `robot-tray` command. Plain JavaScript so that any Node can read this
// far and explain itself. It runs the CLI bundled by `npm run build` while
// that build is current, else the TypeScript sources on Node 24's built-in
// type stripping, with no build step (bin/cliEntry.js decides).
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `robot-tray: needs Node 24 or newer, this is Node ${process.versions.node}. ` +
      "Run it with the project's Node: npx robot-tray ... (inside the repository) " +
      'or node_modules/.bin/node bin/robot-tray.js ...\n',
  );
  process.exit(2);
}

const { cliEntry, compileCacheDir } = await import('./cliEntry.js');
// Caches the compiled (and type-stripped) modules between runs, which the
// CLI's 100 ms budget for `fire` needs; in the user's own folder (cliEntry.js).
module.enableCompileCache?.(compileCacheDir());

await import(pathToFileURL(cliEntry(path.resolve(import.meta.dirname, '..'))).href);
