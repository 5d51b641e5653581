import { useState } from 'react';
import { getEncodingProblem } from '../../../../shared/getEncoding.ts';
import type { CallDetail } from '../../../../shared/models/call.ts';
import type { HttpMethod } from '../../../../shared/models/preset.ts';
import { fireWithChanges } from '../../stores/callActions.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { secretFieldsIn } from '../../../../shared/models/presetFields.ts';
import { SecretsAgainDialog } from './SecretsAgainDialog.tsx';
import { ArgsEditor } from '../presets/ArgsEditor.tsx';
import { argsDraftOf, readArgs, type ArgsDraft } from '../presets/argsDraft.ts';

/** Fire again starting from what that call sent; nothing is saved to the preset. */
export function FireAgainDialog({ detail, onClose }: { detail: CallDetail; onClose: () => void }) {
  const [method, setMethod] = useState<HttpMethod>(detail.method);
  const [args, setArgs] = useState<ArgsDraft>(() => argsDraftOf(detail.args));
  const [submitted, setSubmitted] = useState(false);
  const read = readArgs(args);
  const getProblem = method === 'GET' && 'args' in read ? getEncodingProblem(read.args) : undefined;
  const [secrets, setSecrets] = useState<string[] | null>(null);
  const submit = () => {
    setSubmitted(true);
    if (!('args' in read) || getProblem !== undefined) return;
    const needed = secretFieldsIn(read.args);
    if (needed.length > 0) {
      setSecrets(needed);
      return;
    }
    onClose();
    void fireWithChanges(detail, method, read.args);
  };
  if (secrets !== null && 'args' in read) {
    const args = read.args;
    return (
      <SecretsAgainDialog
        names={secrets}
        presetId={detail.presetId}
        onClose={onClose}
        onFire={(values) => void fireWithChanges(detail, method, args, values)}
      />
    );
  }
  return (
    <Dialog
      title={`Fire ${detail.presetName ?? 'this call'} again with changes`}
      onClose={onClose}
      onSubmit={submit}
      wide
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            ▶ Fire with these changes
          </button>
        </>
      }
    >
      <label className="row">
        Method{' '}
        <select value={method} onChange={(e) => setMethod(e.target.value as HttpMethod)}>
          <option value="POST">POST</option>
          <option value="GET">GET</option>
        </select>
      </label>
      <ArgsEditor draft={args} onChange={setArgs} showErrors={submitted} />
      {getProblem !== undefined && <p className="field-error">{getProblem}</p>}
    </Dialog>
  );
}
