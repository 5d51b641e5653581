import { createHash } from 'node:crypto';
import { constants, statSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { describeZodError } from '../../shared/validation.ts';
import { AppError } from '../errors.ts';
import { problemWords, readUserFile, UserFileError } from '../files/readUserFile.ts';
import { acquireLock, type LockOptions } from './fileLock.ts';
import type { WarningLog } from './warnings.ts';
import { writeFileAtomically } from '../files/atomicWrite.ts';

export type Migration = (data: unknown) => unknown;

/** Past this a data file is not Robot Tray's (V8 cannot hold much more as one string anyway). */
const MAX_DATA_FILE_BYTES = 256 * 1024 * 1024;

export type JsonFileStoreOptions<S extends z.ZodType> = {
  file: string;
  /** Human name of what the file holds, for messages: "robots". */
  label: string;
  schema: S;
  version: number;
  /** migrations[n] turns version n data into version n + 1 data. */
  migrations?: Record<number, Migration>;
  empty: () => z.output<S>;
  /**
   * For a file holding a list: the schema of one record. A record that fails
   * it is set aside alone, and every valid record is kept.
   */
  record?: z.ZodType;
  warnings: WarningLog;
  now?: () => number;
  /** The data folder cannot be written: every change throws this, and a damaged file is left where it is. */
  readOnly?: AppError;
  lock?: LockOptions;
};

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
 * and reported as a warning; nothing is deleted or silently replaced.
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
    let text: string;
    try {
      text = (await readUserFile(this.#o.file, MAX_DATA_FILE_BYTES)).toString('utf8');
    } catch (error) {
      // A pipe or device put in the data folder would hold the thread pool (and startup) forever.
      const problem = error instanceof UserFileError ? error.problem : undefined;
      if (problem?.reason === 'special' || problem?.reason === 'too-large') {
        return this.#setAside(`it ${problemWords(problem)}`);
      }
      throw this.#ioError('read', error);
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (error) {
      return this.#setAside(`it is not valid JSON (${(error as Error).message})`);
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      return this.#setAside('it does not hold a JSON object');
    }
    const { schemaVersion, data } = envelope as { schemaVersion?: unknown; data?: unknown };
    if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1) {
      return this.#setAside('schemaVersion is missing or not a positive whole number');
    }
    if (schemaVersion > this.#o.version) {
      this.#readOnlyReason =
        `${path.basename(this.#o.file)} was written by a newer Robot Tray (schema ${schemaVersion}); ` +
        'this version will not change it. Update Robot Tray to edit your ' +
        this.#o.label +
        '.';
      this.#o.warnings.add(path.basename(this.#o.file), this.#readOnlyReason);
      return this.#o.empty();
    }
    let current = data;
    for (let v = schemaVersion; v < this.#o.version; v++) {
      const migrate = this.#o.migrations?.[v];
      if (migrate === undefined) return this.#setAside(`no migration from schema ${v}`);
      try {
        current = migrate(current);
      } catch (error) {
        return this.#setAside(`it could not be brought from schema ${v} to ${v + 1} (${thrown(error)})`);
      }
    }
    // Nothing read from disk may stop Robot Tray from starting: a parse that
    // throws (a stack overflow on a value the schemas' limits missed) is a
    // damaged file or record like any other, never an exception out of open.
    const parsed = safely(this.#o.schema, current);
    if (parsed.success) return parsed.data as z.output<S>;
    if (this.#o.record !== undefined && Array.isArray(current)) return this.#salvage(text, current);
    return this.#setAside(
      parsed.reason ?? describeZodError(parsed.error, 'data', this.#o.label.split(' ')[0]),
    );
  }

  /**
   * Keep every record that is valid and set aside only the ones that are
   * not: the original file is copied beside it (named by its content, so
   * every process names the same copy), and the next change writes back only
   * the valid records. The warning says what was kept and where the rest is.
   */
  async #salvage(text: string, records: unknown[]): Promise<z.output<S>> {
    const kept: unknown[] = [];
    const refused: string[] = [];
    records.forEach((record, index) => {
      const one = safely(this.#o.record!, record);
      if (one.success) kept.push(one.data);
      else
        refused.push(
          `${this.#o.label.replace(/s$/, '')} ${index + 1}${idNote(record)}: ${one.reason ?? describeZodError(one.error)}`,
        );
    });
    const whole = safely(this.#o.schema, kept);
    if (!whole.success) return this.#setAside(whole.reason ?? describeZodError(whole.error, 'data'));
    const name = path.basename(this.#o.file);
    const aside = `${this.#o.file}.damaged-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
    if (this.#o.readOnly === undefined) {
      try {
        await copyFile(this.#o.file, aside, constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw this.#ioError('copy', error);
      }
    }
    const original =
      this.#o.readOnly === undefined
        ? `The original file is at ${aside}`
        : `The data folder is read-only, so ${this.#o.file} was left as it is`;
    this.#o.warnings.add(
      name,
      `${name}: ${refused.length} of ${records.length} ${this.#o.label} could not be read and were set aside ` +
        `(${refused.slice(0, 3).join('; ')}${refused.length > 3 ? '; …' : ''}). The other ${kept.length} were kept. ` +
        `${original}; fix those records there and copy them back to restore them.`,
    );
    return whole.data as z.output<S>;
  }

  async #setAside(reason: string): Promise<z.output<S>> {
    const stamp = new Date(this.#o.now?.() ?? Date.now()).toISOString().replace(/[:.]/g, '-');
    const aside = `${this.#o.file}.corrupt-${stamp}`;
    const name = path.basename(this.#o.file);
    if (this.#o.readOnly !== undefined) {
      this.#o.warnings.add(
        name,
        `${name} could not be used: ${reason}. The data folder is read-only, so it was left as it is and ` +
          `Robot Tray shows no ${this.#o.label}. Fix that file to restore them.`,
      );
      return this.#o.empty();
    }
    try {
      await rename(this.#o.file, aside);
    } catch (error) {
      throw this.#ioError('set aside', error);
    }
    this.#o.warnings.add(
      name,
      `${name} could not be used: ${reason}. It was moved to ${aside} and Robot Tray started with no ${this.#o.label}. ` +
        'Fix that file and copy it back to restore them.',
    );
    return this.#o.empty();
  }

  #ioError(action: string, error: unknown): AppError {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const fix =
      code === 'ENOSPC'
        ? 'The disk is full: free some space and try again.'
        : `Check that the folder ${path.dirname(this.#o.file)} exists and is writable, or point ROBOT_TRAY_HOME at another folder.`;
    return new AppError('storage', `Robot Tray could not ${action} ${this.#o.file} (${code}). ${fix}`, {
      cause: error,
    });
  }
}

type Parsed =
  | { success: true; data: unknown }
  | { success: false; error: z.ZodError; reason?: undefined }
  | { success: false; error?: undefined; reason: string };

/** safeParse that also turns a thrown exception (a RangeError, say) into a refusal with a reason. */
function safely(schema: z.ZodType, value: unknown): Parsed {
  try {
    return schema.safeParse(value);
  } catch (error) {
    return { success: false, reason: `it could not be read (${thrown(error)})` };
  }
}

function thrown(error: unknown): string {
  return error instanceof RangeError
    ? 'nested too deep to read'
    : error instanceof Error
      ? error.name
      : 'error';
}

/** A record's id, when it has one, so people can find it (and its keychain entry). */
function idNote(record: unknown): string {
  const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? ` (id ${id.slice(0, 40)})` : '';
}
