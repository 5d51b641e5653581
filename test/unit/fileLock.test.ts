import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { acquireLock, isRunning, LOCK_STALE_MS } from '../../src/core/store/fileLock.ts';
import { here, pidOfEndedProcess } from '../support/lockOwners.ts';

/** `count` holders of `file`'s lock, all asking at once; the most that ever held it together. */
async function mostHoldersAtOnce(file: string, count: number): Promise<number> {
  let inside = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: count }, async () => {
      const release = await acquireLock(file, { waitMs: 10_000 });
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setImmediate(resolve));
      inside--;
      await release();
    }),
  );
  return most;
}

describe('acquireLock', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-lock-'));
    file = path.join(dir, 'robots.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('holders never overlap, and each release leaves no lock behind', async () => {
    expect(await mostHoldersAtOnce(file, 30)).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  test('the lock file names its owner: this process', async () => {
    const release = await acquireLock(file);
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    await release();
  });

  test('a waiter gives up after the wait it was given, not the default three seconds', async () => {
    const release = await acquireLock(file);
    const gaveUp = acquireLock(file, { waitMs: 100 }).then(
      () => 'acquired',
      () => 'busy',
    );
    // Far past 100 ms, well before the default 3,000 ms.
    const later = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_500).unref());
    expect(await Promise.race([gaveUp, later])).toBe('busy');
    await release();
  });

  test('a live holder past the wait: a busy error with its PID', async () => {
    const release = await acquireLock(file);
    await expect(acquireLock(file, { waitMs: 50 })).rejects.toMatchObject({
      kind: 'busy',
      message: `Robot Tray's data is being changed by another process (PID ${process.pid}); try again in a moment. Nothing was changed (robots.json is locked by it).`,
    });
    await release();
  });

  test('a lock older than the stale limit is taken over even when its PID runs', async () => {
    const held = { pid: process.ppid, ...here, at: 0, nonce: 'old' };
    await writeFile(`${file}.lock`, JSON.stringify(held));
    const old = new Date(Date.now() - 11_000);
    await utimes(`${file}.lock`, old, old);
    const release = await acquireLock(file, { waitMs: 0 });
    await release();
    expect(await readdir(dir)).toEqual([]);
  });

  test('a lock whose process ended is taken over at once; one from another PID namespace is not', async () => {
    const ended = await pidOfEndedProcess();
    await writeFile(`${file}.lock`, JSON.stringify({ pid: ended, ...here, at: 0, nonce: 'crashed' }));
    await (
      await acquireLock(file, { waitMs: 0 })
    )();
    const elsewhere = { pid: ended, host: hostname(), pidSpace: 'pid:[1]', at: 0, nonce: 'flatpak' };
    await writeFile(`${file}.lock`, JSON.stringify(elsewhere));
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
  });

  test('a lock from another host goes by age only', async () => {
    const held = { pid: 999_999_999, host: `not-${hostname()}`, at: 0, nonce: 'remote' };
    await writeFile(`${file}.lock`, JSON.stringify(held));
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
  });

  test('an empty lock file (its writer was killed before writing) is stale after a second', async () => {
    await writeFile(`${file}.lock`, '');
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
    const old = new Date(Date.now() - 2_000);
    await utimes(`${file}.lock`, old, old);
    await (
      await acquireLock(file, { waitMs: 0 })
    )();
  });

  test("a lock this process's PID left in an earlier life (as written, owner and all) is taken over at once", async () => {
    // What acquireLock writes, left behind as by a process that had our PID before us.
    const release = await acquireLock(file);
    const left = await readFile(`${file}.lock`, 'utf8');
    await release();
    await writeFile(`${file}.lock`, left);
    await (
      await acquireLock(file, { waitMs: 0 })
    )();
    expect(await readdir(dir)).toEqual([]);
  });

  test('a fresh lock held by another running process on this machine is live: busy, naming its PID', async () => {
    const held = { pid: process.ppid, ...here, at: 0, nonce: 'parent' };
    await writeFile(`${file}.lock`, JSON.stringify(held));
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({
      kind: 'busy',
      message: expect.stringContaining(`(PID ${process.ppid})`),
    });
  });

  test('a lock from another host in the same kind of PID namespace goes by age only, even when its PID does not run here', async () => {
    // Two machines sharing a home folder, both in their initial PID namespace, read the same namespace name.
    const held = {
      pid: await pidOfEndedProcess(),
      ...here,
      host: `not-${hostname()}`,
      at: 0,
      nonce: 'remote',
    };
    await writeFile(`${file}.lock`, JSON.stringify(held));
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
  });

  test('a stale lock that many waiters find at once is taken over by one at a time', async () => {
    await writeFile(
      `${file}.lock`,
      JSON.stringify({ pid: await pidOfEndedProcess(), ...here, at: 0, nonce: 'x' }),
    );
    expect(await mostHoldersAtOnce(file, 8)).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  test('while another waiter is taking over a stale lock, others wait their turn; a taker that died is outlived', async () => {
    const stale = { pid: await pidOfEndedProcess(), ...here, at: 0, nonce: 'x' };
    await writeFile(`${file}.lock`, JSON.stringify(stale));
    await writeFile(`${file}.lock.takeover`, '');
    // A fresh marker: someone is taking over right now, so this waiter does not touch the lock.
    await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toEqual(stale);
    // A marker older than the stale limit: its taker died; it goes, and the lock is taken over.
    const old = new Date(Date.now() - LOCK_STALE_MS - 1_000);
    await utimes(`${file}.lock.takeover`, old, old);
    await (
      await acquireLock(file, { waitMs: 5_000 })
    )();
    expect(await readdir(dir)).toEqual([]);
  });

  test('a lock in a folder that does not exist fails with that error, not as busy', async () => {
    const missing = path.join(dir, 'gone', 'robots.json');
    await expect(acquireLock(missing, { waitMs: 0 })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  describe("an older Robot Tray's lock (a folder)", () => {
    test('is live while fresh: busy, with no PID to name', async () => {
      await mkdir(`${file}.lock`);
      await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({
        kind: 'busy',
        message:
          "Robot Tray's data is being changed by another process; try again in a moment. Nothing was changed (robots.json is locked by it).",
      });
    });

    test('is still live a few seconds old: only the stale limit counts for it', async () => {
      await mkdir(`${file}.lock`);
      const old = new Date(Date.now() - 5_000);
      await utimes(`${file}.lock`, old, old);
      await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
    });

    test('is taken over, folder and contents, once older than the stale limit', async () => {
      await mkdir(`${file}.lock`);
      await writeFile(path.join(`${file}.lock`, 'inside'), '');
      const old = new Date(Date.now() - LOCK_STALE_MS - 1_000);
      await utimes(`${file}.lock`, old, old);
      await (
        await acquireLock(file, { waitMs: 0 })
      )();
      expect(await readdir(dir)).toEqual([]);
    });
  });

  describe('a lock whose owner record is malformed counts as not yet written: stale after a second', () => {
    // From another host, so only the age decides: a valid owner there would be live for 10 s.
    const valid = { pid: 4242, host: `not-${hostname()}`, at: 0, nonce: 'remote' };
    const aged = async (owner: object) => {
      await writeFile(`${file}.lock`, JSON.stringify(owner));
      const old = new Date(Date.now() - 5_000);
      await utimes(`${file}.lock`, old, old);
    };

    test('a valid owner on another host, 5 s old, is still live', async () => {
      await aged(valid);
      await expect(acquireLock(file, { waitMs: 0 })).rejects.toMatchObject({ kind: 'busy' });
    });

    test.each([
      ['a PID as text', { pid: '4242' }],
      ['a fractional PID', { pid: 1.5 }],
      ['PID 0', { pid: 0 }],
      ['a negative PID', { pid: -4 }],
      ['no host', { host: undefined }],
      ['a host that is no text', { host: 7 }],
      ['no nonce', { nonce: undefined }],
    ])('%s', async (_case, change) => {
      await aged({ ...valid, ...change });
      await (
        await acquireLock(file, { waitMs: 0 })
      )();
      expect(await readdir(dir)).toEqual([]);
    });
  });

  test('a release after the lock was taken over does not remove the new holder', async () => {
    const release = await acquireLock(file);
    const other = { pid: process.ppid, ...here, at: 0, nonce: 'someone-else' };
    await writeFile(`${file}.lock`, JSON.stringify(other));
    await release();
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toEqual(other);
  });
});

describe('isRunning', () => {
  test('this process runs; an ended one does not', async () => {
    expect(isRunning(process.pid)).toBe(true);
    expect(isRunning(await pidOfEndedProcess())).toBe(false);
  });
});
