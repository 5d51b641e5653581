import { MAX_OFFERED_COLUMNS, pickPathProblem } from '../../shared/models/pickPath.ts';
import type { Call } from '../../shared/models/call.ts';
import { MASK } from '../echo/echoMask.ts';
import type { BatchRow } from './batchTypes.ts';

/** How many done rows' responses are read for the columns offered. */
export const COLUMN_SAMPLE_ROWS = 20;
/** How many names below `response` a path offered goes; an object deeper is offered whole. */
const DEPTH = 4;
/** How many values of one response are looked at, so a huge response costs no more than a small one. */
const VISITS = 2_000;

/**
 * The paths a batch's results could show as columns (`response.invoice.id`),
 * from the responses of the rows' calls, in the order first met: objects
 * are walked, anything else (an array too) is offered whole. Only names are
 * kept, never a value; a name the echo mask touched, or one a dotted path
 * cannot spell, is left out.
 */
export function responseColumns(
  rows: readonly BatchRow[],
  callOf: (id: string) => Call | undefined,
): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, path: string, depth: number, budget: { left: number }) => {
    if (found.size >= MAX_OFFERED_COLUMNS || budget.left-- <= 0) return;
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!isObject || depth >= DEPTH || Object.keys(value).length === 0) {
      found.add(path);
      return;
    }
    for (const [name, inner] of Object.entries(value)) {
      const next = `${path}.${name}`;
      if (name.includes('.') || name.includes(MASK) || pickPathProblem(next) !== null) continue;
      walk(inner, next, depth + 1, budget);
    }
  };
  for (const row of rows) {
    const response = row.callId === null ? undefined : callOf(row.callId)?.response;
    if (response !== undefined) walk(response, 'response', 0, { left: VISITS });
  }
  return [...found];
}
