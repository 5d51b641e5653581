import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      // keytar is a native module: it must be loaded from node_modules at run
      // time, never bundled. Every other dependency stays external too.
      externalizeDeps: true,
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
