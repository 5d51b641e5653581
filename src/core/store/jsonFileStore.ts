import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { type DataFileOptions, dataFileError, loadDataFile } from './dataFileLoad.ts';
import { acquireLock, type LockOptions } from './fileLock.ts';
import { writeFileAtomically } from '../files/atomicWrite.ts';

export type JsonFileStoreOptions<S extends z.ZodType> = DataFileOptions<S> & { lock?: LockOptions };

type Cached<T> = ({ data: T; mtimeMs: number; size: number } | { data: T; mtimeMs: -1; size: -1 }) & {
  /** When the file was last seen to match (the store's clock). */
  seenAt: number;
};

/**
 * A small JSON file with a schema version, validated on every load and
 * written atomically. Another process (the CLI beside the app) may write the
 * same file, so each read checks the file's mtime and reloads when it moved.
 *
 * A file that cannot be read or validated is renamed aside with a timestamp
 * and reported as a warning; nothing is deleted or silently replaced
 * (dataFileLoad.ts reads it and deals with a damaged one).
 */
export class JsonFileStore<S extends z.ZodType> {
  readonly #o: JsonFileStoreOptions<S>;
  #cache: Cached<z.output<S>> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  /** Set when the file was written by a newer Robot Tray: we read nothing and write nothing. */
  #readOnlyReason: string | undefined;

  constructor(options: JsonFileStoreOptions<S>) {
    this.#o = options;
  }

  /** Throws the data folder's `storage` error when it cannot be written: for changes made elsewhere first (the keychain). */
  get writable(): boolean {
    return this.#o.readOnly === undefined;
  }

  assertWritable(): void {
    if (this.#o.readOnly !== undefined) throw this.#o.readOnly;
  }

  /**
   * The file's data, checked against the disk (one stat) unless `maxAgeMs`
   * allows the copy seen that recently: a poller asking for its robot on every
   * query then stats at most once per `maxAgeMs`, and sees another process's
   * change that much later (this process's own changes are seen at once).
   */
  async read(options: { maxAgeMs?: number } = {}): Promise<z.output<S>> {
    const now = this.#o.now ?? Date.now;
    const cache = this.#cache;
    if (cache !== undefined && options.maxAgeMs !== undefined && now() - cache.seenAt < options.maxAgeMs)
      return cache.data;
    const seenAt = now();
    let info;
    try {
      // Sync: a stat is a few microseconds of one thread, where a promise's
      // costs ~30 µs across two (asked on every fire); it never waits on a
      // FIFO or a device, and the history beside it is read in SQLite, sync too.
      info = statSync(this.#o.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw this.#ioError('read', error);
      if (this.#cache === undefined || this.#cache.mtimeMs !== -1) {
        this.#cache = { data: this.#o.empty(), mtimeMs: -1, size: -1, seenAt };
      } else this.#cache.seenAt = seenAt;
      return this.#cache.data;
    }
    if (this.#cache && this.#cache.mtimeMs === info.mtimeMs && this.#cache.size === info.size) {
      this.#cache.seenAt = seenAt;
      return this.#cache.data;
    }
    const data = await this.#load();
    this.#cache = { data, mtimeMs: info.mtimeMs, size: info.size, seenAt };
    return data;
  }

  /**
   * Read the latest, apply `change`, write atomically. Serialized within this
   * process by a queue and across processes (the app and the CLI) by a lock
   * file, so neither overwrites a change the other just made.
   */
  update<R>(change: (current: z.output<S>) => { next: z.output<S>; result: R }): Promise<R> {
    const run = this.#queue.then(async () => {
      if (this.#o.readOnly !== undefined) throw this.#o.readOnly;
      if (this.#readOnlyReason !== undefined) throw new AppError('validation', this.#readOnlyReason);
      try {
        await mkdir(path.dirname(this.#o.file), { recursive: true });
      } catch (error) {
        throw this.#ioError('create the folder of', error);
      }
      let release: () => Promise<void>;
      try {
        release = await acquireLock(this.#o.file, this.#o.lock);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw this.#ioError('lock', error);
      }
      try {
        // Another process may have written within the cache's mtime resolution.
        this.#cache = undefined;
        const { next, result } = change(await this.read());
        if (this.#readOnlyReason !== undefined) throw new AppError('validation', this.#readOnlyReason);
        const checked = this.#o.schema.parse(next) as z.output<S>;
        const text = JSON.stringify({ schemaVersion: this.#o.version, data: checked }, null, 2) + '\n';
        try {
          await writeFileAtomically(this.#o.file, text, { mode: 0o600 });
        } catch (error) {
          throw this.#ioError('save', error);
        }
        // Not cached: the next read stats and loads what is really on disk.
        this.#cache = undefined;
        return result;
      } finally {
        await release().catch(() => undefined);
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #load(): Promise<z.output<S>> {
    const { data, readOnlyReason } = await loadDataFile(this.#o);
    if (readOnlyReason !== undefined) this.#readOnlyReason = readOnlyReason;
    return data;
  }

  #ioError(action: string, error: unknown): AppError {
    return dataFileError(this.#o, action, error);
  }
}
