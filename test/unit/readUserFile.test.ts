import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  opaqueProblemWords,
  problemWords,
  readUserFile,
  readUserFileSync,
  type UserFileProblem,
  UserFileError,
} from '../../src/core/files/readUserFile.ts';
import { checkCaFile, loadCaFile } from '../../src/core/http/trust.ts';

/**
 * The one reader of files a person (or the window) names. Hostile files are
 * real: a FIFO with no writer, /dev/zero, /dev/urandom, folders and links to
 * each. A reader that opened a FIFO without O_NONBLOCK would hang this file
 * (and the whole thread pool), one without a cap would read forever.
 */
let dir: string;
let fifo: string;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-userfile-'));
  fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  await mkdir(path.join(dir, 'folder'));
  await writeFile(path.join(dir, 'small.txt'), 'hello');
  await writeFile(path.join(dir, 'exact.txt'), Buffer.alloc(LIMIT, 0x61));
  await writeFile(path.join(dir, 'big.txt'), Buffer.alloc(LIMIT + 1, 0x61));
  await writeFile(path.join(dir, 'huge.pem'), Buffer.alloc(1024 * 1024 + 1, 0x41));
  for (const [link, target] of [
    ['to-fifo', fifo],
    ['to-folder', path.join(dir, 'folder')],
    ['to-zero', '/dev/zero'],
    ['to-small', path.join(dir, 'small.txt')],
    ['to-missing', path.join(dir, 'nowhere')],
  ] as const) {
    await symlink(target, path.join(dir, link));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function problemOf(read: () => Promise<unknown>): Promise<UserFileProblem> {
  const error = await read().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserFileError);
  return (error as UserFileError).problem;
}

const readers = [
  ['async', (file: string) => readUserFile(file, LIMIT)],
  ['sync', async (file: string) => readUserFileSync(file, LIMIT)],
] as const;

describe.each(readers)('the %s reader', (_name, read) => {
  test('reads a regular file, and one through a link, up to the limit exactly', async () => {
    expect((await read(path.join(dir, 'small.txt'))).toString()).toBe('hello');
    expect((await read(path.join(dir, 'to-small'))).toString()).toBe('hello');
    expect((await read(path.join(dir, 'exact.txt'))).length).toBe(LIMIT);
  });

  test('a FIFO with no writer is refused at once, directly or through a link', async () => {
    expect(await problemOf(() => read(fifo))).toEqual({ reason: 'special' });
    expect(await problemOf(() => read(path.join(dir, 'to-fifo')))).toEqual({ reason: 'special' });
  });

  test.each(['/dev/zero', '/dev/urandom'])('%s is refused before a byte is read', async (device) => {
    expect(await problemOf(() => read(device))).toEqual({ reason: 'special' });
    expect(await problemOf(() => read(path.join(dir, 'to-zero')))).toEqual({ reason: 'special' });
  });

  test('a folder, or a link to one, is not a file', async () => {
    expect(await problemOf(() => read(path.join(dir, 'folder')))).toEqual({ reason: 'folder' });
    expect(await problemOf(() => read(path.join(dir, 'to-folder')))).toEqual({ reason: 'folder' });
  });

  test('a file one byte over the limit is refused, naming the limit', async () => {
    const problem = await problemOf(() => read(path.join(dir, 'big.txt')));
    expect(problem).toEqual({ reason: 'too-large', limitBytes: LIMIT });
    expect(problemWords(problem)).toBe('is larger than 64 KiB');
  });

  test('a missing file, or a link to nowhere, is missing', async () => {
    expect(await problemOf(() => read(path.join(dir, 'nowhere')))).toEqual({ reason: 'missing' });
    expect(await problemOf(() => read(path.join(dir, 'to-missing')))).toEqual({ reason: 'missing' });
  });

  test('a /proc file that claims size 0 is still read only to the limit', async () => {
    // /proc/self/maps reports size 0 yet has content; the cap holds on what is read, not on what stat says.
    const reader = read === readers[0][1] ? readUserFile : readUserFileSync;
    // Under a roomy limit it is read whole, the buffer growing past its first guess.
    const maps = (await reader('/proc/self/maps', 1024 * 1024)).toString();
    expect(maps.length).toBeGreaterThan(8192);
    expect(maps.endsWith('\n')).toBe(true);
    expect(await problemOf(async () => reader('/proc/self/maps', 16))).toEqual({
      reason: 'too-large',
      limitBytes: 16,
    });
  });
});

test('many FIFOs at once leave the thread pool free: a file read still answers', async () => {
  // libuv has four threads; eight blocking opens would take them all and never give them back.
  const refused = Array.from({ length: 8 }, () => readUserFile(fifo, LIMIT).catch((e: unknown) => e));
  const text = await readUserFile(path.join(dir, 'small.txt'), LIMIT);
  expect(text.toString()).toBe('hello');
  for (const error of await Promise.all(refused)) expect(error).toBeInstanceOf(UserFileError);
});

describe('CA files through the reader', () => {
  test('the CLI gets the precise reason, with the cap named', async () => {
    await expect(checkCaFile(fifo, '--ca')).rejects.toMatchObject({
      kind: 'validation',
      message: `caFile (--ca): ${fifo} is not a regular file (a pipe, socket or device). Give the path of a PEM file of CA certificates.`,
    });
    expect(() => loadCaFile('/dev/urandom', '--ca')).toThrow(
      '/dev/urandom is not a regular file (a pipe, socket or device)',
    );
    const huge = path.join(dir, 'huge.pem');
    await expect(checkCaFile(huge, '--ca')).rejects.toThrow(`${huge} is larger than 1 MiB.`);
  });

  test('for the window, missing and unusable read the same', async () => {
    const words = await Promise.all(
      [
        path.join(dir, 'nowhere'),
        fifo,
        '/dev/zero',
        path.join(dir, 'folder'),
        path.join(dir, 'huge.pem'),
      ].map(async (file) => {
        const error = await checkCaFile(file, 'robot', 'opaque').catch((e: unknown) => e as Error);
        // The file's name only: the window never learns the folders above it.
        expect((error as Error).message).not.toContain(path.dirname(file));
        return (error as Error).message.replace(path.basename(file), 'FILE');
      }),
    );
    expect(new Set(words)).toEqual(
      new Set([
        `caFile (robot): FILE ${opaqueProblemWords(1024 * 1024)}. Choose a PEM file of CA certificates.`,
      ]),
    );
  });
});

describe("Robot Tray's own small files, when something else is in their place", () => {
  test('a FIFO as window.json is passed over at once', async () => {
    const { readBounds } = await import('../../src/main/window/windowState.ts');
    // The read would wait for a writer forever.
    expect(await readBounds(fifo)).toBeUndefined();
  });
});
