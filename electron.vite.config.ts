import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { builtinsWithoutEsmView, lazyBuiltins } from './scripts/build/lazyBuiltins.ts';

/**
 * Lists every file the main build read (and each bundled package's package.json) in
 * out/main/cli-sources.json. bin/robot-tray.js runs the bundled CLI only while
 * none of them is newer than the list, so a clone edited since its last build
 * runs its sources, never a stale bundle.
 */
function cliSourcesList(): Plugin {
  return {
    name: 'robot-tray-cli-sources',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          if (id.startsWith('\0') || id.includes('?')) continue;
          const file = relative(import.meta.dirname, id)
            .split('\\')
            .join('/');
          // A bundled package changes only by an install, which rewrites its
          // package.json: one file to check instead of each of its modules.
          const pkg = /^node_modules\/(@[^/]+\/)?[^/]+\//.exec(file);
          files.add(pkg === null ? file : `${pkg[0]}package.json`);
        }
      }
      files.add('package.json');
      this.emitFile({
        type: 'asset',
        fileName: 'cli-sources.json',
        source: JSON.stringify({ files: [...files].sort() }) + '\n',
      });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [cliSourcesList(), lazyBuiltins(), builtinsWithoutEsmView()],
    build: {
      // keytar is a native module: it must be loaded from node_modules at run
      // time, never bundled; electron-updater stays external too. commander,
      // zod and undici are bundled: loading undici's hundred files alone took
      // about 100 ms of every `robot-tray fire`.
      externalizeDeps: { exclude: ['commander', 'zod', 'undici'] },
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The CLI, bundled with the app: an installed Robot Tray runs it on
          // its own Electron as Node (packaging/cli/robot-tray), one version for both.
          cli: resolve(import.meta.dirname, 'src/cli/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can neither load ESM nor require a package, so it
      // is one self-contained CommonJS file with nothing external.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
