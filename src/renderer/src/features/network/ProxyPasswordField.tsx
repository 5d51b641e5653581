import { useEffect, useState } from 'react';
import { call, messageOf } from '../../bridge/call.ts';
import { Field } from '../../ui/Field.tsx';

type Props = {
  /** The proxy address saved now: main keeps the password for it alone. */
  savedProxy: string | null;
  /** The address in the box, maybe not saved yet. */
  typedProxy: string;
};

/**
 * The manual proxy's password: sent to main once (into the keychain, for the
 * saved proxy address) and the box emptied; the window only ever learns
 * whether one is stored for that address.
 */
export function ProxyPasswordField({ savedProxy, typedProxy }: Props) {
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
    // Asked again when the saved address changes: the password may have gone with it, or stayed behind.
  }, [savedProxy]);
  // A password typed for an address not saved yet would be kept for the old one: save the address first.
  const unsaved = savedProxy === null || typedProxy.trim() !== savedProxy;
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
            {unsaved
              ? 'Save the settings first: the password is kept for the saved proxy address only.'
              : stored === null
                ? 'Checking the keychain…'
                : stored
                  ? `A password is stored in the keychain for ${savedProxy}.`
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
              if (typed !== '' && !unsaved) save();
            }
          }}
          autoComplete="new-password"
        />
      </Field>
      <div className="row">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy || typed === '' || unsaved}
          onClick={save}
        >
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
