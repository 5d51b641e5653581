import type { ErrorKind } from '../core/errors.ts';

/**
 * An error the CLI finds itself (a malformed --arg, an unknown preset name),
 * with the same kinds as the core's AppError so one mapping gives the exit
 * code. Kept apart from AppError so that parsing the command line never has
 * to load the core.
 */
export class CliError extends Error {
  readonly kind: ErrorKind;

  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'CliError';
    this.kind = kind;
  }
}

export function usageError(message: string): CliError {
  return new CliError('validation', message);
}

export function notFoundError(message: string): CliError {
  return new CliError('not-found', message);
}
