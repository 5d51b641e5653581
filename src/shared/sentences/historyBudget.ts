import { formatBytes, parseBytes } from '../bytes.ts';

/** A size as people can type it back: "50 MiB", or the exact bytes when rounding would change it. */
function typedSize(bytes: number): string {
  const shown = formatBytes(bytes);
  return parseBytes(shown) === bytes ? shown : `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Why a history size and a largest response read cannot go together, or
 * undefined when they can: a history smaller than one answer it may read
 * could not keep that answer. Said the same by the core (so the CLI's
 * `history set`) and beside the window's box.
 */
export function historyBudgetProblem(historyMaxBytes: number, responseCapBytes: number): string | undefined {
  if (historyMaxBytes >= responseCapBytes) return undefined;
  const budget = typedSize(historyMaxBytes);
  const cap = typedSize(responseCapBytes);
  return (
    `The history size (${budget}) is smaller than the largest response read (${cap}), ` +
    'so a call with a response that large could not be kept. ' +
    `Make the history size at least ${cap}, or the largest response at most ${budget}.`
  );
}
