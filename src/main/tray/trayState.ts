import type { AppCore } from '../../core/appCore.ts';
import type { CallSummary } from '../../shared/models/callSummary.ts';
import type { TrayState } from './trayMenu.ts';

/**
 * What the tray menu shows, read fresh from the core at each rebuild: one's
 * own robots and presets, and the team catalog's (its last good version;
 * nothing once it is unfollowed, which a `team` event announces, so the
 * rebuild it asks for drops them at once). The recent calls are kept by
 * events (recentCalls.ts), never read from the history here.
 */
export async function readTrayState(
  core: Pick<AppCore, 'listRobots' | 'listPresets' | 'teamCatalog'>,
  recentCalls: readonly CallSummary[],
): Promise<TrayState> {
  const team = core.teamCatalog();
  return {
    robots: await core.listRobots(),
    presets: await core.listPresets(),
    team: { robots: team.robots, presets: team.presets },
    recentCalls,
  };
}
