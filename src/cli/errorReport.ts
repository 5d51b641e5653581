import { INSTALL_KEYRING } from '../shared/sentences/keyring.ts';
import { errorKindOf, isCommanderError, isInterruption } from './exitCodes.ts';
import { shellWord } from './output.ts';

function firstLine(text: string, max = 200): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/**
 * The one line printed for an error. The core's messages already say what
 * happened and what to do, so they are shown as they are; commander's get a
 * pointer to the command's --help. Undefined when there is nothing to add
 * (commander already printed the help, or --help and --version).
 */
export function errorLine(error: unknown): string | undefined {
  if (isInterruption(error)) return undefined;
  if (isCommanderError(error)) {
    if (error.exitCode === 0 || error.code === 'commander.help') return undefined;
    // Set by program.ts: the command whose arguments failed to parse, e.g. "robot add".
    const commandPath = (error as { commandPath?: string }).commandPath ?? '';
    // An option typed as --name=value is echoed back whole by commander; the
    // value might be a token pasted in the wrong place, so it is not repeated.
    const message = error.message
      .replace(/^error: /, '')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/'(--?[^=' ]+)=[^']*'/g, "'$1=…'");
    const stop = /[.!?)]$/.test(message) ? '' : '.';
    return `robot-tray: ${message}${stop} See: robot-tray ${commandPath ? commandPath + ' ' : ''}--help`;
  }
  const kind = errorKindOf(error);
  const noToken = /^Robot "(.+)" has no token yet\./.exec((error as Error | null)?.message ?? '');
  if (noToken !== null) return `robot-tray: ${withTokenCommand((error as Error).message, noToken[1]!)}`;
  if (kind === 'validation') return `robot-tray: ${inFlagNames((error as Error).message)}`;
  if (kind === 'not-found') return `robot-tray: ${withListCommand((error as Error).message)}`;
  if (kind === 'keychain') return `robot-tray: ${withKeychainHint((error as Error).message)}`;
  // The CLI's own errors are written for people whatever their kind.
  if (kind !== undefined && (kind !== 'internal' || (error as Error).name === 'CliError')) {
    return `robot-tray: ${(error as Error).message}`;
  }
  // Internal errors carry their cause; its first line is what people can act on.
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const detail = cause instanceof Error ? firstLine(cause.message) : firstLine(String(cause));
  return (
    `robot-tray: unexpected error: ${detail}` +
    (process.env['ROBOT_TRAY_DEBUG'] === '1' ? '' : ' (run again with ROBOT_TRAY_DEBUG=1 to see where)')
  );
}

/**
 * The core names the field it refused (`baseUrl: must ...`); people at a
 * terminal typed a flag, so they read the flag's name.
 */
const FLAG_OF_FIELD: Record<string, string> = {
  baseUrl: '--base-url',
  name: '--name',
  notes: '--notes',
  allowInsecureHttp: '--allow-insecure-http',
  sendTokenOnQuery: '--send-token-on-query',
  confirmBeforeFiring: '--confirm-before-firing',
  presetId: '--preset',
  'pollPolicy.firstDelayMs': '--poll-first-ms',
  'pollPolicy.maxDelayMs': '--poll-max-ms',
  'pollPolicy.factor': '--poll-factor',
  'pollPolicy.watchDeadlineMs': '--watch-minutes',
};

/**
 * The command's arguments as given: the core calls them all `args`, while
 * people typed --arg, --args or both (or neither, when a preset's own are refused).
 */
let argsGivenAs = 'arguments';

export function noteArgumentOptions(options: { args?: unknown; arg?: unknown }): void {
  const given = [options.args === undefined ? '' : '--args', options.arg === undefined ? '' : '--arg'];
  argsGivenAs = given.filter((name) => name !== '').join(' and ') || 'arguments';
}

export function inFlagNames(message: string): string {
  const renamed = message.replace(/^([\w.]+): /, (whole, field: string) => {
    if (field === 'args') return `${argsGivenAs}: `;
    return FLAG_OF_FIELD[field] === undefined ? whole : `${FLAG_OF_FIELD[field]}: `;
  });
  return renamed.replace(
    'allow insecure http for this robot',
    'allow insecure http for this robot (--allow-insecure-http)',
  );
}

/** Whether the command that ran takes --token-env (fire, status, refire). */
let takesTokenEnv = false;

export function noteTokenEnvOption(has: boolean): void {
  takesTokenEnv = has;
}

/**
 * The core's keychain error is the app's too, so the terminal's own ways out
 * are added here: --token-env where the command takes it, else how to get an
 * unlocked keyring in a terminal or over SSH (docs/cli.md says more).
 */
export function withKeychainHint(message: string): string {
  if (!message.endsWith('Tokens are never stored anywhere else.')) return message;
  // With no keyring installed at all, the package to install is the way out.
  const session =
    process.platform === 'linux' && !message.includes(INSTALL_KEYRING)
      ? ' In a terminal or over SSH, start an unlocked keyring first with dbus-run-session and gnome-keyring-daemon --unlock, as "Keychain in a terminal or over SSH" in docs/cli.md shows.'
      : '';
  return takesTokenEnv
    ? `${message}${session} Or, without a keychain (SSH, cron, CI), give this command the token in an environment variable: --token-env VAR.`
    : `${message}${session}`;
}

/**
 * The core's "not found" hints are worded for any front end ("list robots to
 * see them"); at a terminal they name the command that lists them.
 */
export function withListCommand(message: string): string {
  return message
    .replace(/list robots to see them\.$/, 'list robots with: robot-tray robot list')
    .replace(
      /It may have been pruned or forgotten\.$/,
      'It may have been pruned or forgotten; list recent calls with: robot-tray call list',
    );
}

/**
 * The core asks people to set a token "in Robot Tray"; at a terminal the
 * hint names the command that does it.
 */
export function withTokenCommand(message: string, robotName: string): string {
  return message.replace(
    /,? and set it in Robot Tray\.$/,
    `, then set it with: robot-tray token set ${shellWord(robotName)}`,
  );
}

/** Stack traces are for developers: only with ROBOT_TRAY_DEBUG=1. */
export function debugDetail(error: unknown): string | undefined {
  if (process.env['ROBOT_TRAY_DEBUG'] !== '1' || !(error instanceof Error)) return undefined;
  let text = error.stack ?? String(error);
  if (error.cause instanceof Error) text += `\nCaused by: ${error.cause.stack ?? String(error.cause)}`;
  return text;
}
