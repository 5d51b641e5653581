import type { z } from 'zod';
import { describeZodError, formatPath as sharedFormatPath } from '../shared/validation.ts';

/** A config or admin payload that does not match its schema; the message names the field. */
export class SandboxValidationError extends Error {
  override name = 'SandboxValidationError';
}

/** `robots[2].flow[0].ms`: the path as a person would write it in the JSON file. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return sharedFormatPath(path) || '(root)';
}

/** Every issue, for a config file people fix in one go. */
export function describeIssues(error: z.ZodError): string {
  return describeZodError(error, '(root)', undefined, Number.POSITIVE_INFINITY);
}

/** Parses `input` or throws a SandboxValidationError whose message starts with the field path. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new SandboxValidationError(`${what}: ${describeIssues(result.error)}`);
  }
  return result.data;
}
