import type { z } from 'zod';
import type { AppErrorShape } from '../shared/ipc/result.ts';
import { describeZodError } from '../shared/validation.ts';

export type ErrorKind = AppErrorShape['kind'];

/**
 * The one error type core throws. `message` is written for people: it says
 * what happened and what to do next. It never contains a token; the webhook
 * client redacts service bodies before they get here.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  /** HTTP status, for `http` errors. */
  readonly status: number | undefined;
  /** For trigger failures: true when the request may have reached the service. */
  readonly maybeDelivered: boolean;
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /** True when asking again cannot help (e.g. an answer over the size cap). */
  readonly permanent: boolean;

  constructor(
    kind: ErrorKind,
    message: string,
    extra: {
      status?: number;
      maybeDelivered?: boolean;
      retryAfterMs?: number;
      permanent?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.status = extra.status;
    this.maybeDelivered = extra.maybeDelivered ?? false;
    this.retryAfterMs = extra.retryAfterMs;
    this.permanent = extra.permanent ?? false;
  }

  toShape(): AppErrorShape {
    return { kind: this.kind, message: this.message };
  }
}

export function validationError(error: z.ZodError, subject?: string): AppError {
  return new AppError('validation', describeZodError(error, subject));
}

/** Parse untrusted input or throw a validation AppError that names the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, subject?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, subject);
  return result.data;
}

export function notFound(what: string, hint: string): AppError {
  return new AppError('not-found', `${what} was not found. ${hint}`);
}

/** Any thrown value as an AppError, without leaking unknown text to people. */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(
    'internal',
    'Robot Tray hit an unexpected error. Try again; if it keeps happening, restart.',
    {
      cause: error,
    },
  );
}
