import { useState } from 'react';
import type { Settings } from '../../../../shared/models/settings.ts';
import { BridgeError, messageOf } from '../../bridge/call.ts';
import { noErrors, type FormErrors } from '../../forms/fieldErrors.ts';
import { updateSettings, useSettings } from '../../stores/settings.ts';
import { Field } from '../../ui/Field.tsx';
import { ThemeSwitch } from '../layout/ThemeSwitch.tsx';
import { networkDraftOf, networkErrorsOf } from '../network/networkDraft.ts';
import { NetworkSection } from '../network/NetworkSection.tsx';
import { PollFields } from '../robots/PollFields.tsx';
import { settingsDraftOf, settingsPatchOf, type SettingsDraft } from './settingsDraft.ts';

/** App-wide settings, saved together; each box explains itself when it cannot be saved. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(settings));
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [server, setServer] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const result = settingsPatchOf(draft);
  const errors = { ...server.fields, ...('errors' in result ? result.errors : {}) };
  const change = (patch: Partial<SettingsDraft> | ((d: SettingsDraft) => Partial<SettingsDraft>)) => {
    setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
    setStatus(null);
    setServer(noErrors);
  };
  /**
   * The person cancelled main's question about a proxy change: nothing was
   * saved, and the Network section shows again what is in use; the other
   * boxes keep what was typed, to save without it.
   */
  const declined = (message: string) => {
    const current = useSettings.getState().settings ?? settings;
    setDraft((d) => ({ ...d, network: networkDraftOf(current.network) }));
    setStatus({ kind: 'error', text: `${message} The Network section shows the settings in use again.` });
  };
  const save = async () => {
    if (!('patch' in result)) return;
    setBusy(true);
    try {
      const saved = await updateSettings(result.patch);
      setDraft(settingsDraftOf(saved));
      setStatus({ kind: 'saved', text: 'Settings saved.' });
    } catch (e) {
      // Main's refusal of a network box (a CA file it cannot read) lands beside that box.
      const split = e instanceof BridgeError && e.kind === 'validation' ? networkErrorsOf(e.message) : null;
      if (split !== null && split.form === null) setServer(split);
      else if (e instanceof BridgeError && e.kind === 'unconfirmed') declined(e.message);
      else setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="section">
        <h3 className="section-title">Checking on running calls</h3>
        <PollFields
          draft={draft}
          onChange={change}
          error={errors['pollPolicy']}
          emptyMeans="Robot Tray's built-in schedule (the first check within 0.5 s, then gaps that grow with the time the call has run, up to 10 s apart, for 30 minutes; once a robot has 10 finished calls, checks go where its calls usually end)"
        />
      </div>
      <div className="section">
        <h3 className="section-title">History and notifications</h3>
        <Field
          label="Calls kept in history"
          id="history-limit"
          error={errors['historyLimit']}
          hint="The oldest finished calls are removed first."
        >
          <input
            type="text"
            inputMode="numeric"
            value={draft.historyLimit}
            onChange={(e) => change({ historyLimit: e.target.value })}
          />
        </Field>
        <Field
          label="History size on disk"
          id="history-max-size"
          error={errors['historyMaxBytes']}
          hint="Responses included. The oldest finished calls are removed first; a call still running never is."
        >
          <input
            type="text"
            value={draft.historyMaxSize}
            onChange={(e) => change({ historyMaxSize: e.target.value })}
          />
        </Field>
        <Field
          label="Largest response read"
          id="max-response-size"
          error={errors['maxResponseBytes']}
          hint="A robot's answer larger than this is not read; the call says so."
        >
          <input
            type="text"
            value={draft.maxResponseSize}
            onChange={(e) => change({ maxResponseSize: e.target.value })}
          />
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.notifications}
            onChange={(e) => change({ notifications: e.target.checked })}
          />
          <span>
            Show a notification when a call from the tray, or from a preset marked &ldquo;notify&rdquo;, ends
          </span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.launchAtLogin}
            onChange={(e) => change({ launchAtLogin: e.target.checked })}
          />
          <span>Start Robot Tray in the tray when I log in</span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.checkForUpdates}
            onChange={(e) => change({ checkForUpdates: e.target.checked })}
          />
          <span>Check for updates and download them in the background (installed app only)</span>
        </label>
      </div>
      <NetworkSection
        draft={draft.network}
        errors={errors}
        onChange={(patch) => change((d) => ({ network: { ...d.network, ...patch } }))}
      />
      <div className="section">
        <h3 className="section-title">Appearance</h3>
        <ThemeSwitch id="settings-theme" />
      </div>
      {/* Sticky: Save stays in reach however far down the form one is. */}
      <div className="row settings-footer">
        <button type="submit" className="btn btn-primary" disabled={busy || 'errors' in result}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
        {status !== null && (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={status.kind === 'error' ? 'field-error' : 'small ok-text'}
          >
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}
