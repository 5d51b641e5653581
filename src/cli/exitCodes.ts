import type { ErrorKind } from '../core/errors.ts';
import type { CallState } from '../shared/models/call.ts';

/** The exit codes of `robot-tray`, as documented in docs/cli.md. */
export const ExitCode = {
  ok: 0,
  /** Anything not covered below: an internal error, a sandbox that cannot listen. */
  failure: 1,
  usage: 2,
  rejected: 3,
  notFinished: 4,
  unreachable: 5,
  unsettled: 6,
  keychain: 7,
  /** The data folder or history cannot be used (read-only, not a folder, disk full). */
  storage: 8,
  /** Another process is changing the data or holds the history locked: nothing was changed or sent; try again. */
  busy: 9,
  /** The service reported the run failed (FAILED, ERROR, ABORTED…). */
  failed: 10,
  /** 128 + SIGINT, what shells report for Ctrl+C. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * The exit code for the state a call is in when a command ends. `waited`
 * says the command was asked to wait for the end, so a call still waiting
 * means the time ran out; without it, a waiting call is simply accepted.
 */
export function exitCodeForState(state: CallState, waited: boolean): ExitCode {
  switch (state) {
    case 'done':
      return ExitCode.ok;
    case 'sending':
    case 'waiting':
      return waited ? ExitCode.notFinished : ExitCode.ok;
    case 'rejected':
      return ExitCode.rejected;
    case 'stopped':
      return ExitCode.notFinished;
    case 'unreachable':
      return ExitCode.unreachable;
    case 'failed':
      return ExitCode.failed;
    case 'unknown':
    case 'expired':
    case 'unexpected':
      return ExitCode.unsettled;
  }
}

const byKind: Record<ErrorKind, ExitCode> = {
  validation: ExitCode.usage,
  'not-found': ExitCode.usage,
  keychain: ExitCode.keychain,
  http: ExitCode.rejected,
  network: ExitCode.unreachable,
  timeout: ExitCode.unreachable,
  protocol: ExitCode.unsettled,
  storage: ExitCode.storage,
  busy: ExitCode.busy,
  unconfirmed: ExitCode.usage,
  internal: ExitCode.failure,
};

/**
 * The exit code for a thrown error: the core's AppError and the CLI's own
 * CliError by their kind, commander's parse errors as usage errors (its
 * --help and --version "errors" are successes). Duck-typed so that this
 * module never loads the core.
 */
export function exitCodeForError(error: unknown): ExitCode {
  if (isInterruption(error)) return ExitCode.interrupted;
  if (isCommanderError(error)) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  const kind = errorKindOf(error);
  return kind === undefined ? ExitCode.failure : byKind[kind];
}

export function errorKindOf(error: unknown): ErrorKind | undefined {
  if (!(error instanceof Error)) return undefined;
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === 'string' && Object.hasOwn(byKind, kind) ? (kind as ErrorKind) : undefined;
}

export function isCommanderError(error: unknown): error is Error & { code: string; exitCode: number } {
  if (!(error instanceof Error)) return false;
  const { code, exitCode } = error as { code?: unknown; exitCode?: unknown };
  return typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number';
}

/** Ctrl+C at the hidden token prompt (secretInput.ts), where raw mode turns it into input. */
export function isInterruption(error: unknown): boolean {
  return error instanceof Error && error.name === 'PromptInterrupted';
}
