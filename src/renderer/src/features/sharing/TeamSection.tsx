import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { chooseTeamCatalog, stopTeamCatalog, teamCatalogName, useTeam } from '../../stores/team.ts';
import { useUi } from '../../stores/ui.ts';
import { TeamRobotItem } from './TeamRobotItem.tsx';

/**
 * The team catalog's robots, in their own group under one's own ("Team:
 * <catalog>"), chosen like one's own: read-only here (changed in the shared
 * file), each needing a token on this desk. A file that is broken now is
 * reported; the last good version stays. Unfollowed, the group empties at once.
 */
export function TeamSection() {
  const team = useTeam((s) => s.team);
  const selected = useUi((s) => s.selectedRobotId);
  const [error, setError] = useState<string | null>(null);
  const act = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const following = team !== null && team.file !== null;
  const name = teamCatalogName(team);
  return (
    <section className="team-section" aria-label="Team catalog">
      <div className="sidebar-head">
        <h2 title={name ?? undefined}>{name === null ? 'Team' : `Team: ${name}`}</h2>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void act(following ? stopTeamCatalog : chooseTeamCatalog)}
        >
          {following ? 'Stop following' : 'Follow a catalog…'}
        </button>
      </div>
      {team !== null && team.problem !== null && (
        <p role="alert" className="notice notice-warning team-problem">
          {team.problem}
        </p>
      )}
      {error !== null && (
        <p role="alert" className="notice notice-error team-problem">
          {error}
        </p>
      )}
      {following && team.robots.length === 0 && team.problem === null && (
        <p className="empty small">The catalog holds no robots.</p>
      )}
      {following && (
        <ul className="robot-list" aria-label="Team robots">
          {team.robots.map((robot) => (
            <TeamRobotItem
              key={robot.id}
              robot={robot}
              presets={team.presets.filter((p) => p.robotId === robot.id).length}
              current={robot.id === selected}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
