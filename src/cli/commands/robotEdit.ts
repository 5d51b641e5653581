import { Command } from 'commander';
import type { PollPolicyOverrides } from '../../shared/models/pollPolicy.ts';
import { baseUrlFrom } from '../../shared/models/robotUrls.ts';
import { integerParser, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { usageError } from '../cliError.ts';
import { printJson, printLine } from '../output.ts';
import { caFileChange } from '../caFileOption.ts';
import type { RobotView } from '../../shared/models/robotView.ts';
import { originOf, suspensionSentence } from '../../shared/models/tokenOrigin.ts';
import { CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP, trustByFlag } from '../trustFlag.ts';

type EditOptions = {
  name?: string;
  baseUrl?: string;
  notes?: string;
  allowInsecureHttp?: boolean;
  sendTokenOnQuery?: boolean;
  confirmBeforeFiring?: boolean;
  pollFirstMs?: number;
  pollMaxMs?: number;
  pollFactor?: number;
  watchMinutes?: number;
  caFile?: string | false;
  acceptCert?: string | false;
  moveToken?: boolean;
  confirmTrust?: boolean;
  json?: boolean;
};

function parseFactor(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1 || n > 10)
    throw usageError('--poll-factor: expected a number from 1 to 10.');
  return n;
}

/**
 * `robot edit NAME`: change a robot in place; its presets and history stay,
 * and so does its token, as long as the robot stays at the same origin: a
 * token moves to a new origin only with --move-token (or `token move`).
 */
export function robotEditCommand(): Command {
  return new Command('edit')
    .description(
      "change a robot's settings; its presets and history stay, and its token while its origin stays",
    )
    .argument('<NAME>', 'the robot')
    .option('--name <NEW>', 'a new name')
    .option('--base-url <URL>', 'a new base address of its service')
    .option('--notes <TEXT>', 'replace the notes')
    .option('--allow-insecure-http', 'allow a plain http:// address on another machine')
    .option('--no-allow-insecure-http', 'require https:// again (loopback excepted)')
    .option('--send-token-on-query', 'send the token on status queries too (the default)')
    .option('--no-send-token-on-query', 'send no token on status queries')
    .option('--confirm-before-firing', 'ask before firing it from the app or the tray')
    .option('--no-confirm-before-firing', 'fire it without asking')
    .option(
      '--poll-first-ms <MS>',
      'first status query this long after acceptance',
      integerParser(100, 600_000),
    )
    .option('--poll-max-ms <MS>', 'longest wait between status queries', integerParser(100, 3_600_000))
    .option('--poll-factor <X>', 'each wait is this many times the last (1 to 10)', parseFactor)
    .option('--watch-minutes <MIN>', 'stop watching a call after this long', integerParser(1, 7 * 24 * 60))
    .option('--ca-file <FILE>', 'also trust the CA certificates in this PEM file for this robot')
    .option('--no-ca-file', 'trust no extra CA file for this robot')
    .option(
      '--accept-cert <SHA256>',
      'accept exactly this certificate (its SHA-256 fingerprint, as robot-tray doctor shows it) whatever its issuer',
    )
    .option('--no-accept-cert', 'forget the accepted certificate')
    .option(
      '--move-token',
      'with a --base-url at another origin (scheme, host, port): send the stored token there too',
    )
    .option(CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP)
    .option('--json', 'print the robot as JSON')
    .action(run(editRobot));
}

async function editRobot(name: string, options: EditOptions): Promise<void> {
  const pollPolicy: PollPolicyOverrides = {};
  if (options.pollFirstMs !== undefined) pollPolicy.firstDelayMs = options.pollFirstMs;
  if (options.pollMaxMs !== undefined) pollPolicy.maxDelayMs = options.pollMaxMs;
  if (options.pollFactor !== undefined) pollPolicy.factor = options.pollFactor;
  if (options.watchMinutes !== undefined) pollPolicy.watchDeadlineMs = options.watchMinutes * 60_000;
  const patch = {
    name: options.name,
    baseUrl: options.baseUrl === undefined ? undefined : baseUrlFrom(options.baseUrl).baseUrl,
    notes: options.notes,
    allowInsecureHttp: options.allowInsecureHttp,
    sendTokenOnQuery: options.sendTokenOnQuery,
    confirmBeforeFiring: options.confirmBeforeFiring,
    caFile: caFileChange(options.caFile),
    pinnedCertSha256: options.acceptCert === undefined ? undefined : options.acceptCert || null,
  };
  const changes = Object.values(patch).filter((v) => v !== undefined).length + Object.keys(pollPolicy).length;
  if (changes === 0 && options.moveToken !== true)
    throw usageError('Nothing to change: give at least one option. See: robot-tray robot edit --help');
  await withCore(async (core) => {
    const robot = await core.getRobot(name);
    const merged = Object.keys(pollPolicy).length === 0 ? undefined : { ...robot.pollPolicy, ...pollPolicy };
    let updated =
      changes === 0
        ? robot
        : await core.updateRobot(
            robot.id,
            { ...patch, pollPolicy: merged },
            trustByFlag(options.confirmTrust),
          );
    // Asked for explicitly; a robot whose token is already bound to its origin has nothing to move.
    if (options.moveToken === true && updated.tokenSuspended !== null) {
      await core.moveToken(robot.id);
      updated = await core.getRobot(robot.id);
    }
    if (options.json === true) return printJson(updated);
    printLine(editedSentence(updated, robot.tokenSuspended === null && updated.tokenSuspended === null));
  });
}

function editedSentence(robot: RobotView, tokenStayed: boolean): string {
  const done = `Updated robot "${robot.name}" (${robot.baseUrl})`;
  if (robot.tokenSuspended !== null) {
    return `${done}; its presets and history are unchanged. ${suspensionSentence(robot.name, robot.tokenSuspended)}`;
  }
  return tokenStayed
    ? `${done}; its presets, token and history are unchanged.`
    : `${done}; its presets and history are unchanged, and its token is now used for ${originOf(robot.baseUrl)}.`;
}
