import type { CallDetail } from '../shared/models/call.ts';
import { MAX_DIFF_LINES, type RunDiff } from '../shared/models/runDiff.ts';
import { diffRunTexts, type RunTexts } from '../shared/runDiff.ts';
import { AppError } from './errors.ts';

/*
 * Two calls compared where their texts already are. Handing the window both
 * 20 MB responses to compare cost it two transfers and a copy into its diff
 * worker (a second and a half, and main-thread tasks over 50 ms); the lines
 * found are a few kilobytes. Both sides are the calls' details as the window
 * would read them (responses masked before they were stored, no secret
 * field's value kept), so the lines show nothing the window could not.
 */

function textsOf(call: CallDetail): RunTexts {
  if (call.responseJson === undefined) {
    throw new AppError(
      'not-found',
      `Call ${call.id} holds no response to compare with (it is ${call.state}). Compare it once it has one.`,
    );
  }
  return { args: JSON.stringify(call.args), response: call.responseJson };
}

/**
 * Where call `after` differs from call `before`: the arguments each sent,
 * then their responses, the first `limit` differences of each.
 */
export function diffCalls(
  detailOf: (id: string) => CallDetail,
  before: string,
  after: string,
  limit = MAX_DIFF_LINES,
): RunDiff {
  return diffRunTexts(textsOf(detailOf(before)), textsOf(detailOf(after)), limit);
}
