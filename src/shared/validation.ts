import type { z } from 'zod';

/**
 * Turn a zod failure into one sentence that names the field and says what is
 * wrong, e.g. `name: must not be empty`. The one formatter for IPC payloads,
 * CLI input, files on load and the sandbox's config alike. `subject` names
 * the whole value when the issue has no path; `root` prefixes every path;
 * `maxIssues` bounds the sentence (a file with a thousand bad rows).
 */
export function describeZodError(error: z.ZodError, subject?: string, root?: string, maxIssues = 3): string {
  const parts = error.issues.slice(0, maxIssues).map((issue) => {
    const path = root === undefined ? issue.path : [root, ...issue.path];
    const where = path.length > 0 ? formatPath(path) : (subject ?? 'value');
    // zod's own prefix adds nothing once the field is named.
    return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
  });
  const more = error.issues.length > maxIssues ? ` (and ${error.issues.length - maxIssues} more)` : '';
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
