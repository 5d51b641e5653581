import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { asciiOutput } from './scripts/build/asciiOutput.ts';
import { cliSourcesList } from './scripts/build/cliSources.ts';
import { builtinsWithoutEsmView, lazyBuiltins } from './scripts/build/lazyBuiltins.ts';

export default defineConfig({
  main: {
    plugins: [cliSourcesList(import.meta.dirname), lazyBuiltins(), builtinsWithoutEsmView(), asciiOutput()],
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
