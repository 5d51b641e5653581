import { writeFile } from 'node:fs/promises';
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
    // Loaded only when needed: --help and usage errors load nothing of the core.
    const { writeProblemWords } = await import('../core/files/writeProblem.ts');
    throw usageError(`${label}${file} ${writeProblemWords(file, error)}.`);
  }
}

/** Refuses, before anything is done, a file whose folder is missing: `then` says what was not done. */
export async function checkOutputFolder(file: string, label: string, then: string): Promise<void> {
  const { folderProblemWords } = await import('../core/files/writeProblem.ts');
  const problem = folderProblemWords(file);
  if (problem !== undefined) throw usageError(`${label}${file} ${problem}. ${then}`);
}
