import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The benchmark page: our viewer and the two libraries it is measured against. */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, '../../out/bench-viewer'),
    emptyOutDir: true,
    target: 'es2024',
  },
});
