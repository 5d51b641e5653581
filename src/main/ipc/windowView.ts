import path from 'node:path';
import type { Diagnosis } from '../../shared/models/diagnosis.ts';
import type { Settings } from '../../shared/models/settings.ts';
import type { TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import type { Warning } from '../../shared/models/warning.ts';

/**
 * Records as the window receives them: a CA file is named by its file name
 * only, never its full path. The window has no use for a path (it shows the
 * name, and the summary main read when the file was chosen), a path names
 * the person's folders, and one the window never holds it can never send
 * back. Every answer and event carrying a robot, the settings, a diagnosis
 * or the team catalog goes through here.
 */
export function robotForWindow<R extends { caFile: string | null }>(robot: R): R {
  return robot.caFile === null ? robot : { ...robot, caFile: path.basename(robot.caFile) };
}

export function settingsForWindow(settings: Settings): Settings {
  const { caFile } = settings.network;
  const { teamCatalogFile } = settings;
  return {
    ...settings,
    ...(teamCatalogFile === null ? {} : { teamCatalogFile: path.basename(teamCatalogFile) }),
    network: caFile === null ? settings.network : { ...settings.network, caFile: path.basename(caFile) },
  };
}

export function diagnosisForWindow(diagnosis: Diagnosis): Diagnosis {
  const caFiles = diagnosis.trust.caFiles.map((ca) => ({ ...ca, file: path.basename(ca.file) }));
  return { ...diagnosis, trust: { ...diagnosis.trust, caFiles } };
}

/**
 * The team catalog followed, named by its file name (the window calls the
 * group after it), in the problem sentence too ("The team catalog NAME is not
 * valid JSON…").
 */
export function teamForWindow(team: TeamCatalogState): TeamCatalogState {
  if (team.file === null) return team;
  const name = path.basename(team.file);
  const problem = team.problem === null ? null : team.problem.replaceAll(team.file, name);
  return { ...team, file: name, problem };
}

const DATA_FOLDER = "Robot Tray's data folder";

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * A message (a storage error, a warning) as the window shows it: the data
 * folder is named as "Robot Tray's data folder", and a file in it by its name
 * there ("robot-tray.sqlite in Robot Tray's data folder"), never by the folder's
 * full path, which names the person's folders. What is wrong and what to do
 * stay; a shell command spelled with the path is left to the CLI and main's
 * log, which keep the full message.
 */
export function dataFolderForWindow(text: string, dataDir: string): string {
  const dir = path.resolve(dataDir).replace(/[\\/]+$/, '');
  if (dir === '' || !text.includes(dir)) return text;
  const d = escapeRegExp(dir);
  return (
    text
      // "(chmod u+w '/home/…/Robot Tray')": only useful with the path, which the window does not get.
      .replace(new RegExp(` ?\\(chmod [^)]*${d}[^)]*\\)`, 'g'), '')
      .replace(
        new RegExp(`(?:${escapeRegExp(DATA_FOLDER)}|the folder) ['"]?${d}['"]?(?![\\\\/\\w])`, 'g'),
        DATA_FOLDER,
      )
      // A file in it, up to a space, a quote or an ending's punctuation ("…/robot-tray.sqlite (EACCES).").
      .replace(new RegExp(`['"]?${d}[\\\\/]([^\\s'"]*[^\\s'".,;:)])['"]?`, 'g'), `$1 in ${DATA_FOLDER}`)
      .replaceAll(dir, DATA_FOLDER)
  );
}

/** The warnings list (a history that cannot be written, a damaged file set aside) as the window shows it. */
export function warningsForWindow(warnings: Warning[], dataDir: string | undefined): Warning[] {
  if (dataDir === undefined) return warnings;
  return warnings.map((w) => ({ ...w, message: dataFolderForWindow(w.message, dataDir) }));
}
