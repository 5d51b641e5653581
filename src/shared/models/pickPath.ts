/**
 * Which parts of a batch row's call a results column may show, for every
 * entry alike: the window's picker, the IPC contract, the CLI's --pick and
 * the core's results. Kept free of zod so the CLI's command tree can check
 * --pick as it parses it.
 */

/** The parts of a row's call a results column may name: its response and arguments (any path below them), and a few of its own fields. */
const PICK_ROOTS = ['response', 'args', 'webhookCallId', 'rawStatus', 'warning', 'error'] as const;
/** How many columns the results show at once, and how long a column's path may be. */
export const MAX_PICKS = 10;
export const MAX_PICK_CHARS = 200;
/** How many paths the results offer as columns, found in the batch's responses. */
export const MAX_OFFERED_COLUMNS = 40;

/**
 * What is wrong with a results column's path (`response.invoiceId`), or
 * null when it is fine: dotted names under one of PICK_ROOTS. The rest of
 * a call (its echo prints, timeline) is no column, so the window never reads it.
 */
export function pickPathProblem(path: string): string | null {
  if (path.length === 0) return 'Type a path such as response.invoiceId.';
  if (path.length > MAX_PICK_CHARS) return `A path is at most ${MAX_PICK_CHARS} characters.`;
  const parts = path.split('.');
  if (!(PICK_ROOTS as readonly string[]).includes(parts[0]!))
    return `"${path}" is no column: start it with response. or args., or name webhookCallId, rawStatus, warning or error.`;
  if (parts.includes(''))
    return `"${path}" has an empty name between its dots; write it as response.invoiceId.`;
  return null;
}

/** What is wrong with a set of results columns (too many, or one path's problem), or null when they are fine. */
export function picksProblem(paths: readonly string[]): string | null {
  if (paths.length > MAX_PICKS) return `At most ${MAX_PICKS} columns; ${paths.length} were asked for.`;
  for (const path of paths) {
    const problem = pickPathProblem(path);
    if (problem !== null) return problem;
  }
  return null;
}
