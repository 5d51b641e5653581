import { InvalidArgumentError } from 'commander';

/**
 * Glue between commander and the command handlers: a handler returns its
 * exit code, kept here for main to exit with once output is flushed.
 */
let exitCode = 0;

export function run<A extends unknown[]>(handler: (...args: A) => Promise<number | void>) {
  return async (...args: A): Promise<void> => {
    exitCode = (await handler(...args)) ?? 0;
  };
}

export function commandExitCode(): number {
  return exitCode;
}

/** --timeout: seconds, fractions allowed, more than zero. */
const MAX_TIMEOUT_SECONDS = 2_147_483;

export function parseSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    throw new InvalidArgumentError('expected a number of seconds greater than 0, such as 30 or 1.5.');
  }
  // Timers cannot wait longer than 2^31 - 1 ms (about 24.8 days).
  if (n > MAX_TIMEOUT_SECONDS) {
    throw new InvalidArgumentError(`expected at most ${MAX_TIMEOUT_SECONDS} seconds (about 24 days).`);
  }
  return n;
}

export function integerParser(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}
