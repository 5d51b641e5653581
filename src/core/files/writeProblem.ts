import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * Why a file the person named could not be written, in words that say how to
 * fix it: what follows the file's name ("… cannot be written: the folder
 * /x does not exist"), without a trailing stop.
 */
export function writeProblemWords(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const folder = path.dirname(path.resolve(file));
  switch (code) {
    case 'ENOENT':
      return `cannot be written: the folder ${folder} does not exist. Create it first, or choose another folder`;
    case 'ENOTDIR':
      return `cannot be written: part of the path ${folder} is a file, not a folder. Check the path`;
    case 'EISDIR':
      return 'is a folder. Give the name of a file to write, in that folder or another';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `cannot be written: the folder ${folder} may not be written to. Choose a folder you can write to`;
    case 'ENOSPC':
    case 'EDQUOT':
      return 'cannot be written: the disk is full. Free some space, or choose another disk';
    default:
      return `cannot be written (${code ?? 'error'}). Check the path, and that its folder exists and is writable`;
  }
}

/**
 * What stops a file being written in its folder, known before any work is
 * done (a robot fired, a report built): the folder missing or not a folder.
 * Undefined when the folder is there; permissions are left to the write.
 */
export function folderProblemWords(file: string): string | undefined {
  const folder = path.dirname(path.resolve(file));
  try {
    if (statSync(folder).isDirectory()) return undefined;
    return writeProblemWords(file, Object.assign(new Error(), { code: 'ENOTDIR' }));
  } catch (error) {
    return writeProblemWords(file, error);
  }
}
