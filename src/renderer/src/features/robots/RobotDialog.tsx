import type { RobotInput } from '../../../../shared/models/robot.ts';
import { tokenProblem } from '../../../../shared/limits.ts';
import { useRef, useState } from 'react';
import { BridgeError, messageOf } from '../../bridge/call.ts';
import { noErrors, splitFieldErrors, type FormErrors } from '../../forms/fieldErrors.ts';
import { createRobot, deleteRobot, setToken, updateRobot, useRobots } from '../../stores/robots.ts';
import { closeDialog, selectRobot } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { draftOf, robotFields, robotInputOf, type RobotDraft } from './robotDraft.ts';
import { RobotFormFields } from './RobotFormFields.tsx';
import { NewRobotToken } from './NewRobotToken.tsx';

/** Add a robot, or edit one (keeping its presets, token and history). */
export function RobotDialog({ robotId }: { robotId?: string }) {
  const robot = useRobots((s) => s.robots.find((r) => r.id === robotId));
  const [draft, setDraft] = useState<RobotDraft>(() => draftOf(robot));
  const [touched, setTouched] = useState<Set<string>>(() => new Set(robot ? ['name', 'baseUrl'] : []));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  /** Adding only: the optional token field, uncontrolled so the token never sits in state. */
  const tokenField = useRef<HTMLInputElement>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);

  const result = robotInputOf(draft);
  const live = 'errors' in result ? result.errors : {};
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(live)) {
    if (submitted || touched.has(field) || field === 'pollPolicy') shown[field] = message;
  }
  const errors = { ...server.fields, ...shown };

  const change = (patch: Partial<RobotDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched(
      (t) => new Set([...t, ...Object.keys(patch).map((k) => (k.endsWith('Seconds') ? 'pollPolicy' : k))]),
    );
    setServer(noErrors);
  };

  const save = async () => {
    setSubmitted(true);
    if ('errors' in result) return;
    setBusy(true);
    setTokenError(null);
    try {
      const saved = robot ? await updateRobot(robot.id, result.input) : await addWithToken(result.input);
      if (saved === null) return;
      selectRobot(saved.id);
      closeDialog();
    } catch (error) {
      const message = messageOf(error);
      if (error instanceof BridgeError && error.kind === 'unconfirmed') {
        // The person cancelled main's question: what decides where the token goes shows as saved again.
        const saved = draftOf(robot);
        setDraft((d) => ({
          ...d,
          allowInsecureHttp: saved.allowInsecureHttp,
          pinnedCertSha256: saved.pinnedCertSha256,
        }));
        setServer({ fields: {}, form: `${message} The robot shows its saved settings for these again.` });
        return;
      }
      setServer(
        error instanceof BridgeError && error.kind === 'validation'
          ? splitFieldErrors(message, robotFields)
          : { fields: {}, form: message },
      );
    } finally {
      setBusy(false);
    }
  };

  /**
   * Creates the robot, then hands the token (if one was pasted) to main once.
   * A refused token undoes the add, as `robot add --token-stdin` does, so the
   * same form with a good token (or none) just works: null then, the reason
   * beside the token field and the rest of the form as it was.
   */
  const addWithToken = async (input: RobotInput) => {
    const field = tokenField.current;
    const token = field?.value.trim() ?? '';
    if (field !== null) field.value = '';
    const problem = token === '' ? undefined : tokenProblem(token);
    const notAdded =
      'The robot was not added. Paste the token again, or leave the field empty to add the robot without it.';
    if (problem !== undefined) {
      // The one token rule (src/shared/limits.ts), said before anything is created or sent.
      setTokenError(`token: ${problem} ${notAdded}`);
      field?.focus();
      return null;
    }
    const created = await createRobot(input);
    if (token === '') return created;
    try {
      await setToken(created.id, token);
      return created;
    } catch (error) {
      await deleteRobot(created.id).catch(() => undefined);
      setTokenError(`${messageOf(error)} ${notAdded}`);
      field?.focus();
      return null;
    }
  };

  return (
    <Dialog
      title={robot ? `Edit ${robot.name}` : 'Add a robot'}
      onClose={closeDialog}
      onSubmit={() => void save()}
      initialFocusId="robot-name"
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : robot ? 'Save changes' : 'Add robot'}
          </button>
        </>
      }
    >
      <RobotFormFields draft={draft} errors={errors} onChange={change} robotId={robot?.id} />
      {robot === undefined && <NewRobotToken inputRef={tokenField} error={tokenError} />}
      {server.form !== null && (
        <p role="alert" className="notice notice-error">
          {server.form}
        </p>
      )}
    </Dialog>
  );
}
