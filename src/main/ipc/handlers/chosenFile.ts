import { writeFileAtomically } from '../../../core/files/atomicWrite.ts';

/**
 * Writes a file the person chose in main's save dialog (an export, a saved
 * call): beside it first, then renamed over it. A half-written file is never
 * left under the chosen name, and whatever was there is replaced, not written
 * into: a FIFO or device in its place would hold one of libuv's four threads
 * (main's file and DNS work) until something read it.
 */
export function writeChosenFile(file: string, text: string): Promise<void> {
  return writeFileAtomically(file, text, {});
}
