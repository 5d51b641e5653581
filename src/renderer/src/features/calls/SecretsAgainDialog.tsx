import { useState } from 'react';
import { visibleText } from '../../../../shared/visibleText.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFirable } from '../../stores/firable.ts';
import { Field } from '../../ui/Field.tsx';

type Props = {
  names: readonly string[];
  /** The call's preset, whose fields' labels name what is asked (a deleted preset's fields go by name). */
  presetId: string | null;
  onClose: () => void;
  onFire: (values: Record<string, string>) => void;
};

/**
 * "Fire again" of a call sent with secret fields: Robot Tray did not keep
 * their values, so each is asked for again (main checks it against the
 * preset's field before anything is sent).
 */
export function SecretsAgainDialog({ names, presetId, onClose, onFire }: Props) {
  const fields = useFirable(presetId ?? '').preset?.fields ?? [];
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const [values, setValues] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const missing = names.filter((n) => (values[n] ?? '') === '');
  const submit = () => {
    setSubmitted(true);
    if (missing.length > 0) return;
    onClose();
    onFire(values);
  };
  return (
    <Dialog
      title="Fire again: secret fields"
      onClose={onClose}
      onSubmit={submit}
      initialFocusId={`secret-${names[0] ?? ''}`}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            ▶ Fire again
          </button>
        </>
      }
    >
      <p className="small muted" style={{ marginBottom: 'var(--space-2)' }}>
        This call was sent with secret fields, whose values Robot Tray did not keep. Give them again.
      </p>
      {names.map((name) => (
        <Field
          key={name}
          id={`secret-${name}`}
          label={visibleText(labelOf(name))}
          error={submitted && missing.includes(name) ? 'Give its value again.' : undefined}
        >
          <input
            type="password"
            autoComplete="off"
            value={values[name] ?? ''}
            onChange={(e) => setValues((now) => ({ ...now, [name]: e.target.value }))}
          />
        </Field>
      ))}
    </Dialog>
  );
}
