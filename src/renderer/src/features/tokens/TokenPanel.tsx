import { dateTime } from '../../ui/time.ts';
import { useState } from 'react';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { useLastCallOf } from '../../stores/calls.ts';
import { TokenForm } from './TokenForm.tsx';
import { RemoveToken, SuspendedToken, TokenHead } from './TokenState.tsx';

/** The robot's token: whether one is stored and since when; set, replace or remove it. */
export function TokenPanel({ robot }: { robot: RobotView }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = useLastCallOf(robot.id);
  const refused =
    last?.state === 'rejected' &&
    (last.error?.status === 401 || last.error?.status === 403) &&
    robot.hasToken;

  const suspended = robot.tokenSuspended;

  return (
    <section className="section" aria-labelledby="token-title">
      <TokenHead ok={robot.hasToken}>
        {robot.hasToken
          ? `Set${robot.tokenUpdatedAt !== null ? ` since ${dateTime(robot.tokenUpdatedAt)}` : ''}`
          : suspended !== null
            ? `Set for ${suspended.from}`
            : 'Not set'}
      </TokenHead>
      {suspended !== null && !editing && (
        <SuspendedToken robotId={robot.id} suspended={suspended} onError={setError} />
      )}
      {refused && !editing && (
        <div role="alert" className="notice notice-error row" style={{ marginBottom: 'var(--space-3)' }}>
          <span style={{ flex: 1 }}>
            The service refused this robot&apos;s token; it may have been replaced in the Designer.
          </span>
          <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
            Replace token
          </button>
        </div>
      )}
      {editing ? (
        <TokenForm robotId={robot.id} replacing={robot.hasToken} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          {!robot.hasToken && (
            <p className="small muted" style={{ flex: 1 }}>
              Without a token the service will refuse this robot&apos;s calls.
            </p>
          )}
          <button
            type="button"
            className={robot.hasToken ? 'btn' : 'btn btn-primary'}
            onClick={() => setEditing(true)}
          >
            {robot.hasToken ? 'Replace token…' : 'Set token…'}
          </button>
          {robot.hasToken && (
            <RemoveToken
              robotId={robot.id}
              question="Remove the token from the keychain? The service will refuse this robot until you set one again."
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
