import type { z } from 'zod';

/** A config or admin payload that does not match its schema; the message names the field. */
export class SandboxValidationError extends Error {
  override name = 'SandboxValidationError';
}

/** `robots[2].flow[0].ms`: the path as a person would write it in the JSON file. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${formatPath(issue.path)}: ${issue.message.replace(/^Invalid input: /, '')}`)
    .join('; ');
}

/** Parses `input` or throws a SandboxValidationError whose message starts with the field path. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new SandboxValidationError(`${what}: ${describeIssues(result.error)}`);
  }
  return result.data;
}
