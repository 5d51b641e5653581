import type { ProxyMode } from '../../../../shared/models/network.ts';
import {
  chooseSettingsCaFile,
  clearSettingsCaFile,
  describeSettingsCaFile,
  useSettings,
} from '../../stores/settings.ts';
import { Field } from '../../ui/Field.tsx';
import { CaFileChooser } from './CaFileChooser.tsx';
import type { NetworkDraft } from './networkDraft.ts';
import { ProxyPasswordField } from './ProxyPasswordField.tsx';

type Props = {
  draft: NetworkDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<NetworkDraft>) => void;
};

const modes: Array<{ mode: ProxyMode; label: string }> = [
  { mode: 'system', label: "The system's proxy settings" },
  { mode: 'env', label: 'From the environment (HTTPS_PROXY, NO_PROXY)' },
  { mode: 'manual', label: 'Manual' },
  { mode: 'none', label: 'None: always connect directly' },
];

/** Proxy and certificate trust for every robot; the proxy password goes straight to the keychain. */
export function NetworkSection({ draft, errors, onChange }: Props) {
  // Saved on its own through main's file dialog, not with the form.
  const caFile = useSettings((s) => s.settings?.network.caFile ?? null);
  const savedProxy = useSettings((s) => s.settings?.network.proxyUrl ?? null);
  return (
    <div className="section">
      <h3 className="section-title">Network</h3>
      <Field label="Proxy" id="proxy-mode" error={errors['proxyMode']}>
        <select
          value={draft.proxyMode}
          onChange={(e) => onChange({ proxyMode: e.target.value as ProxyMode })}
        >
          {modes.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      {draft.proxyMode === 'manual' && (
        <>
          <Field
            label="Proxy URL"
            id="proxy-url"
            error={errors['proxyUrl']}
            hint="Scheme, host and port only, e.g. http://proxy.example.com:3128 (http, https or socks5)."
          >
            <input
              type="url"
              value={draft.proxyUrl}
              onChange={(e) => onChange({ proxyUrl: e.target.value })}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <Field
            label="Proxy user"
            id="proxy-user"
            error={errors['proxyUser']}
            hint="Empty if the proxy asks for none."
          >
            <input
              type="text"
              value={draft.proxyUser}
              onChange={(e) => onChange({ proxyUser: e.target.value })}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <ProxyPasswordField savedProxy={savedProxy} typedProxy={draft.proxyUrl} />
          <Field
            label="Connect directly to"
            id="proxy-bypass"
            error={errors['proxyBypass']}
            hint="Hosts that skip the proxy, separated by commas: host, .domain, *.domain, an IP address, or *."
          >
            <input
              type="text"
              value={draft.proxyBypass}
              onChange={(e) => onChange({ proxyBypass: e.target.value })}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={draft.useSystemCertificates}
          onChange={(e) => onChange({ useSystemCertificates: e.target.checked })}
        />
        <span>Also trust the system&apos;s certificate store (where IT installs company CAs)</span>
      </label>
      <CaFileChooser
        id="network-ca-file"
        label="Extra CA file"
        hint="A PEM file of CA certificates trusted for every robot, chosen in the file dialog and saved at once."
        current={caFile}
        choose={chooseSettingsCaFile}
        describe={describeSettingsCaFile}
        remove={clearSettingsCaFile}
      />
    </div>
  );
}
