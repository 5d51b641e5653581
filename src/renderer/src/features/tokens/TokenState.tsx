import { type ReactNode, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import type { TokenSuspension } from '../../../../shared/models/tokenOrigin.ts';
import { clearToken, confirmTokenOrigin } from '../../stores/robots.ts';

/**
 * The token section's head: its title and one badge saying where the token
 * stands (set, needed, set for another address), for one's own robots and a
 * team's alike.
 */
export function TokenHead({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <div className="section-head">
      <h3 id="token-title">Token</h3>
      <span className={ok ? 'badge badge-ok' : 'badge badge-warn'} data-testid="token-state">
        {children}
      </span>
    </div>
  );
}

type SuspendedProps = {
  robotId: string;
  suspended: TokenSuspension;
  onError: (message: string | null) => void;
};

/**
 * A token set for another origin than the robot's (its address moved, or
 * its team catalog moved it), in the same words for one's own robots and a
 * team's: both origins, and the way on, which only main's dialog completes.
 */
export function SuspendedToken({ robotId, suspended, onError }: SuspendedProps) {
  const confirmMove = async () => {
    onError(null);
    try {
      await confirmTokenOrigin(robotId);
    } catch (e) {
      onError(messageOf(e));
    }
  };
  return (
    <div role="alert" className="notice notice-warning row" style={{ marginBottom: 'var(--space-3)' }}>
      <span style={{ flex: 1 }}>
        This robot&apos;s token was set for {suspended.from}, but the robot now points at {suspended.to}.
        Robot Tray does not send it there until you confirm.
      </span>
      <button type="button" className="btn btn-sm" onClick={() => void confirmMove()}>
        Use the token for {suspended.to}…
      </button>
    </div>
  );
}

type RemoveProps = {
  robotId: string;
  /** What removing it means for this robot, said before anything is removed. */
  question: string;
  onError: (message: string | null) => void;
};

/**
 * "Remove token", asked again in place before main removes it from the
 * keychain. Keyboard: the question's Remove takes focus; Escape or "Keep it"
 * puts focus back on "Remove token".
 */
export function RemoveToken({ robotId, question, onError }: RemoveProps) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    // Once the question is gone and the button is back.
    if (!confirming && refocus.current) opener.current?.focus();
    refocus.current = false;
  }, [confirming]);
  const keep = () => {
    refocus.current = true;
    setConfirming(false);
  };
  const remove = async () => {
    onError(null);
    setConfirming(false);
    try {
      await clearToken(robotId);
    } catch (e) {
      onError(messageOf(e));
    }
  };
  if (!confirming) {
    return (
      <button ref={opener} type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Remove token
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Remove the token?"
      className="notice notice-warning row"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          keep();
        }
      }}
    >
      <span>{question}</span>
      <button type="button" className="btn btn-sm btn-danger-solid" autoFocus onClick={() => void remove()}>
        Remove
      </button>
      <button type="button" className="btn btn-sm" onClick={keep}>
        Keep it
      </button>
    </div>
  );
}
