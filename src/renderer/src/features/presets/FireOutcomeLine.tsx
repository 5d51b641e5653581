import { visibleText } from '../../../../shared/visibleText.ts';
import { selectCall } from '../../stores/ui.ts';
import { useFiring } from '../../stores/firing.ts';

/** The last fire's outcome, right under the button that fired it. */
export function FireOutcomeLine({ presetId }: { presetId: string }) {
  const outcome = useFiring((s) => s.outcomes[presetId]);
  if (outcome === undefined) return null;
  return (
    <p role="status" className="fire-outcome small" aria-live="polite">
      {outcome.status === 'firing' && <span className="muted">Sending the trigger…</span>}
      {outcome.status === 'accepted' && (
        <span className="ok">
          ✓ Accepted{outcome.changed ? ' (with changes, not saved)' : ''}
          {outcome.webhookCallId !== null && (
            <>
              {' '}
              · webhookCallId <code>{visibleText(outcome.webhookCallId)}</code>
            </>
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
