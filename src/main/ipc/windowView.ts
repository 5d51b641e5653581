import path from 'node:path';
import type { Diagnosis } from '../../shared/models/diagnosis.ts';
import type { Settings } from '../../shared/models/settings.ts';
import type { TeamCatalogState } from '../../shared/models/teamCatalog.ts';

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
