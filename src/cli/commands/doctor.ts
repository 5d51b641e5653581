import { Command } from 'commander';
import type { Diagnosis } from '../../core/http/probe.ts';
import type { CertSummary } from '../../core/http/tlsGuard.ts';
import type { ErrorKind } from '../../core/errors.ts';
import { CliError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { ExitCode, exitCodeForError } from '../exitCodes.ts';
import { formatFields, printJson, printLine } from '../output.ts';
import { teamSummary } from './team.ts';

export function doctorCommand(): Command {
  return new Command('doctor')
    .description(
      "check this desk's keychain and the way to a robot's service: DNS, proxy, connect time, TLS and " +
        'certificates, and whether its trigger endpoint answers; nothing is fired and no token is sent',
    )
    .argument('[ROBOT]', 'the robot; without one, the keychain and the team catalog are checked')
    .option('--json', 'print the diagnosis as JSON')
    .action(run(doctor));
}

/**
 * Whether tokens can be stored and read here: the keychain reached without
 * touching a token. On Linux without a Secret Service the problem names the
 * package to install.
 */
async function checkKeychain(): Promise<{ ok: true } | { ok: false; problem: string }> {
  try {
    // Loaded when doctor runs: --help must not load the keychain's code.
    const { TokenVault } = await import('../../core/vault/tokenVault.ts');
    await new TokenVault().probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}

const keychainText = (k: Awaited<ReturnType<typeof checkKeychain>>) =>
  k.ok ? 'reachable: tokens can be stored and read' : k.problem;

async function doctor(name: string | undefined, options: { json?: boolean }): Promise<number> {
  return withCore(async (core) => {
    // A broken team catalog is reported here (the app shows a banner): the last good version is in use.
    const team = core.teamCatalog();
    const keychain = await checkKeychain();
    if (name === undefined) {
      if (options.json === true) printJson({ keychain, team });
      else
        printLine(
          formatFields([
            ['Keychain', keychainText(keychain)],
            ['Team catalog', teamSummary(team)],
          ]),
        );
      if (!keychain.ok) return ExitCode.keychain;
      if (team.problem !== null) return ExitCode.failure;
      if (options.json !== true)
        printLine('Name a robot to check the way to its service: robot-tray doctor ROBOT');
      return ExitCode.ok;
    }
    if (team.problem !== null && options.json !== true) printLine(`Team catalog  ${teamSummary(team)}`);
    const robot = await core.getRobot(name);
    const diagnosis = await core.diagnose(robot.id);
    if (options.json === true) printJson(diagnosis);
    else
      printLine(
        formatFields([
          ['Keychain', keychainText(keychain)],
          ...doctorLines(robot.name, robot.baseUrl, diagnosis),
        ]),
      );
    if (!('error' in diagnosis.endpoint)) return ExitCode.ok;
    // The exit code a fire would have had with the same failure (5 when unreachable).
    return exitCodeForError(new CliError(diagnosis.endpoint.kind as ErrorKind, diagnosis.endpoint.error));
  });
}

const day = (iso: string) => iso.slice(0, 10);

function certLine(cert: CertSummary, index: number): string {
  const names = cert.names.length > 0 ? ` (${cert.names.slice(0, 4).join(', ')})` : '';
  return (
    `${index + 1}. ${cert.subject}${names}, issued by ${cert.issuer}, ` +
    `valid ${day(cert.validFrom)} to ${day(cert.validTo)}, SHA-256 ${cert.fingerprint256}`
  );
}

/** The diagnosis as aligned `label  value` lines, in the order a connection goes. Pure. */
export function doctorLines(
  name: string,
  baseUrl: string,
  d: Diagnosis,
): Array<readonly [string, string | undefined]> {
  const dns =
    'error' in d.dns
      ? `${d.host} could not be resolved here (${d.dns.error})` +
        ('kind' in d.route && d.route.kind === 'proxy' ? '; the proxy resolves it' : '')
      : `${d.dns.addresses.join(', ')} (${d.dns.ms} ms)`;
  const route =
    'error' in d.route
      ? `could not be chosen: ${d.route.error}`
      : d.route.kind === 'proxy'
        ? `through ${d.route.proxy} (${d.route.detail}), tunnelled with CONNECT`
        : `direct (${d.route.detail})`;
  const trust = [
    "Node's roots",
    ...(d.trust.systemStore ? ["the system's certificate store"] : []),
    ...d.trust.caFiles.map((f) => `${f.file} (${f.source})`),
  ].join(' + ');
  const tls = d.tls;
  const certificate =
    tls === null
      ? undefined
      : d.pin !== null
        ? tls.chain[0]?.fingerprint256 === d.pin
          ? 'accepted: it is the certificate pinned for this robot'
          : `REFUSED: not the certificate pinned for this robot (${d.pin})`
        : tls.authorized
          ? 'trusted'
          : `NOT trusted (${tls.authorizationError ?? 'unknown reason'})`;
  const endpoint =
    'error' in d.endpoint
      ? `no answer: ${d.endpoint.error}`
      : `answered ${d.endpoint.method} ${d.endpoint.path} with HTTP ${d.endpoint.status} in ${d.endpoint.ms} ms ` +
        '(reachable; nothing was fired and no token was sent)';
  const viaProxy = 'kind' in d.route && d.route.kind === 'proxy';
  const connect =
    d.connectMs === null
      ? undefined
      : `${d.connectMs} ms (TCP${viaProxy ? ', proxy tunnel' : ''}${tls ? ', TLS' : ''})`;
  return [
    ['Robot', `${name} (${baseUrl})`],
    ['DNS', dns],
    ['Proxy', route],
    ['Trust', trust],
    ['Connect', connect],
    [
      'TLS',
      tls === null
        ? d.origin.startsWith('http:')
          ? 'none: plain http'
          : undefined
        : `${tls.protocol ?? '?'}, ${tls.cipher ?? '?'}`,
    ],
    ['Certificate', certificate],
    ['Chain', tls === null || tls.chain.length === 0 ? undefined : tls.chain.map(certLine).join('\n')],
    ['Pinned', d.pin ?? undefined],
    ['Trigger', endpoint],
  ];
}
