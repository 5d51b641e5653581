/**
 * Ids of the team catalog's robots and presets start with this; one's own
 * never do (they are UUIDs). Kept apart from the models so the CLI can tell
 * them apart without loading zod.
 */
export const TEAM_ID_PREFIX = 'team-';

export function isTeamId(id: string): boolean {
  return id.startsWith(TEAM_ID_PREFIX);
}
