import { useState } from 'react';
import { getEncodingProblem } from '../../../../shared/getEncoding.ts';
import { NOTIFY_ON_FINISH_DEFAULT, PresetName, type HttpMethod } from '../../../../shared/models/preset.ts';
import { BridgeError, messageOf } from '../../bridge/call.ts';
import { noErrors, splitFieldErrors, zodFieldErrors, type FormErrors } from '../../forms/fieldErrors.ts';
import { requestFire } from '../../stores/firing.ts';
import { createPreset, updatePreset, usePresets } from '../../stores/presets.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ArgsEditor } from './ArgsEditor.tsx';
import { argsDraftOf, readArgs, type ArgsDraft } from './argsDraft.ts';
import { PresetOptions } from './PresetOptions.tsx';
import { FieldsEditor } from './FieldsEditor.tsx';
import { fieldRowsOf, readFieldRows, type FieldRow } from './fieldsDraft.ts';
import { formatArgs } from './argsModel.ts';
import { fieldReferenceProblems, replaceFieldReferences } from '../../../../shared/models/presetFields.ts';

type Props = { robotId: string; presetId?: string; fireWithChanges?: boolean };

/** A field's problems show once it has a name (a new empty row is not yet wrong), or after Save. */
function shownFieldErrors(errors: Record<string, string>, rows: readonly FieldRow[], submitted: boolean) {
  if (submitted) return errors;
  const named = new Set(rows.filter((r) => r.name.trim() !== '').map((r) => r.id));
  return Object.fromEntries(Object.entries(errors).filter(([key]) => named.has(key.split('.')[0]!)));
}

/** New preset, edit a preset, or fire one with edited arguments without saving them. */
export function PresetDialog({ robotId, presetId, fireWithChanges = false }: Props) {
  const preset = usePresets((s) => s.presets.find((p) => p.id === presetId));
  const [name, setName] = useState(preset?.name ?? '');
  const [method, setMethod] = useState<HttpMethod>(preset?.method ?? 'POST');
  const [args, setArgs] = useState<ArgsDraft>(() => argsDraftOf(preset?.args ?? {}));
  const [flags, setFlags] = useState({
    pinnedToTray: preset?.pinnedToTray ?? false,
    notifyOnFinish: preset?.notifyOnFinish ?? NOTIFY_ON_FINISH_DEFAULT,
  });
  const [fieldRows, setFieldRows] = useState<FieldRow[]>(() => fieldRowsOf(preset?.fields ?? []));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  const nameCheck = PresetName.safeParse(name);
  const nameError = nameCheck.success ? undefined : zodFieldErrors(nameCheck.error.issues)['form'];
  const read = readArgs(args);
  const fieldsRead = readFieldRows(fieldRows);
  const declared = 'fields' in fieldsRead ? fieldsRead.fields : (preset?.fields ?? []);
  // A reference stands for one value: checked for GET as text would be.
  const getProblem =
    method === 'GET' && 'args' in read
      ? getEncodingProblem(replaceFieldReferences(read.args, () => ''))
      : undefined;
  const referenceProblem =
    'args' in read ? fieldReferenceProblems(declared, read.args)[0]?.message : undefined;
  const ready =
    'args' in read &&
    getProblem === undefined &&
    referenceProblem === undefined &&
    (fireWithChanges || ('fields' in fieldsRead && nameError === undefined));
  const useField = (name: string) => {
    if (!('args' in read)) return;
    const next = { ...read.args, [name]: { $field: name } };
    setArgs(args.mode === 'json' ? { mode: 'json', text: formatArgs(next) } : argsDraftOf(next));
  };

  const submit = async () => {
    setSubmitted(true);
    if (!ready || !('args' in read)) return;
    if (fireWithChanges && preset !== undefined) {
      closeDialog();
      requestFire(preset.id, { method, args: read.args });
      return;
    }
    setBusy(true);
    try {
      if (!('fields' in fieldsRead)) return;
      const fields = { name, method, args: read.args, fields: fieldsRead.fields, ...flags };
      if (preset === undefined) await createPreset({ robotId, ...fields });
      else await updatePreset(preset.id, fields);
      closeDialog();
    } catch (e) {
      const message = messageOf(e);
      setServer(
        e instanceof BridgeError && e.kind === 'validation'
          ? splitFieldErrors(message, ['name', 'args', 'method'])
          : { fields: {}, form: message },
      );
      setBusy(false);
    }
  };

  const title = fireWithChanges
    ? `Fire ${preset?.name ?? 'preset'} with changes`
    : preset === undefined
      ? 'New preset'
      : `Edit ${preset.name}`;
  return (
    <Dialog
      title={title}
      wide
      onClose={closeDialog}
      onSubmit={() => void submit()}
      initialFocusId={fireWithChanges ? undefined : 'preset-name'}
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {fireWithChanges ? '▶ Fire with these changes' : busy ? 'Saving…' : 'Save preset'}
          </button>
        </>
      }
    >
      {fireWithChanges && (
        <p className="notice notice-info" style={{ marginBottom: 'var(--space-3)' }}>
          These changes are sent once and not saved; the preset stays as it is.
        </p>
      )}
      <PresetOptions
        fireWithChanges={fireWithChanges}
        name={name}
        onName={(v) => {
          setName(v);
          setServer(noErrors);
        }}
        nameError={
          server.fields['name'] ?? (submitted || name !== (preset?.name ?? '') ? nameError : undefined)
        }
        method={method}
        onMethod={setMethod}
        flags={flags}
        onFlags={setFlags}
      />
      {!fireWithChanges && (
        <FieldsEditor
          rows={fieldRows}
          onChange={(rows) => {
            setFieldRows(rows);
            setServer(noErrors);
          }}
          errors={'errors' in fieldsRead ? shownFieldErrors(fieldsRead.errors, fieldRows, submitted) : {}}
          onUse={'args' in read ? useField : undefined}
        />
      )}
      <ArgsEditor
        draft={args}
        onChange={(d) => {
          setArgs(d);
          setServer(noErrors);
        }}
        showErrors={submitted || args.mode === 'table'}
      />
      {referenceProblem !== undefined && (
        <p role="alert" className="notice notice-warning" data-testid="field-reference-problem">
          {referenceProblem}
        </p>
      )}
      {getProblem !== undefined && (
        <p role="alert" className="notice notice-warning" data-testid="get-problem">
          {getProblem}
        </p>
      )}
      {(server.fields['args'] ?? server.fields['method'] ?? server.form) && (
        <p role="alert" className="notice notice-error">
          {server.fields['args'] ?? server.fields['method'] ?? server.form}
        </p>
      )}
    </Dialog>
  );
}
