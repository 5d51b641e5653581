import { isActive, resumableStates, type CallDetail } from '../../../../shared/models/call.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { checkCall, forgetCall, refireCall, resumeCall, stopCall } from '../../stores/callActions.ts';
import { showNotice, type NoticePlace } from '../../stores/callsView.ts';
import { saveCallToFile } from '../../stores/savedCall.ts';
import { useSettings } from '../../stores/settings.ts';
import { secretFieldsIn } from '../../../../shared/models/presetFields.ts';
import { useState } from 'react';
import { SecretsAgainDialog } from './SecretsAgainDialog.tsx';

type Props = { summary: CallSummary; detail: CallDetail | undefined; onFireWithChanges: () => void };

export async function copy(text: string, what: string, place: NoticePlace = 'detail'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showNotice(`Copied ${what}.`, { place });
  } catch {
    showNotice(`Could not copy ${what}: the clipboard refused it.`, { error: true, place });
  }
}

async function copyCurl(detail: CallDetail): Promise<void> {
  try {
    const { command } = await call('curlCommand', {
      robotId: detail.robotId,
      ...(detail.presetId === null ? {} : { presetId: detail.presetId }),
      method: detail.method,
      args: detail.args,
    });
    await copy(command, 'the cURL command (the token stays $ROBOT_TOKEN)');
  } catch (error) {
    showNotice(messageOf(error), { error: true, place: 'detail' });
  }
}

/**
 * The call as a Markdown report for a ticket, built here from the detail the
 * window holds, with the same function the tray and `robot-tray call report` use.
 * `savedFile`: the saved call file it was read from, which holds all of it.
 */
export async function copyReport(detail: CallDetail, place: NoticePlace, savedFile?: string): Promise<void> {
  const { callReport } = await import('../../../../shared/report/callReport.ts');
  const appVersion = useSettings.getState().appInfo?.version ?? 'unknown';
  const text = callReport(detail, { appVersion, ...(savedFile === undefined ? {} : { savedFile }) });
  await copy(text, 'the report (Markdown, without the token)', place);
}

/** What can be done with one call. */
export function CallActions({ summary, detail, onFireWithChanges }: Props) {
  const { id, state, webhookCallId } = summary;
  const [asking, setAsking] = useState<string[] | null>(null);
  const fireAgain = () => {
    const secrets = detail === undefined ? [] : secretFieldsIn(detail.args);
    if (secrets.length > 0) setAsking(secrets);
    else void refireCall(id);
  };
  return (
    <div className="row call-actions" role="toolbar" aria-label="Call actions">
      {state === 'waiting' && (
        <button type="button" className="btn btn-sm" onClick={() => void checkCall(id)}>
          Check now
        </button>
      )}
      {isActive(state) && (
        <button type="button" className="btn btn-sm" onClick={() => void stopCall(id)}>
          Stop
        </button>
      )}
      {resumableStates.includes(state) && (
        <button type="button" className="btn btn-sm" onClick={() => void resumeCall(id)}>
          Resume
        </button>
      )}
      <button type="button" className="btn btn-sm" onClick={fireAgain}>
        Fire again
      </button>
      {asking !== null && (
        <SecretsAgainDialog
          names={asking}
          presetId={summary.presetId}
          onClose={() => setAsking(null)}
          onFire={(values) => void refireCall(id, values)}
        />
      )}
      <button
        type="button"
        className="btn btn-sm"
        onClick={onFireWithChanges}
        disabled={detail === undefined}
      >
        Fire again with changes…
      </button>
      {webhookCallId !== null && (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void copy(webhookCallId, 'the webhookCallId')}
        >
          Copy webhookCallId
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm"
        disabled={detail === undefined}
        onClick={() => detail && void copyCurl(detail)}
      >
        Copy as cURL
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={detail === undefined}
        onClick={() => detail && void copyReport(detail, 'detail')}
      >
        Copy report
      </button>
      <button type="button" className="btn btn-sm" onClick={() => void saveCallToFile(id, 'detail')}>
        Save call…
      </button>
      <button type="button" className="btn btn-sm btn-danger" onClick={() => forgetCall(id)}>
        Forget
      </button>
    </div>
  );
}
