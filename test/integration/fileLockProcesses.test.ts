import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, test } from 'vitest';

const LOCK_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../src/core/store/fileLock.ts')).href;

/** One process: read the counter, write it plus one, under the lock, `times` times. */
const worker = `
  const { acquireLock } = await import(process.argv[1]);
  const { readFile, writeFile } = await import('node:fs/promises');
  const [file, times] = [process.argv[2], Number(process.argv[3])];
  for (let i = 0; i < times; i++) {
    const release = await acquireLock(file, { waitMs: 60_000 });
    const n = Number(await readFile(file, 'utf8'));
    await new Promise((resolve) => setImmediate(resolve));
    await writeFile(file, String(n + 1));
    await release();
  }
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-locks-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('processes taking turns under the lock lose no update', async () => {
  const file = path.join(dir, 'counter.json');
  await writeFile(file, '0');
  const children = Array.from({ length: 4 }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', worker, LOCK_MODULE, file, '25'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const codes = await Promise.all(children.map(async (child) => (await once(child, 'exit'))[0] as number));
  expect(codes).toEqual([0, 0, 0, 0]);
  expect(await readFile(file, 'utf8')).toBe('100');
  expect(await readdir(dir)).toEqual(['counter.json']);
});
