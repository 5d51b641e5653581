import { Field } from '../../ui/Field.tsx';
import { CertificateFields } from './CertificateFields.tsx';
import { PollFields } from './PollFields.tsx';
import { RobotAddresses } from './RobotAddresses.tsx';
import { isInsecureRemote, type RobotDraft } from './robotDraft.ts';

type Props = {
  draft: RobotDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<RobotDraft>) => void;
  /** The saved robot being edited, if any. */
  robotId?: string | undefined;
};

/** Every field of a robot, each with its reason beside it when it cannot be saved. */
export function RobotFormFields({ draft, errors, onChange, robotId }: Props) {
  const insecure = isInsecureRemote(draft.baseUrl);
  return (
    <>
      <Field
        label="Name"
        error={errors['name']}
        id="robot-name"
        hint="How the robot shows in the list and the tray."
      >
        <input
          type="text"
          value={draft.name}
          onChange={(e) => onChange({ name: e.target.value })}
          autoComplete="off"
        />
      </Field>
      <Field
        label="Base URL"
        id="robot-base-url"
        error={errors['baseUrl']}
        hint="Paste the robot's trigger URL from the Designer, or the service's base address such as https://robots.example.com. Robot Tray adds the trigger and query paths itself."
      >
        <input
          type="url"
          value={draft.baseUrl}
          onChange={(e) => onChange({ baseUrl: e.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      {errors['baseUrl'] === undefined && <RobotAddresses typed={draft.baseUrl} />}
      <Field label="Notes" id="robot-notes" error={errors['notes']}>
        <textarea rows={2} value={draft.notes} onChange={(e) => onChange({ notes: e.target.value })} />
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.confirmBeforeFiring}
          onChange={(e) => onChange({ confirmBeforeFiring: e.target.checked })}
        />
        <span>
          Confirm before firing
          <span className="field-hint"> — ask first, for a robot with real-world effects.</span>
        </span>
      </label>
      <details className="advanced">
        <summary>Advanced</summary>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.sendTokenOnQuery}
            onChange={(e) => onChange({ sendTokenOnQuery: e.target.checked })}
          />
          <span>Send the token when checking on a call too</span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.allowInsecureHttp}
            aria-describedby="insecure-warning"
            onChange={(e) => onChange({ allowInsecureHttp: e.target.checked })}
          />
          <span>Allow plain http:// to another computer</span>
        </label>
        {(draft.allowInsecureHttp || insecure) && (
          <p id="insecure-warning" className="notice notice-warning">
            Over plain http the robot&apos;s token and arguments travel unencrypted: anyone on the network
            path can read them and start the robot. Use it only on a network you trust.
          </p>
        )}
        <PollFields draft={draft} onChange={onChange} error={errors['pollPolicy']} />
        <CertificateFields draft={draft} errors={errors} onChange={onChange} robotId={robotId} />
      </details>
    </>
  );
}
