import { useState } from 'react';
import type { BatchPreview } from '../../../../shared/ipc/contract/batches.ts';
import { type FieldValues, fieldValuesFromText } from '../../../../shared/models/presetFields.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { picksOf, setPicks } from '../../stores/batches.ts';
import { useFirable } from '../../stores/firable.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { BatchActions } from './BatchActions.tsx';
import { BatchInput } from './BatchInput.tsx';
import { BatchProgressPanel } from './BatchProgressPanel.tsx';
import { BatchResults } from './BatchResults.tsx';
import { canResume as resumable, notDoneRows } from './batchText.ts';
import { openRowCall } from './openRowCall.ts';
import { SecretFields } from './SecretFields.tsx';
import './batches.css';
import { progressOf, useBatchEvents } from './useBatchProgress.ts';
import { useShownBatch } from './useShownBatch.ts';

/**
 * "Run for many rows…": a preset fired once for every row pasted or chosen.
 * The rows are checked by main first (problems by row and column, the first
 * rows as the requests they make), then the batch runs in the app: its
 * progress, Pause, Resume and Stop, its results (a row opens its call),
 * and "Run again" for the rows that did not end done. The secret fields are asked in password
 * boxes and sent with the start only; resuming or running again asks anew.
 */
export function BatchDialog({ presetId }: { presetId: string }) {
  const { preset, robot } = useFirable(presetId);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [format, setFormat] = useState<'csv' | 'jsonl' | null>(null);
  const [secretRaw, setSecretRaw] = useState<Record<string, string>>({});
  const [concurrency, setConcurrency] = useState('4');
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [shown, setShown] = useShownBatch(presetId);
  const { latest, version } = useBatchEvents();

  if (preset === undefined || robot === undefined) return null;
  const secretFields = preset.fields.filter((f) => f.secret);
  const typed = fieldValuesFromText(secretFields, secretRaw);
  const secretErrors: Record<string, string> = {};
  if (!typed.ok) for (const p of typed.problems) secretErrors[p.field] ??= p.reason;
  const concurrencyN = Number(concurrency);
  const concurrencyOk = /^\d+$/.test(concurrency) && concurrencyN >= 1 && concurrencyN <= 64;
  const progress = shown === null ? null : (latest.get(shown.batchId) ?? shown.started);

  const act = async (words: string, work: () => Promise<void>) => {
    setBusy(words);
    setError(null);
    setNote(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };
  /** The secret values, or null (with the problems shown) while one is missing or wrong. */
  const secrets = (): FieldValues | null => {
    if (typed.ok) return typed.values;
    setError(
      `Give ${secretFields.map((f) => f.label ?? f.name).join(', ')} first: ${Object.values(secretErrors)[0]}`,
    );
    const first = secretFields.find((f) => secretErrors[f.name] !== undefined);
    if (first !== undefined) document.getElementById(`batch-secret-${first.name}`)?.focus();
    return null;
  };
  const rows = () => ({
    robotId: robot.id,
    presetId: preset.id,
    text,
    ...(format === null ? {} : { format }),
  });
  const show = (batch: Parameters<typeof progressOf>[0]) => {
    // Never kept: resuming or running again asks for the secret values anew.
    setSecretRaw({});
    setShown({ batchId: batch.id, started: progressOf(batch, true) });
  };

  const chooseFile = () =>
    act('Reading the file…', async () => {
      const chosen = await call('chooseBatchRows');
      if (chosen === null) return;
      setText(chosen.text);
      setFileName(chosen.fileName);
      setFormat(chosen.format);
      setPreview(null);
    });
  const check = () => {
    const values = secrets();
    if (values === null) return;
    if (text.trim() === '') {
      setError('Paste the rows or choose a file first.');
      document.getElementById('batch-rows')?.focus();
      return;
    }
    void act('Checking every row…', async () => {
      setPreview(await call('previewBatch', { ...rows(), secrets: values }));
    });
  };
  const start = () => {
    const values = secrets();
    if (values === null || !concurrencyOk) return;
    void act('Starting…', async () => {
      show(await call('startBatch', { ...rows(), secrets: values, concurrency: concurrencyN }));
    });
  };
  const onBatch = (method: 'pauseBatch' | 'stopBatch', words: string) =>
    act(words, async () => {
      if (shown !== null) await call(method, { id: shown.batchId });
    });
  const resume = () => {
    const values = secrets();
    if (values === null || shown === null) return;
    void act('Resuming…', async () =>
      show(await call('resumeBatch', { id: shown.batchId, secrets: values })),
    );
  };
  const again = () => {
    const values = secrets();
    if (values === null || shown === null) return;
    const from = shown.batchId;
    void act('Starting a new batch…', async () => {
      const batch = await call('runBatchAgain', { id: from, secrets: values });
      // The new batch's results show the columns this one's did.
      setPicks(batch.id, picksOf(from));
      show(batch);
      setNote(`A new batch runs the rows of batch ${from.slice(0, 8)} that did not end done.`);
    });
  };
  const exportAs = (fileFormat: 'csv' | 'jsonl') =>
    act('Exporting…', async () => {
      if (shown === null) return;
      const pick = [...picksOf(shown.batchId)];
      const saved = await call('exportBatch', { id: shown.batchId, format: fileFormat, pick });
      if (saved !== null) setNote(`Saved the results to ${saved.fileName}.`);
    });

  const checked = preview !== null && preview.problems.length === 0;
  const canResume = progress !== null && resumable(progress);
  const canAgain = progress !== null && !progress.running && notDoneRows(progress.batch) > 0;
  const secretBox = (
    <SecretFields
      fields={secretFields}
      values={secretRaw}
      errors={error === null ? {} : secretErrors}
      onChange={(name, value) => setSecretRaw((now) => ({ ...now, [name]: value }))}
      again={progress !== null}
    />
  );

  const actions =
    progress === null ? (
      <>
        <button type="button" className="btn" onClick={closeDialog}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={check} disabled={busy !== null}>
          Check rows
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!checked || busy !== null || !concurrencyOk}
          title={checked ? undefined : 'Check the rows first'}
        >
          ▶ Start {checked ? `${preview.total} rows` : ''}
        </button>
      </>
    ) : (
      <BatchActions
        progress={progress}
        onPause={() => void onBatch('pauseBatch', 'Pausing…')}
        onResume={resume}
        onStop={() => void onBatch('stopBatch', 'Stopping…')}
        onAgain={again}
        onExport={(fileFormat) => void exportAs(fileFormat)}
        onNew={() => {
          setShown(null);
          setPreview(null);
          setNote(null);
        }}
      />
    );

  return (
    <Dialog
      title={`Run ${preset.name} for many rows`}
      onClose={closeDialog}
      onSubmit={progress === null ? start : undefined}
      initialFocusId="batch-rows"
      wide
      actions={actions}
    >
      <p className="muted small">
        {robot.name} · {preset.name}
        {progress !== null &&
          ` · batch ${progress.batch.id.slice(0, 8)} · ${progress.batch.concurrency} at once`}
      </p>
      {progress === null && (
        <BatchInput
          text={text}
          fileName={fileName}
          onText={(next) => {
            setText(next);
            setPreview(null);
          }}
          onChooseFile={() => void chooseFile()}
          preview={preview}
        />
      )}
      {progress === null && secretBox}
      {progress === null && (
        <div className="field batch-concurrency">
          <label htmlFor="batch-concurrency">Rows at once</label>
          <input
            id="batch-concurrency"
            type="number"
            min={1}
            max={64}
            value={concurrency}
            aria-invalid={!concurrencyOk}
            onChange={(e) => setConcurrency(e.target.value)}
          />
          {!concurrencyOk && <p className="field-error">A whole number from 1 to 64.</p>}
        </div>
      )}
      {busy !== null && (
        <p className="muted" role="status">
          {busy}
        </p>
      )}
      {error !== null && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {note !== null && (
        <p className="notice notice-info" role="status">
          {note}
        </p>
      )}
      {progress !== null && shown !== null && (
        <>
          <BatchProgressPanel progress={progress} />
          <BatchResults
            batchId={shown.batchId}
            total={progress.batch.total}
            version={version}
            onOpen={(row) =>
              void act('Opening the call…', async () => {
                const problem = await openRowCall(shown.batchId, row);
                if (problem !== null) setError(problem);
              })
            }
          />
        </>
      )}
      {(canResume || canAgain) && secretBox}
    </Dialog>
  );
}
