import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { removeDemo } from '../../stores/settings.ts';

/** A demo robot's badge, with the button its notes name: it removes every demo robot and the demo's service. */
export function DemoBadge() {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <span className="badge badge-accent">Demo robot</span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          setError(null);
          removeDemo().catch((e: unknown) => setError(messageOf(e)));
        }}
      >
        Remove demo
      </button>
      {error !== null && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
