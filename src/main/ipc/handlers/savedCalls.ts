import path from 'node:path';
import { AppError } from '../../../core/errors.ts';
import { readSavedCallFile, writeSavedCallFile } from '../../../core/files/savedCallFile.ts';
import { writeChosenFile } from './chosenFile.ts';
import { callDetail } from '../../../shared/models/call.ts';
import { savedCallAsCall } from '../../../shared/models/savedCall.ts';
import type { SavedCallView, savedCallMethods } from '../../../shared/ipc/contract/savedCalls.ts';
import type { FileChoice, HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

const callFiles: FileChoice['filters'] = [
  { name: 'Robot Tray calls', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

/** A file name people can save anywhere: the call's robot, preset and id, nothing a file system refuses. */
export function savedCallFileName(call: {
  robotName: string;
  presetName: string | null;
  id: string;
}): string {
  const words = [call.robotName, call.presetName ?? '', call.id.slice(0, 8)]
    .filter((w) => w !== '')
    .join(' ')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${words === '' ? 'call' : words}.robot-call.json`;
}

/**
 * Reads a saved call for the window. The words are opaque (as for any path
 * the window did not type): a missing file and a device read alike, and a
 * file that is not a saved call is not quoted back.
 */
async function viewOf(file: string): Promise<SavedCallView> {
  const saved = await readSavedCallFile(file, 'opaque');
  return { fileName: path.basename(file), savedAt: saved.savedAt, call: callDetail(savedCallAsCall(saved)) };
}

export function savedCallHandlers(ctx: HandlerContext): HandlersOf<typeof savedCallMethods> {
  return {
    saveCall: async ({ id }) => {
      const call = ctx.core.getCall(id);
      const file = await ctx.chooseSaveFile({
        title: 'Save call',
        defaultName: savedCallFileName(call),
        filters: callFiles,
      });
      if (file === null) return null;
      await writeSavedCallFile(file, call, Date.now(), writeChosenFile);
      return { fileName: path.basename(file) };
    },
    openSavedCall: async () => {
      const file = await ctx.chooseFile({ title: 'Open saved call', filters: callFiles });
      return file === null ? null : viewOf(file);
    },
    openDroppedCall: async () => {
      const file = await ctx.takeDroppedFile();
      if (file === null) {
        throw new AppError(
          'validation',
          'No dropped file reached Robot Tray. Drop one call file from your computer onto the window, or use "Open saved call…".',
        );
      }
      return viewOf(file);
    },
  };
}
