import { useState } from 'react';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { originOf } from '../../../../shared/models/tokenOrigin.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { messageOf } from '../../bridge/call.ts';
import { copyTeamRobot, teamCatalogName, useTeam } from '../../stores/team.ts';
import { TokenForm } from '../tokens/TokenForm.tsx';
import { RemoveToken, SuspendedToken, TokenHead } from '../tokens/TokenState.tsx';
import { TeamPresetList } from './TeamPresetList.tsx';

/**
 * A team robot chosen in the sidebar: what one's own robot pane shows, read
 * only. Instead of Edit and Remove, "Copy to my robots"; its token is this
 * desk's (set for its origin); its presets fire with one click, as one's own.
 */
export function TeamRobotPane({ robot }: { robot: RobotView }) {
  const catalog = useTeam((s) => teamCatalogName(s.team));
  const [outcome, setOutcome] = useState<string | null>(null);
  const copy = async () => {
    setOutcome(null);
    try {
      const { tokenCame } = await copyTeamRobot(robot.id);
      setOutcome(
        tokenCame
          ? `Copied to your robots, with its presets and its token for ${originOf(robot.baseUrl)}.`
          : 'Copied to your robots, with its presets; set its token there.',
      );
    } catch (error) {
      setOutcome(messageOf(error));
    }
  };
  return (
    <section aria-labelledby="robot-title" data-team-robot={robot.id}>
      <div className="robot-header">
        <div className="titles">
          <h2 id="robot-title">{visibleText(robot.name)}</h2>
          <p className="url">{visibleText(robot.baseUrl)}</p>
          <div className="row small" style={{ marginTop: 'var(--space-1)' }}>
            <span className="badge badge-accent">
              Team{catalog === null ? '' : `: ${catalog}`} · read-only
            </span>
            {robot.confirmBeforeFiring && <span className="badge badge-warn">Confirms before firing</span>}
            {robot.allowInsecureHttp && <span className="badge badge-bad">Insecure http allowed</span>}
          </div>
        </div>
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy to my robots
        </button>
      </div>
      {outcome !== null && (
        <p role="status" className="small">
          {outcome}
        </p>
      )}
      {robot.notes !== '' && <p className="small muted robot-notes">{robot.notes}</p>}
      <TeamToken key={robot.id} robot={robot} />
      <TeamPresetList robot={robot} />
    </section>
  );
}

/** The token this desk keeps for the team robot's origin: set, replace or remove it (main keeps it). */
function TeamToken({ robot }: { robot: RobotView }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const origin = originOf(robot.baseUrl);
  return (
    <section className="section" aria-labelledby="token-title">
      <TokenHead ok={robot.hasToken}>
        {robot.hasToken
          ? `Ready for ${origin}`
          : robot.tokenSuspended !== null
            ? `Set for ${robot.tokenSuspended.from}`
            : `Token needed for ${origin}`}
      </TokenHead>
      {robot.tokenSuspended !== null && !editing && (
        <SuspendedToken robotId={robot.id} suspended={robot.tokenSuspended} onError={setError} />
      )}
      {editing ? (
        <TokenForm robotId={robot.id} replacing={robot.hasToken} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            {robot.hasToken ? 'Replace token…' : 'Set token…'}
          </button>
          {robot.hasToken && (
            <RemoveToken
              robotId={robot.id}
              question={`Remove this desk's token for ${origin} from the keychain? The service will refuse this team robot's calls from here until you set one again; the team's other desks keep theirs.`}
              onError={setError}
            />
          )}
        </div>
      )}
      {error !== null && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}
