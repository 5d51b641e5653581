import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Call } from '../../shared/models/call.ts';
import {
  parseSavedCall,
  SAVED_CALL_MAX_BYTES,
  savedCallText,
  toSavedCall,
  type SavedCall,
} from '../../shared/models/savedCall.ts';
import { AppError } from '../errors.ts';
import { writeProblemWords } from './writeProblem.ts';
import { opaqueProblemWords, problemWords, readUserFile, UserFileError } from './readUserFile.ts';

/**
 * How a file's problem is told: `precise` to the person who typed its path
 * (the CLI); `opaque` where the asker is the window, which must learn from
 * the words neither which files exist, nor the file's folder, nor anything
 * of a file that is not a saved call.
 */
export type FileWords = 'precise' | 'opaque';

/**
 * A saved call file, read through the one safe reader (regular files only,
 * at most SAVED_CALL_MAX_BYTES) and checked. Refused with an AppError that
 * names the file and says why: unreadable, not a saved call, from a newer
 * Robot Tray, or damaged (naming the field).
 */
export async function readSavedCallFile(file: string, words: FileWords): Promise<SavedCall> {
  const name = words === 'precise' ? file : path.basename(file);
  let text: string;
  try {
    text = (await readUserFile(file, SAVED_CALL_MAX_BYTES)).toString('utf8');
  } catch (error) {
    if (!(error instanceof UserFileError)) throw error;
    const why = words === 'precise' ? problemWords(error.problem) : opaqueProblemWords(SAVED_CALL_MAX_BYTES);
    throw new AppError('validation', `${name} ${why}. Choose a call file saved by Robot Tray.`);
  }
  const parsed = parseSavedCall(text);
  if (!parsed.ok) {
    const problem =
      words === 'opaque' && parsed.foreign
        ? 'is not a call saved by Robot Tray (use "Save call…" or robot-tray call save to make one)'
        : parsed.problem;
    const stop = problem.endsWith('.') ? '' : '.';
    throw new AppError('validation', `${name} ${problem}${stop}`);
  }
  return parsed.saved;
}

/**
 * Writes `call` as a saved call file; the number of bytes written. `write`
 * puts the text there: in place by default (the CLI's `save` may be given a
 * pipe on purpose); the app's save dialog writes beside and renames over.
 */
export async function writeSavedCallFile(
  file: string,
  call: Call,
  now = Date.now(),
  write: (file: string, text: string) => Promise<void> = writeFile,
): Promise<number> {
  const text = savedCallText(toSavedCall(call, now));
  try {
    await write(file, text);
  } catch (error) {
    throw new AppError('validation', `${file} ${writeProblemWords(file, error)}.`);
  }
  return Buffer.byteLength(text);
}
