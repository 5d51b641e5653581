import { useEffect, useState } from 'react';
import { visibleText } from '../../../../shared/visibleText.ts';
import { fieldValuesFromText } from '../../../../shared/models/presetFields.ts';
import { fireNow, type FireOverride } from '../../stores/firing.ts';
import { useFirable } from '../../stores/firable.ts';
import { lastFieldValues } from '../../stores/presets.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fieldText } from './fieldHints.ts';

type Props = { presetId: string; override?: FireOverride };

/**
 * A preset's fill-in form: one control per field, the last values given
 * already in (never a secret one). Enter fires, Escape cancels; a problem
 * shows beside its field and nothing is sent until there is none. The
 * window only checks to show problems early: main checks the values again
 * and fills the arguments.
 */
export function FillFieldsDialog({ presetId, override }: Props) {
  const { preset, robot } = useFirable(presetId);
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    let live = true;
    lastFieldValues(presetId)
      .then((values) => {
        if (!live) return;
        // What the person typed before these arrived wins.
        setRaw((now) => {
          const next: Record<string, string> = {};
          for (const [name, value] of Object.entries(values))
            if (value !== null) next[name] = fieldText(value);
          return { ...next, ...now };
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [presetId]);

  if (preset === undefined || robot === undefined) return null;
  const fields = preset.fields;
  const result = fieldValuesFromText(fields, raw);
  const errors: Record<string, string> = {};
  if (!result.ok) for (const p of result.problems) errors[p.field] ??= p.reason;
  const shown = (name: string) => (submitted || touched[name] === true ? errors[name] : undefined);
  const set = (name: string, value: string) => {
    setRaw((now) => ({ ...now, [name]: value }));
    setTouched((now) => ({ ...now, [name]: true }));
  };

  const submit = () => {
    setSubmitted(true);
    if (!result.ok) {
      const first = fields.find((f) => errors[f.name] !== undefined);
      if (first !== undefined) document.getElementById(`fill-${first.name}`)?.focus();
      return;
    }
    closeDialog();
    void fireNow(preset.id, override, result.values);
  };

  return (
    <Dialog
      title={`Fire ${preset.name}`}
      onClose={closeDialog}
      onSubmit={submit}
      initialFocusId={fields[0] === undefined ? 'fill-fire' : `fill-${fields[0].name}`}
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button id="fill-fire" type="submit" className="btn btn-primary">
            ▶ Fire
          </button>
        </>
      }
    >
      {robot.confirmBeforeFiring && (
        <p className="notice notice-info" style={{ marginBottom: 'var(--space-3)' }}>
          &ldquo;{visibleText(robot.name)}&rdquo; is marked to confirm before firing: starting it may have
          real-world effects.
        </p>
      )}
      {override !== undefined && (
        <p className="small muted" style={{ marginBottom: 'var(--space-2)' }}>
          It runs once with your changed arguments (not saved).
        </p>
      )}
      <div className="fill-fields" data-testid="fill-fields">
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            id={`fill-${field.name}`}
            field={field}
            value={raw[field.name] ?? ''}
            error={shown(field.name)}
            onChange={(v) => set(field.name, v)}
          />
        ))}
      </div>
    </Dialog>
  );
}
