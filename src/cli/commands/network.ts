import { Command, InvalidArgumentError } from 'commander';
import type { Settings } from '../../shared/models/settings.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatFields, printJson, printLine } from '../output.ts';
import { readSecret } from '../secretInput.ts';
import { caFileChange } from '../caFileOption.ts';
import { CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP, trustByFlag } from '../trustFlag.ts';

type SetOptions = {
  proxyMode?: string;
  proxyUrl?: string;
  proxyUser?: string | false;
  proxyPasswordStdin?: boolean;
  proxyPassword?: false;
  bypass?: string;
  caFile?: string | false;
  systemStore?: boolean;
  confirmTrust?: boolean;
  json?: boolean;
};

function parseMode(value: string): string {
  if (!['system', 'env', 'manual', 'none'].includes(value)) {
    throw new InvalidArgumentError('expected system, env, manual or none.');
  }
  return value;
}

/** `robot-tray network`: the trust and proxy settings the app and every command share. */
export function networkCommand(): Command {
  const network = new Command('network').description(
    'show or change the trust and proxy settings shared with the app (one run: --proxy, --ca)',
  );
  network
    .command('show')
    .description('show the trust and proxy settings')
    .option('--json', 'print them as JSON')
    .action(run(show));
  network
    .command('set')
    .description('change trust and proxy settings; the proxy password goes to the system keychain')
    .option(
      '--proxy-mode <MODE>',
      'system (the OS, PAC files; the CLI reads HTTPS_PROXY), env, manual or none',
      parseMode,
    )
    .option('--proxy-url <URL>', 'the manual proxy, e.g. http://proxy.example.com:3128')
    .option('--proxy-user <USER>', "the manual proxy's user name")
    .option('--no-proxy-user', 'no user name for the manual proxy')
    .option(
      '--proxy-password-stdin',
      "read the manual proxy's password from stdin (hidden prompt on a terminal); kept for that proxy's address only",
    )
    .option('--no-proxy-password', "delete the manual proxy's password from the keychain")
    .option('--bypass <HOSTS>', 'hosts the manual proxy is not used for, NO_PROXY style ("" for none)')
    .option('--ca-file <FILE>', 'also trust the CA certificates in this PEM file, for every robot')
    .option('--no-ca-file', 'trust no extra CA file')
    .option('--system-store', "trust the system's certificate store (the default)")
    .option('--no-system-store', "trust only Node's roots and CA files")
    .option(CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP)
    .option('--json', 'print the settings as JSON')
    .action(run(setNetwork));
  return network;
}

/** The trust and proxy settings as `network show` and `settings` print them. */
export function describeNetwork(settings: Settings, hasPassword: boolean): string {
  const n = settings.network;
  return formatFields([
    ['Proxy mode', n.proxyMode],
    ['Proxy URL', n.proxyUrl ?? '-'],
    ['Proxy user', n.proxyUser ?? '-'],
    ['Proxy password', hasPassword ? 'in the keychain' : 'none'],
    ['Bypass', n.proxyBypass.length === 0 ? '-' : n.proxyBypass.join(', ')],
    ['System store', n.useSystemCertificates ? 'trusted' : 'not used'],
    ['CA file', n.caFile ?? '-'],
  ]);
}

async function show(options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const settings = core.getSettings();
    if (options.json === true) return printJson(settings.network);
    printLine(describeNetwork(settings, await core.hasProxyPassword()));
  });
}

async function setNetwork(options: SetOptions): Promise<void> {
  const patch = {
    proxyMode: options.proxyMode,
    proxyUrl: options.proxyUrl,
    proxyUser: options.proxyUser === undefined ? undefined : options.proxyUser || null,
    proxyBypass:
      options.bypass === undefined
        ? undefined
        : options.bypass
            .split(/[,\s]+/)
            .map((h) => h.trim())
            .filter((h) => h !== ''),
    caFile: caFileChange(options.caFile),
    useSystemCertificates: options.systemStore,
  };
  const changes = Object.values(patch).filter((v) => v !== undefined).length;
  const password =
    options.proxyPasswordStdin === true ? await readSecret('Proxy password (input hidden): ') : undefined;
  if (changes === 0 && password === undefined && options.proxyPassword !== false) {
    throw usageError('Nothing to change: give at least one option. See: robot-tray network set --help');
  }
  await withCore(async (core) => {
    // The address first: a password is stored for the proxy address saved.
    const settings =
      changes === 0
        ? core.getSettings()
        : await core.updateSettings({ network: patch }, trustByFlag(options.confirmTrust));
    if (password !== undefined) await core.setProxyPassword(password);
    if (options.proxyPassword === false) await core.clearProxyPassword();
    if (options.json === true) return printJson(settings.network);
    printLine(describeNetwork(settings, await core.hasProxyPassword()));
  });
}
