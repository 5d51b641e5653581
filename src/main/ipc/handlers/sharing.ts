import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../../core/errors.ts';
import { exportText } from '../../../core/sharing/exportCatalog.ts';
import type { ExportFile } from '../../../shared/models/exportFile.ts';
import type { sharingMethods } from '../../../shared/ipc/contract/sharing.ts';
import { writeChosenFile } from './chosenFile.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';
import { teamForWindow } from '../windowView.ts';

const JSON_FILES = [
  { name: 'Robot Tray export', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

/**
 * Export, import and the team catalog. The file an import read stays here,
 * under an id the window answers with: the window sees the plan, never the
 * path or the file's content, and cannot swap in another file between the
 * plan shown and the import confirmed.
 */
export function sharingHandlers(ctx: HandlerContext): HandlersOf<typeof sharingMethods> {
  const { core } = ctx;
  let pending: { id: string; file: ExportFile } | null = null;
  const held = (importId: string): ExportFile => {
    if (pending === null || pending.id !== importId)
      throw new AppError('not-found', 'That import is no longer open. Choose the file again with Import….');
    return pending.file;
  };
  return {
    exportRobots: async ({ robotIds }) => {
      const exported = await core.exportCatalog({ robots: robotIds });
      const file = await ctx.chooseSaveFile({
        title: 'Export robots',
        defaultName: 'robot-tray-export.json',
        filters: JSON_FILES,
      });
      if (file === null) return null;
      try {
        await writeChosenFile(file, exportText(exported));
      } catch {
        throw new AppError(
          'storage',
          'Robot Tray could not write that file. Choose a folder you can write to.',
        );
      }
      const presets = exported.robots.reduce((n, r) => n + r.presets.length, 0);
      return { fileName: path.basename(file), robots: exported.robots.length, presets };
    },
    chooseImportFile: async () => {
      const file = await ctx.chooseFile({ title: 'Import robots', filters: JSON_FILES });
      if (file === null) return null;
      const read = await core.readExportFile(file);
      pending = { id: randomUUID(), file: read };
      return { importId: pending.id, fileName: path.basename(file), plan: await core.planImport(read) };
    },
    planImport: ({ importId, choices }) => core.planImport(held(importId), choices),
    applyImport: async ({ importId, choices }) => {
      const plan = await core.applyImport(held(importId), choices);
      pending = null;
      return plan;
    },
    // The file by its name only (windowView.ts): the window never holds a path.
    getTeamCatalog: () => teamForWindow(core.teamCatalog()),
    chooseTeamCatalog: async () => {
      const file = await ctx.chooseFile({ title: 'Follow a team catalog', filters: JSON_FILES });
      return file === null ? null : teamForWindow(await core.followTeamCatalog(file));
    },
    stopTeamCatalog: async () => teamForWindow(await core.followTeamCatalog(null)),
    copyTeamRobot: ({ robotId }) => core.copyTeamRobot(robotId),
  };
}
