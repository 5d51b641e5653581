import { z } from 'zod';
import { CallDetail } from '../../models/call.ts';
import { ById, NoRequest } from './common.ts';
import { methods } from './define.ts';

/**
 * A saved call as the window shows it, read only: the call's detail, the
 * file's name (never its folder: the window learns no paths) and when it
 * was saved.
 */
export const SavedCallView = z.object({
  fileName: z.string(),
  savedAt: z.number(),
  call: CallDetail,
});
export type SavedCallView = z.infer<typeof SavedCallView>;

export const savedCallMethods = methods({
  /** Save a call with its whole response to a file the person picks in main's save dialog; null if cancelled. */
  saveCall: { request: ById, response: z.object({ fileName: z.string() }).nullable() },
  /** Open a saved call the person picks in main's open dialog; null if cancelled. */
  openSavedCall: { request: NoRequest, response: SavedCallView.nullable() },
  /**
   * Open the file the person just dropped onto the window. The request names
   * no file: the preload hands main the path of a real drop (see
   * docs/SECURITY.md), and main opens that one, once.
   */
  openDroppedCall: { request: NoRequest, response: SavedCallView },
});
