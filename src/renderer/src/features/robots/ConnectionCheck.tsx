import { dayOf } from '../../../../shared/timeFormats.ts';
import { useState } from 'react';
import type { Diagnosis } from '../../../../shared/models/diagnosis.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { certificateVerdict } from './connectionCheck.ts';

type Props = {
  robotId: string;
  pin: string | null;
  onAccept: (fingerprint: string) => void;
};

/** "Check connection": how the saved robot's service is reached and what certificate it shows. */
export function ConnectionCheck({ robotId, pin, onAccept }: Props) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; d: Diagnosis } | { kind: 'error'; text: string }
  >({ kind: 'idle' });
  const check = () => {
    setState({ kind: 'busy' });
    call('diagnoseRobot', { id: robotId })
      .then((d) => setState({ kind: 'done', d }))
      .catch((e: unknown) => setState({ kind: 'error', text: messageOf(e) }));
  };
  const d = state.kind === 'done' ? state.d : null;
  const leaf = d?.tls?.chain[0];
  const verdict = d === null ? null : certificateVerdict(d, pin);
  return (
    <div className="stack" data-testid="connection-check">
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={state.kind === 'busy'} onClick={check}>
          {state.kind === 'busy' ? 'Checking…' : 'Check connection'}
        </button>
        <span className="field-hint">Uses the saved settings; nothing is fired and no token is sent.</span>
      </div>
      {state.kind === 'error' && (
        <p role="alert" className="field-error">
          {state.text}
        </p>
      )}
      {d !== null && (
        <dl className="small" role="status">
          <dt>Connection</dt>
          <dd>
            {'error' in d.endpoint
              ? `No answer: ${d.endpoint.error}`
              : `Reachable (HTTP ${d.endpoint.status})`}
            {'kind' in d.route && d.route.kind === 'proxy' ? ` through ${d.route.proxy ?? 'a proxy'}` : ''}
          </dd>
          <dt>TLS</dt>
          <dd>{d.tls === null ? 'None (plain http)' : (d.tls.protocol ?? 'unknown version')}</dd>
          {leaf !== undefined && (
            <>
              <dt>Certificate</dt>
              <dd>
                Issued by {leaf.issuer}, valid until{' '}
                {Number.isFinite(Date.parse(leaf.validTo)) ? dayOf(Date.parse(leaf.validTo)) : leaf.validTo}
              </dd>
              <dt>Fingerprint (SHA-256)</dt>
              <dd>
                <code className="fingerprint">{leaf.fingerprint256}</code>
              </dd>
            </>
          )}
        </dl>
      )}
      {verdict !== null && (
        <p className={`notice notice-${verdict.tone === 'ok' ? 'success' : verdict.tone}`}>{verdict.text}</p>
      )}
      {verdict?.canAccept === true && leaf !== undefined && (
        <div className="stack">
          <p className="field-hint">
            Accepting trusts exactly this certificate for this robot, whoever issued it, and refuses any
            other. Compare the fingerprint with what the service&apos;s owner or IT gives you first: anyone
            between you and the service could show a certificate of their own.
          </p>
          <button type="button" className="btn btn-sm" onClick={() => onAccept(leaf.fingerprint256)}>
            Accept this certificate
          </button>
        </div>
      )}
    </div>
  );
}
