import { useState } from 'react';
import type { ImportOffer } from '../../../../shared/ipc/contract/sharing.ts';
import type { ExistingChoice, ImportPlan, RobotStep } from '../../../../shared/models/importPlan.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { actionWords, importedWords, planStatus, presetWords, tokenWords } from './planWords.ts';

function ChoiceCell({
  step,
  choice,
  onChoose,
  disabled,
}: {
  step: RobotStep;
  choice: ExistingChoice | undefined;
  onChoose: (choice: ExistingChoice | undefined) => void;
  disabled: boolean;
}) {
  if (step.existingName === null) return <>{actionWords(step)}</>;
  return (
    <select
      aria-label={`${step.name}: already here`}
      value={choice ?? ''}
      disabled={disabled}
      onChange={(event) =>
        onChoose(event.target.value === '' ? undefined : (event.target.value as ExistingChoice))
      }
    >
      <option value="">Already here: choose…</option>
      <option value="replace">Replace yours</option>
      <option value="skip">Skip (keep yours)</option>
    </select>
  );
}

/**
 * The plan of an import, shown before anything changes: each robot added,
 * replaced or skipped (robots already here wait for a choice), its token's
 * fate and its presets. Import applies exactly the plan shown.
 */
export function ImportDialog({ offer }: { offer: ImportOffer }) {
  const [plan, setPlan] = useState<ImportPlan>(offer.plan);
  const [choices, setChoices] = useState<Record<string, ExistingChoice>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ImportPlan | null>(null);

  const choose = async (name: string, choice: ExistingChoice | undefined) => {
    const next = { ...choices };
    if (choice === undefined) delete next[name];
    else next[name] = choice;
    setChoices(next);
    setError(null);
    try {
      setPlan(await call('planImport', { importId: offer.importId, choices: { robots: next } }));
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await call('applyImport', { importId: offer.importId, choices: { robots: choices } }));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const shown = done ?? plan;
  return (
    <Dialog
      title={`Import from ${offer.fileName}`}
      onClose={closeDialog}
      wide
      initialFocusId={done === null ? 'import-cancel' : 'import-close'}
      actions={
        done !== null ? (
          <button id="import-close" type="button" className="btn btn-primary" onClick={closeDialog}>
            Close
          </button>
        ) : (
          <>
            <button id="import-cancel" type="button" className="btn" onClick={closeDialog}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!plan.ready || busy}
              onClick={() => void apply()}
            >
              {busy ? 'Importing…' : 'Import'}
            </button>
          </>
        )
      }
    >
      {shown.robots.length === 0 ? (
        <p>The file holds no robots.</p>
      ) : (
        <table className="import-plan" aria-label="What the import does">
          <thead>
            <tr>
              <th scope="col">Robot</th>
              <th scope="col">What happens</th>
              <th scope="col">Token</th>
              <th scope="col">Presets</th>
            </tr>
          </thead>
          <tbody>
            {shown.robots.map((step) => (
              <tr key={step.name} data-action={step.action}>
                <th scope="row">
                  {visibleText(step.name)}
                  <div className="small muted">{visibleText(step.baseUrl)}</div>
                </th>
                <td>
                  <ChoiceCell
                    step={step}
                    choice={choices[step.name]}
                    disabled={busy || done !== null}
                    onChoose={(choice) => void choose(step.name, choice)}
                  />
                  {step.originChange !== null && (
                    <div className="small">
                      Moves from {step.originChange.from} to {step.originChange.to}
                    </div>
                  )}
                  {step.caFileNeeded && (
                    <div className="small">Used a CA file: choose one after importing</div>
                  )}
                  {step.plainHttpTo !== null && (
                    <div className="small notice-warning">
                      Plain http allowed by the file: its token would travel unencrypted to{' '}
                      {visibleText(step.plainHttpTo)}
                    </div>
                  )}
                  {step.problem !== null && step.action !== 'skip' && (
                    <div className="small notice-error">Cannot be imported: {step.problem}</div>
                  )}
                </td>
                <td>{tokenWords(step)}</td>
                <td>{presetWords(step)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p role="status" className={done !== null ? 'notice notice-success' : 'small muted'}>
        {done !== null ? importedWords(done) : planStatus(plan)}
      </p>
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
