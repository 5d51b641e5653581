import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Folders and things to close for the tests of one file: after each test,
 * what was opened is closed (last first) and every folder removed.
 */
export function tempFolders(prefix: string): {
  tempDir(): Promise<string>;
  closeLater(close: () => Promise<void>): void;
} {
  const dirs: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return {
    tempDir: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    closeLater: (close) => void closers.push(close),
  };
}
