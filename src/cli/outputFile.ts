import { writeFile } from 'node:fs/promises';
import { folderProblemWords, writeProblemWords } from '../core/files/writeProblem.ts';
import { usageError } from './cliError.ts';

/**
 * Writes a file the command line named (an export, a report, a response);
 * `label` names the option it came with ("--output "), or is empty for an
 * argument. A path that cannot be written is a usage error that says why.
 */
export async function writeOutputFile(file: string, text: string, label = ''): Promise<void> {
  try {
    await writeFile(file, text);
  } catch (error) {
    throw usageError(`${label}${file} ${writeProblemWords(file, error)}.`);
  }
}

/** Refuses, before anything is done, a file whose folder is missing: `then` says what was not done. */
export function checkOutputFolder(file: string, label: string, then: string): void {
  const problem = folderProblemWords(file);
  if (problem !== undefined) throw usageError(`${label}${file} ${problem}. ${then}`);
}
