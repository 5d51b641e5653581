import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { describeZodError } from '../../shared/validation.ts';
import { AppError } from '../errors.ts';
import { problemWords, readUserFile, UserFileError } from '../files/readUserFile.ts';
import type { WarningLog } from './warnings.ts';

/**
 * Reading a data file (robots.json and its kin) from disk, and what becomes
 * of one that is damaged: it is renamed aside with a timestamp, or, for a
 * list, only its bad records are set aside (the file copied beside it), and
 * a warning says where; nothing is deleted or silently replaced, and nothing
 * read can stop Robot Tray from starting. A file from a newer Robot Tray is
 * read as empty and left alone (`readOnlyReason`). JsonFileStore caches what
 * this reads and writes the changes.
 */

/** Past this a data file is not Robot Tray's (V8 cannot hold much more as one string anyway). */
const MAX_DATA_FILE_BYTES = 256 * 1024 * 1024;

export type Migration = (data: unknown) => unknown;

/** What a data file is: its place, its schema and versions, and where its problems are told. */
export type DataFileOptions<S extends z.ZodType> = {
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
};

export type Loaded<T> = { data: T; readOnlyReason?: string };

export async function loadDataFile<S extends z.ZodType>(o: DataFileOptions<S>): Promise<Loaded<z.output<S>>> {
  let text: string;
  try {
    text = (await readUserFile(o.file, MAX_DATA_FILE_BYTES)).toString('utf8');
  } catch (error) {
    // A pipe or device put in the data folder would hold the thread pool (and startup) forever.
    const problem = error instanceof UserFileError ? error.problem : undefined;
    if (problem?.reason === 'special' || problem?.reason === 'too-large') {
      return setAside(o, `it ${problemWords(problem)}`);
    }
    throw dataFileError(o, 'read', error);
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch (error) {
    return setAside(o, `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    return setAside(o, 'it does not hold a JSON object');
  }
  const { schemaVersion, data } = envelope as { schemaVersion?: unknown; data?: unknown };
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1) {
    return setAside(o, 'schemaVersion is missing or not a positive whole number');
  }
  if (schemaVersion > o.version) {
    const readOnlyReason =
      `${path.basename(o.file)} was written by a newer Robot Tray (schema ${schemaVersion}); ` +
      'this version will not change it. Update Robot Tray to edit your ' +
      o.label +
      '.';
    o.warnings.add(path.basename(o.file), readOnlyReason);
    return { data: o.empty(), readOnlyReason };
  }
  let current = data;
  for (let v = schemaVersion; v < o.version; v++) {
    const migrate = o.migrations?.[v];
    if (migrate === undefined) return setAside(o, `no migration from schema ${v}`);
    try {
      current = migrate(current);
    } catch (error) {
      return setAside(o, `it could not be brought from schema ${v} to ${v + 1} (${thrown(error)})`);
    }
  }
  // Nothing read from disk may stop Robot Tray from starting: a parse that
  // throws (a stack overflow on a value the schemas' limits missed) is a
  // damaged file or record like any other, never an exception out of open.
  const parsed = safely(o.schema, current);
  if (parsed.success) return { data: parsed.data as z.output<S> };
  if (o.record !== undefined && Array.isArray(current)) return salvage(o, text, current);
  return setAside(o, parsed.reason ?? describeZodError(parsed.error, 'data', o.label.split(' ')[0]));
}

/**
 * Keep every record that is valid and set aside only the ones that are
 * not: the original file is copied beside it (named by its content, so
 * every process names the same copy), and the next change writes back only
 * the valid records. The warning says what was kept and where the rest is.
 */
async function salvage<S extends z.ZodType>(
  o: DataFileOptions<S>,
  text: string,
  records: unknown[],
): Promise<Loaded<z.output<S>>> {
  const kept: unknown[] = [];
  const refused: string[] = [];
  records.forEach((record, index) => {
    const one = safely(o.record!, record);
    if (one.success) kept.push(one.data);
    else
      refused.push(
        `${o.label.replace(/s$/, '')} ${index + 1}${idNote(record)}: ${one.reason ?? describeZodError(one.error)}`,
      );
  });
  const whole = safely(o.schema, kept);
  if (!whole.success) return setAside(o, whole.reason ?? describeZodError(whole.error, 'data'));
  const name = path.basename(o.file);
  const aside = `${o.file}.damaged-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
  if (o.readOnly === undefined) {
    try {
      await copyFile(o.file, aside, constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw dataFileError(o, 'copy', error);
    }
  }
  const original =
    o.readOnly === undefined
      ? `The original file is at ${aside}`
      : `The data folder is read-only, so ${o.file} was left as it is`;
  o.warnings.add(
    name,
    `${name}: ${refused.length} of ${records.length} ${o.label} could not be read and were set aside ` +
      `(${refused.slice(0, 3).join('; ')}${refused.length > 3 ? '; …' : ''}). The other ${kept.length} were kept. ` +
      `${original}; fix those records there and copy them back to restore them.`,
  );
  return { data: whole.data as z.output<S> };
}

async function setAside<S extends z.ZodType>(
  o: DataFileOptions<S>,
  reason: string,
): Promise<Loaded<z.output<S>>> {
  const stamp = new Date(o.now?.() ?? Date.now()).toISOString().replace(/[:.]/g, '-');
  const aside = `${o.file}.corrupt-${stamp}`;
  const name = path.basename(o.file);
  if (o.readOnly !== undefined) {
    o.warnings.add(
      name,
      `${name} could not be used: ${reason}. The data folder is read-only, so it was left as it is and ` +
        `Robot Tray shows no ${o.label}. Fix that file to restore them.`,
    );
    return { data: o.empty() };
  }
  try {
    await rename(o.file, aside);
  } catch (error) {
    throw dataFileError(o, 'set aside', error);
  }
  o.warnings.add(
    name,
    `${name} could not be used: ${reason}. It was moved to ${aside} and Robot Tray started with no ${o.label}. ` +
      'Fix that file and copy it back to restore them.',
  );
  return { data: o.empty() };
}

/** A data file that cannot be read or written, with what to do about it. */
export function dataFileError<S extends z.ZodType>(
  o: DataFileOptions<S>,
  action: string,
  error: unknown,
): AppError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const fix =
    code === 'ENOSPC'
      ? 'The disk is full: free some space and try again.'
      : `Check that the folder ${path.dirname(o.file)} exists and is writable, or point ROBOT_TRAY_HOME at another folder.`;
  return new AppError('storage', `Robot Tray could not ${action} ${o.file} (${code}). ${fix}`, {
    cause: error,
  });
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
