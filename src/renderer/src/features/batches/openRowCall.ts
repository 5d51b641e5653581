import type { RowResult } from '../../../../shared/models/batch.ts';
import { call } from '../../bridge/call.ts';
import { knowCalls, useCalls } from '../../stores/calls.ts';
import { openCall } from '../../stores/callsView.ts';
import { closeDialog, selectCall } from '../../stores/ui.ts';

/**
 * Opens a batch row's call as a run-times chart point does: selected, its
 * detail open in the calls view (which takes the focus), the dialog closed
 * (opening it again shows these results). A call older than those the
 * window loaded is asked of main first. Answers what stops it, or null.
 */
export async function openRowCall(batchId: string, row: RowResult): Promise<string | null> {
  const callId = row.call;
  if (callId === null) return `Row ${row.row} made no call.`;
  if (!useCalls.getState().byId.has(callId)) {
    const summary = await call('batchRowCall', { id: batchId, row: row.row });
    if (summary === null)
      return `Row ${row.row}'s call is not in the history: it was not sent, or was forgotten.`;
    knowCalls([summary]);
  }
  closeDialog();
  selectCall(callId);
  openCall(callId);
  return null;
}
