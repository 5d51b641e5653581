import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { useCalls } from '../../stores/calls.ts';
import { timeAgo } from '../../ui/time.ts';

/**
 * PLACEHOLDER for the calls list and call detail (built separately): a plain
 * list of recent calls from the calls store, so fired calls show at once.
 * Replace this component wholesale; keep the export name and the region label.
 */
export function CallsPane() {
  const order = useCalls((s) => s.order);
  const byId = useCalls((s) => s.byId);
  const load = useCalls((s) => s.load);
  return (
    <section aria-label="Calls" className="calls-placeholder">
      <div className="section-head" style={{ padding: 'var(--space-3) var(--space-4) 0' }}>
        <h2>Calls</h2>
      </div>
      {load.status === 'error' && (
        <p role="alert" className="notice notice-error">
          {load.message}
        </p>
      )}
      {order.length === 0 && load.status !== 'error' && (
        <p className="empty">No calls yet. Fire a preset and its call shows here.</p>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 'var(--space-2) var(--space-4)' }}>
        {order.slice(0, 100).map((id) => {
          const c = byId[id]!;
          return (
            <li
              key={id}
              data-call-id={id}
              style={{ padding: 'var(--space-2) 0', borderBottom: '1px solid var(--color-border)' }}
            >
              <strong>{c.presetName ?? 'Custom call'}</strong> · {c.robotName}{' '}
              <span className="badge" data-state={c.state}>
                {stateLabel(c.state)}
              </span>{' '}
              <span className="muted small">{timeAgo(c.createdAt)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
