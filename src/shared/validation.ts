import type { z } from 'zod';

/**
 * Turn a zod failure into one sentence that names the field and says what is
 * wrong, e.g. `name: must not be empty`. Used for IPC payloads, CLI input and
 * files on load alike.
 */
export function describeZodError(error: z.ZodError, subject?: string, root?: string): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = root === undefined ? issue.path : [root, ...issue.path];
    const where = path.length > 0 ? formatPath(path) : (subject ?? 'value');
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return parts.join('; ') + more;
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
