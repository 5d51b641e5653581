import { AppError } from '../../../core/errors.ts';
import { checkCaFile } from '../../../core/http/trust.ts';
import type { CaFileSummary } from '../../../shared/models/network.ts';
import type { FileChoice, HandlerContext } from './context.ts';

const caDialog = (title: string): FileChoice => ({
  title,
  filters: [
    { name: 'PEM certificates', extensions: ['pem', 'crt', 'cer'] },
    { name: 'All files', extensions: ['*'] },
  ],
});

/**
 * A saved CA file as the window shows it, read now from the path main keeps
 * (the window never holds it); worded for the window, like a choice.
 */
export async function describeCaFile(file: string | null, source: string): Promise<CaFileSummary | null> {
  return file === null ? null : checkCaFile(file, source, 'opaque');
}

/**
 * Shows the native dialog and reads the file chosen through the safe reader.
 * The wording is the window's (opaque): a missing file and a pipe or device
 * read alike, so the answer tells the window nothing about which files exist.
 * Null when the dialog was cancelled.
 */
export async function chooseCaFile(
  ctx: HandlerContext,
  title: string,
  source: string,
): Promise<{ file: string; ca: CaFileSummary } | null> {
  const file = await ctx.chooseFile(caDialog(title));
  if (file === null) return null;
  if (typeof file !== 'string' || file === '') {
    throw new AppError('internal', 'The file dialog gave no file. Try choosing it again.');
  }
  return { file, ca: await checkCaFile(file, source, 'opaque') };
}
