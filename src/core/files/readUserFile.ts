import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { open, realpath } from 'node:fs/promises';

/**
 * Why a file someone named could not be read. The caller turns it into words:
 * precise ones for the person who typed the path (CLI), and the same words
 * for every reason where the asker must not learn which files exist.
 */
export type UserFileProblem =
  | { reason: 'missing' }
  | { reason: 'denied' }
  | { reason: 'folder' }
  /** A pipe, socket or device: reading it could block forever or never end. */
  | { reason: 'special' }
  | { reason: 'too-large'; limitBytes: number }
  | { reason: 'unreadable'; code: string };

export class UserFileError extends Error {
  readonly problem: UserFileProblem;
  /** The system's error code (ENOENT, EACCES, …) when the system refused. */
  readonly code: string | undefined;
  constructor(problem: UserFileProblem, code?: string) {
    super(`user file: ${problem.reason}`);
    this.name = 'UserFileError';
    this.problem = problem;
    this.code = code;
  }
}

/**
 * O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, holding
 * one of libuv's four threads (four such opens and main stops answering, DNS
 * included). O_NOFOLLOW: the path is already resolved; a link swapped in since
 * is refused, not followed.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

function problemOf(error: unknown): UserFileProblem {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'missing' };
  if (code === 'EACCES' || code === 'EPERM') return { reason: 'denied' };
  if (code === 'EISDIR') return { reason: 'folder' };
  if (code === 'ENXIO' || code === 'EAGAIN' || code === 'EWOULDBLOCK') return { reason: 'special' };
  return { reason: 'unreadable', code };
}

/** Only a regular file of at most `limit` bytes is read; anything else is refused before a byte is. */
function checkStats(stats: Stats, limitBytes: number): void {
  if (stats.isDirectory()) throw new UserFileError({ reason: 'folder' }, 'EISDIR');
  if (!stats.isFile()) throw new UserFileError({ reason: 'special' });
  if (stats.size > limitBytes) throw new UserFileError({ reason: 'too-large', limitBytes });
}

/**
 * The bytes read so far. Sized by what the file claims, grown as needed, and
 * never past limit + 1 bytes whatever the file claims (a file growing while
 * read, /proc files that report size 0): one byte past the limit is enough to
 * refuse. A 64 MiB cap does not cost 64 MiB for a 1 KiB file.
 */
class BoundedBytes {
  buffer: Buffer;
  length = 0;
  readonly #max: number;

  constructor(claimedSize: number, limitBytes: number) {
    this.#max = limitBytes + 1;
    this.buffer = Buffer.alloc(Math.min(this.#max, Math.max(claimedSize + 1, 4096)));
  }

  get room(): number {
    return this.buffer.length - this.length;
  }

  /** Counts bytes just read; true once over the limit (stop reading). */
  add(bytesRead: number): boolean {
    this.length += bytesRead;
    if (this.length >= this.#max) return true;
    if (this.room === 0) {
      const bigger = Buffer.alloc(Math.min(this.#max, this.buffer.length * 2));
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    return false;
  }

  result(): Buffer {
    if (this.length >= this.#max) throw new UserFileError({ reason: 'too-large', limitBytes: this.#max - 1 });
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * The bytes of a file a person named (a CA file, `--args @FILE`, a sandbox
 * config): links resolved, regular files only, at most `limitBytes`. Never
 * blocks on a pipe or device and never reads more than the limit. Throws a
 * UserFileError whose `problem` says why.
 */
export async function readUserFile(file: string, limitBytes: number): Promise<Buffer> {
  try {
    const real = await realpath(file);
    const handle = await open(real, OPEN_FLAGS);
    try {
      const stats = await handle.stat();
      checkStats(stats, limitBytes);
      const bytes = new BoundedBytes(stats.size, limitBytes);
      for (;;) {
        const { bytesRead } = await handle.read(bytes.buffer, bytes.length, bytes.room, null);
        if (bytesRead === 0 || bytes.add(bytesRead)) break;
      }
      return bytes.result();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw error instanceof UserFileError
      ? error
      : new UserFileError(problemOf(error), (error as NodeJS.ErrnoException).code);
  }
}

/** readUserFile for callers that must answer synchronously (a TLS context built on connect). */
export function readUserFileSync(file: string, limitBytes: number): Buffer {
  try {
    const fd = openSync(realpathSync(file), OPEN_FLAGS);
    try {
      const stats = fstatSync(fd);
      checkStats(stats, limitBytes);
      const bytes = new BoundedBytes(stats.size, limitBytes);
      for (;;) {
        const bytesRead = readSync(fd, bytes.buffer, bytes.length, bytes.room, null);
        if (bytesRead === 0 || bytes.add(bytesRead)) break;
      }
      return bytes.result();
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw error instanceof UserFileError
      ? error
      : new UserFileError(problemOf(error), (error as NodeJS.ErrnoException).code);
  }
}

/** "1 MiB", "64 KiB", "512 bytes": a limit as people read it in an error. */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** What is wrong with the file, after its path: "does not exist", "is larger than 1 MiB". */
export function problemWords(problem: UserFileProblem): string {
  switch (problem.reason) {
    case 'missing':
      return 'does not exist';
    case 'denied':
      return 'cannot be read (permission denied)';
    case 'folder':
      return 'is a folder, not a file';
    case 'special':
      return 'is not a regular file (a pipe, socket or device)';
    case 'too-large':
      return `is larger than ${sizeWords(problem.limitBytes)}`;
    case 'unreadable':
      return `cannot be read (${problem.code})`;
  }
}

/**
 * The one sentence for every problem, where the asker is not the person who
 * typed the path (the window): "missing" and "unusable" must read alike, or
 * the error would tell which files exist on this machine.
 */
export function opaqueProblemWords(limitBytes: number): string {
  return `is missing or is not a readable regular file of at most ${sizeWords(limitBytes)}`;
}
