import { visibleText } from '../../../../shared/visibleText.ts';
import { selectCall } from '../../stores/ui.ts';
import { robotStanding, useFiring } from '../../stores/firing.ts';
import { useFirable } from '../../stores/firable.ts';
import { useCalls } from '../../stores/calls.ts';
import { StateBadge } from '../calls/StateBadge.tsx';

/** The last fire's outcome, right under the button that fired it, then its call's live state. */
export function FireOutcomeLine({ presetId }: { presetId: string }) {
  const outcome = useFiring((s) => s.outcomes[presetId]);
  // Once accepted, the call's own state from the live list: the same word the calls list shows.
  const live = useCalls((s) => (outcome?.status === 'accepted' ? s.byId.get(outcome.callId) : undefined));
  const standing = robotStanding(useFirable(presetId).robot);
  if (outcome === undefined) return null;
  // A refusal no longer holds once its robot changed (a token set or moved, a new address).
  if (outcome.status === 'refused' && outcome.robot !== standing) return null;
  return (
    <p role="status" className="fire-outcome small" aria-live="polite">
      {outcome.status === 'firing' && <span className="muted">Sending the trigger…</span>}
      {outcome.status === 'accepted' && (
        <span>
          <span className="ok">✓ Accepted{outcome.changed ? ' (with changes, not saved)' : ''}</span>
          {outcome.webhookCallId !== null && (
            <>
              {' '}
              · webhookCallId <code>{visibleText(outcome.webhookCallId)}</code>
            </>
          )}
          {live !== undefined && (
            <span data-testid="fire-outcome-state">
              {' '}
              · now <StateBadge call={live} />
            </span>
          )}{' '}
          <button type="button" className="link-button" onClick={() => selectCall(outcome.callId)}>
            Show call
          </button>
        </span>
      )}
      {outcome.status === 'refused' && (
        <span className="bad">✕ Not started: {visibleText(outcome.message)}</span>
      )}
    </p>
  );
}
