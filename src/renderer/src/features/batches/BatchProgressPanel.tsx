import type { BatchProgress } from '../../../../shared/models/batch.ts';
import { countsText, endedRows, etaText, rateText } from './batchText.ts';

/**
 * How a batch goes: a bar of the rows ended, the counts by state, the rate
 * and the time left. It changes only when main's progress event comes (at
 * most four times a second), so it never holds the window up.
 */
export function BatchProgressPanel({ progress }: { progress: BatchProgress }) {
  const { batch } = progress;
  const ended = endedRows(batch);
  const stateWords = progress.running
    ? batch.state === 'paused'
      ? 'pausing: rows in flight run to their end'
      : 'running'
    : batch.state;
  return (
    <section className="batch-progress" aria-label="Progress">
      <div className="batch-progress-head">
        <strong>
          {ended} of {batch.total} rows ended
        </strong>
        <span className="badge">{stateWords}</span>
      </div>
      <progress max={batch.total} value={ended} aria-label={`${ended} of ${batch.total} rows ended`} />
      <ul className="batch-counts" aria-label="Rows by state">
        {countsText(batch.counts).map(([state, n]) => (
          <li key={state} className={`batch-count state-${state}`}>
            {n} {state}
          </li>
        ))}
      </ul>
      {progress.running && (
        <p className="muted small" aria-live="polite">
          {rateText(progress.perSecond)} · {etaText(progress.etaMs)}
        </p>
      )}
      {progress.error !== null && (
        <p className="notice notice-error" role="alert">
          The batch stopped firing: {progress.error.message}
        </p>
      )}
    </section>
  );
}
