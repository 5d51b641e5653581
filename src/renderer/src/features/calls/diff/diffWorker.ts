import { diffTexts } from '../../../../../shared/responseDiff.ts';
import type { DiffRequest, DiffResponse, DiffSide } from './protocol.ts';

// Reading and comparing two large responses takes as long as reading each
// in the viewer; here it never holds up typing or scrolling in the window.
const scope = globalThis as unknown as {
  postMessage: (message: DiffResponse) => void;
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
};

const slices: Record<DiffSide, string[]> = { before: [], after: [] };
const done: Record<DiffSide, boolean> = { before: false, after: false };

scope.onmessage = ({ data }) => {
  slices[data.side].push(data.text);
  done[data.side] ||= data.last;
  if (!done.before || !done.after) return;
  try {
    const before = slices.before.join('');
    const after = slices.after.join('');
    slices.before = [];
    slices.after = [];
    scope.postMessage({ type: 'diff', ...diffTexts(before, after) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'failed', message: `The two responses could not be compared: ${reason}` });
  }
};
