import { type ExportFile, parseExportFile } from '../../shared/models/exportFile.ts';
import { MAX_EXPORT_FILE_BYTES } from '../../shared/limits.ts';
import { AppError } from '../errors.ts';
import { problemWords, readUserFile, UserFileError } from '../files/readUserFile.ts';

/**
 * The export (or team catalog) file at `file`, read with the bounded reader
 * and parsed, or an AppError naming the file and the problem. `label` is how
 * people know the file: `File "team.json"`, "The team catalog".
 */
export async function readExportFile(file: string, label: string): Promise<ExportFile> {
  let bytes: Buffer;
  try {
    bytes = await readUserFile(file, MAX_EXPORT_FILE_BYTES);
  } catch (error) {
    if (!(error instanceof UserFileError)) throw error;
    const kind = error.problem.reason === 'missing' ? 'not-found' : 'validation';
    throw new AppError(kind, `${label} ${problemWords(error.problem)}. Choose a Robot Tray export file.`);
  }
  return parseExportText(bytes.toString('utf8'), label);
}

export function parseExportText(text: string, label: string): ExportFile {
  const parsed = parseExportFile(text);
  if ('problem' in parsed) throw new AppError('validation', `${label} ${parsed.problem}.`);
  return parsed.file;
}
