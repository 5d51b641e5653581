import { z } from 'zod';
import { Preset } from './preset.ts';
import { RobotView } from './robotView.ts';

/**
 * The team catalog as the window and the CLI see it: the file followed
 * (chosen in main's dialog or given to the CLI), the robots and presets of
 * its last good version, and what is wrong with the file now, if anything.
 * Its robots and presets are the team's: shown beside one's own, never
 * edited here. Their ids are derived from their names (see core/team/teamRecords.ts),
 * so calls and pins keep pointing at them across reloads.
 */
export const TeamCatalogState = z.object({
  file: z.string().nullable(),
  /** When the version shown was read; null before any good version. */
  loadedAt: z.number().nullable(),
  /** Why the file as it is now is not used (the last good version stays); null when it is. */
  problem: z.string().nullable(),
  robots: z.array(RobotView),
  presets: z.array(Preset),
});
export type TeamCatalogState = z.infer<typeof TeamCatalogState>;

export { isTeamId, TEAM_ID_PREFIX } from '../teamIds.ts';
