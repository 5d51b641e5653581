import { create } from 'zustand';
import type { RobotView } from '../../../shared/models/robotView.ts';
import type { TeamCatalogState } from '../../../shared/models/teamCatalog.ts';
import { call, messageOf } from '../bridge/call.ts';
import { useRobots } from './robots.ts';
import { reconcileRobotSelection } from './ui.ts';

type TeamStore = { team: TeamCatalogState | null; error: string | null };

/** The team catalog followed, as main last announced it (its robots are the team's: read-only here). */
export const useTeam = create<TeamStore>(() => ({ team: null, error: null }));

const none: RobotView[] = [];

/** The team's robots shown now: none when no catalog is followed. */
export function teamRobots(team: TeamCatalogState | null = useTeam.getState().team): RobotView[] {
  return team === null || team.file === null ? none : team.robots;
}

/**
 * What the window calls the catalog: its file's name without ".json" (main
 * gives the window the name only, never the folder it lives in).
 */
export function teamCatalogName(team: TeamCatalogState | null): string | null {
  if (team === null || team.file === null) return null;
  const name = team.file.split(/[\\/]/).pop() ?? team.file;
  return name.replace(/\.json$/i, '') || name;
}

/**
 * A team event (the file read again, broken, fixed, unfollowed) replaces the
 * team's robots at once; a team robot that left it is no longer selected.
 */
export function applyTeam(team: TeamCatalogState): void {
  useTeam.setState({ team, error: null });
  reconcileRobotSelection([...useRobots.getState().robots, ...teamRobots(team)]);
}

export async function loadTeam(): Promise<void> {
  try {
    applyTeam(await call('getTeamCatalog'));
  } catch (error) {
    useTeam.setState({ error: messageOf(error) });
  }
}

/** Main's open dialog chooses the file; cancelled, nothing changes. */
export async function chooseTeamCatalog(): Promise<void> {
  const team = await call('chooseTeamCatalog');
  if (team !== null) applyTeam(team);
}

export async function stopTeamCatalog(): Promise<void> {
  applyTeam(await call('stopTeamCatalog'));
}

/**
 * Make a team robot one's own (with its presets, and its token for the same
 * origin when this desk has one): main imports it like a file. Says whether
 * the token came along.
 */
export async function copyTeamRobot(robotId: string): Promise<{ tokenCame: boolean }> {
  const plan = await call('copyTeamRobot', { robotId });
  return { tokenCame: plan.robots[0]?.token === 'kept' };
}
