import { NetworkFields, type NetworkSettings, type ProxyMode } from '../../../../shared/models/network.ts';
import { splitFieldErrors, zodFieldErrors, type FormErrors } from '../../forms/fieldErrors.ts';

/** The Network section as typed: empty text means "not set". */
export type NetworkDraft = {
  proxyMode: ProxyMode;
  proxyUrl: string;
  proxyUser: string;
  /** NO_PROXY style: entries separated by commas, spaces or new lines. */
  proxyBypass: string;
  useSystemCertificates: boolean;
};

export const networkFields = ['proxyMode', 'proxyUrl', 'proxyUser', 'proxyBypass', 'useSystemCertificates'];

/** The network settings the form saves: the CA file is chosen and saved on its own, through main's dialog. */
const NetworkForm = NetworkFields.omit({ caFile: true });
export type NetworkFormSettings = Omit<NetworkSettings, 'caFile'>;

export function networkDraftOf(network: NetworkSettings): NetworkDraft {
  return {
    proxyMode: network.proxyMode,
    proxyUrl: network.proxyUrl ?? '',
    proxyUser: network.proxyUser ?? '',
    proxyBypass: network.proxyBypass.join(', '),
    useSystemCertificates: network.useSystemCertificates,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The bypass box split into entries (commas, spaces or new lines between them). */
export function bypassEntriesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter((entry) => entry !== '');
}

/**
 * The network settings a draft names, or the reason beside each box, checked
 * with the schema main parses with. Proxy fields outside manual mode are kept
 * as typed so switching modes loses nothing.
 */
export function networkOf(
  draft: NetworkDraft,
): { network: NetworkFormSettings } | { errors: Record<string, string> } {
  const candidate = {
    proxyMode: draft.proxyMode,
    proxyUrl: orNull(draft.proxyUrl),
    proxyUser: orNull(draft.proxyUser),
    proxyBypass: bypassEntriesOf(draft.proxyBypass),
    useSystemCertificates: draft.useSystemCertificates,
  };
  const parsed = NetworkForm.safeParse(candidate);
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
  if (candidate.proxyMode === 'manual' && candidate.proxyUrl === null) {
    errors['proxyUrl'] = 'Manual mode needs a proxy address such as http://proxy.example.com:3128.';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { network: parsed.data };
}

/**
 * Main's refusal of a settings change, beside the network boxes it names:
 * "network.proxyUrl: …" from the settings check. Anything else stays one
 * message for the form.
 */
export function networkErrorsOf(message: string): FormErrors {
  const named = message.replace(/(^|: |; )network\./g, '$1');
  const split = splitFieldErrors(named, networkFields);
  return split.form === null ? split : { fields: {}, form: message };
}
