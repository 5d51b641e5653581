import { useRef, useState } from 'react';
import { tokenProblem } from '../../../../shared/limits.ts';
import { messageOf } from '../../bridge/call.ts';
import { setToken } from '../../stores/robots.ts';

type Props = { robotId: string; replacing: boolean; onDone: () => void };

/**
 * The token goes from this field to main once. The field is uncontrolled
 * (the token never sits in React state or a store) and is emptied the moment
 * it is sent, whatever main answers.
 */
export function TokenForm({ robotId, replacing, onDone }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const field = input.current;
    if (field === null) return;
    const token = field.value.trim();
    field.value = '';
    // The one token rule (src/shared/limits.ts), said here before anything is sent.
    const problem = tokenProblem(token);
    if (problem !== undefined) {
      setError(`token: ${problem}`);
      field.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await setToken(robotId, token);
      onDone();
    } catch (e) {
      setError(`${messageOf(e)} Paste the token again to retry.`);
      setBusy(false);
      field.focus();
    }
  };

  return (
    <form
      className="token-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor="token-input" className="field-label">
        {replacing ? 'New token' : 'Token'}
      </label>
      <div className="row">
        <input
          id="token-input"
          ref={input}
          type={show ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          className="token-input"
          aria-describedby={error !== null ? 'token-error' : 'token-steps'}
          aria-invalid={error !== null}
          placeholder="Paste the webhook token"
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : replacing ? 'Replace token' : 'Save token'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
      <label className="check" style={{ marginTop: 'var(--space-2)' }}>
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <span>Show the token while typing</span>
      </label>
      {error !== null && (
        <p id="token-error" role="alert" className="field-error">
          {error}
        </p>
      )}
      <details id="token-steps" className="small">
        <summary>Where do I find the token?</summary>
        <ol>
          <li>Open the robot&apos;s Designer.</li>
          <li>Open the settings with the gear icon.</li>
          <li>Find the section &ldquo;Webhook token&rdquo;.</li>
          <li>Use the generate-token icon, and confirm when asked.</li>
          <li>Copy the token and paste it here.</li>
        </ol>
        <p className="muted">
          Generating a new token makes the previous one stop working. Robot Tray keeps the token in your
          system keychain and sends it only to this robot&apos;s address.
        </p>
      </details>
    </form>
  );
}
