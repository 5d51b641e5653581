import type { BatchProgress } from '../../../../shared/models/batch.ts';
import { closeDialog } from '../../stores/ui.ts';
import { canResume, notDoneRows } from './batchText.ts';

type Props = {
  progress: BatchProgress;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onAgain: () => void;
  onExport: (format: 'csv' | 'jsonl') => void;
  onNew: () => void;
};

/** What can be done with a batch now: only the buttons its state allows are shown. */
export function BatchActions({ progress, onPause, onResume, onStop, onAgain, onExport, onNew }: Props) {
  const running = progress.running;
  const state = progress.batch.state;
  const notDone = notDoneRows(progress.batch);
  return (
    <>
      {running && state === 'running' && (
        <button type="button" className="btn" onClick={onPause}>
          Pause
        </button>
      )}
      {canResume(progress) && (
        <button type="button" className="btn btn-primary" onClick={onResume}>
          Resume
        </button>
      )}
      {(state === 'running' || state === 'paused') && (
        <button type="button" className="btn btn-danger" onClick={onStop}>
          Stop
        </button>
      )}
      {!running && notDone > 0 && (
        <button type="button" className="btn" onClick={onAgain}>
          Run again for {notDone} rows not done
        </button>
      )}
      <button type="button" className="btn" onClick={() => onExport('csv')}>
        Export CSV
      </button>
      <button type="button" className="btn" onClick={() => onExport('jsonl')}>
        Export JSON Lines
      </button>
      {!running && (
        <button type="button" className="btn" onClick={onNew}>
          New batch
        </button>
      )}
      <button type="button" className="btn" onClick={closeDialog}>
        Close
      </button>
    </>
  );
}
