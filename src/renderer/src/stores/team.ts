import { create } from 'zustand';
import type { TeamCatalogState } from '../../../shared/models/teamCatalog.ts';
import { call, messageOf } from '../bridge/call.ts';

type TeamStore = { team: TeamCatalogState | null; error: string | null };

/** The team catalog followed, as main last announced it (its robots are the team's: read-only here). */
export const useTeam = create<TeamStore>(() => ({ team: null, error: null }));

export function applyTeam(team: TeamCatalogState): void {
  useTeam.setState({ team, error: null });
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
