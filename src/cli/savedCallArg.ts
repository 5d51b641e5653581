import { existsSync } from 'node:fs';
import type { Call } from '../shared/models/call.ts';

/** A call named on the command line: a local one, or one read from a saved call file. */
export type NamedCall = { call: Call; file?: string };

/**
 * Whether a command-line word names a saved call file rather than a local
 * call: a word with a path separator or ending in .json always does (so a
 * mistyped path is told as a missing file, not an unknown call); any other
 * word does when such a file exists.
 */
export function namesFile(word: string): boolean {
  return /[/\\]/.test(word) || /\.json$/i.test(word) || existsSync(word);
}

/** A saved call file as a call record, refused with the precise reason (the person typed the path). */
export async function savedCallFromFile(file: string): Promise<NamedCall> {
  const { readSavedCallFile } = await import('../core/files/savedCallFile.ts');
  const { savedCallAsCall } = await import('../shared/models/savedCall.ts');
  return { call: savedCallAsCall(await readSavedCallFile(file, 'precise')), file };
}
