import { z } from 'zod';
import { ImportChoices, ImportPlan } from '../../models/importPlan.ts';
import { TeamCatalogState } from '../../models/teamCatalog.ts';
import { ByRobot, Id, NoRequest } from './common.ts';
import { methods } from './define.ts';

/** An import main holds between showing its plan and the person's answer; the file's content stays in main. */
const ImportId = z.string().min(1).max(100);

export const ImportOffer = z.object({
  importId: ImportId,
  /** The file's name (not its folder), for the dialog's title. */
  fileName: z.string(),
  plan: ImportPlan,
});
export type ImportOffer = z.infer<typeof ImportOffer>;

export const ExportOutcome = z.object({ fileName: z.string(), robots: z.number(), presets: z.number() });

/**
 * Sharing without tokens. Every file is chosen in main's native dialogs
 * (save for an export, open for an import or a team catalog): the window
 * names robots and answers questions, never a path.
 */
export const sharingMethods = methods({
  /** Main asks where to save (null: cancelled) and writes the chosen robots' export. */
  exportRobots: {
    request: z.object({ robotIds: z.array(Id).max(10_000) }).strict(),
    response: ExportOutcome.nullable(),
  },
  /** Main asks for the file to import, reads it and answers the plan (null: cancelled); nothing changes yet. */
  chooseImportFile: { request: NoRequest, response: ImportOffer.nullable() },
  /** The plan again with the person's choices (replace or skip per robot); nothing changes. */
  planImport: {
    request: z.object({ importId: ImportId, choices: ImportChoices }).strict(),
    response: ImportPlan,
  },
  /** Apply the import with those choices, or refuse it whole (a conflict left, a robot that cannot be saved). */
  applyImport: {
    request: z.object({ importId: ImportId, choices: ImportChoices }).strict(),
    response: ImportPlan,
  },
  getTeamCatalog: { request: NoRequest, response: TeamCatalogState },
  /** Main asks for the catalog file to follow; null when cancelled. */
  chooseTeamCatalog: { request: NoRequest, response: TeamCatalogState.nullable() },
  stopTeamCatalog: { request: NoRequest, response: TeamCatalogState },
  /** A team robot and its presets become one's own (new id, token needed); refused when the name is taken. */
  copyTeamRobot: { request: ByRobot, response: ImportPlan },
});
