import { useEffect, useState } from 'react';
import { call, messageOf } from '../../bridge/call.ts';
import { Field } from '../../ui/Field.tsx';

/**
 * The manual proxy's password: sent to main once (into the keychain) and the
 * box emptied; the window only ever learns whether one is stored.
 */
export function ProxyPasswordField() {
  const [stored, setStored] = useState<boolean | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    call('proxyPasswordStatus')
      .then((s) => live && setStored(s.hasPassword))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, []);
  const run = async (action: () => Promise<{ hasPassword: boolean }>) => {
    setBusy(true);
    setError(undefined);
    try {
      setStored((await action()).hasPassword);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const password = typed;
    setTyped('');
    void run(() => call('setProxyPassword', { password }));
  };
  return (
    <div className="stack">
      <Field
        label="Proxy password"
        id="proxy-password"
        error={error}
        hint={
          <span data-testid="proxy-password-state">
            {stored === null
              ? 'Checking the keychain…'
              : stored
                ? 'A password is stored in the keychain.'
                : 'No password stored.'}
          </span>
        }
      >
        <input
          type="password"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (typed !== '') save();
            }
          }}
          autoComplete="new-password"
        />
      </Field>
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={busy || typed === ''} onClick={save}>
          Save password
        </button>
        {stored === true && (
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={busy}
            onClick={() => void run(() => call('clearProxyPassword'))}
          >
            Remove password
          </button>
        )}
      </div>
    </div>
  );
}
