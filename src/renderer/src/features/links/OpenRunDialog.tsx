import { useState } from 'react';
import { filledRun } from '../../../../shared/links/filledRun.ts';
import { runPreview } from '../../../../shared/links/runPreview.ts';
import type { Preset } from '../../../../shared/models/preset.ts';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { fireNow } from '../../stores/firing.ts';
import { useFirable } from '../../stores/firable.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useArmedAfterFocus } from './armedAfterFocus.ts';
import { runFieldId, RunFieldsForm, startingText } from './RunFieldsForm.tsx';
import './links.css';

type Props = { presetId: string; fields: Record<string, string> };

/**
 * The run a robot-tray:// link opened: the preset's fields filled in from the
 * link, and exactly what would be sent. A link never fires by itself: only
 * "Fire now" sends anything, and it never has the focus to start with (a
 * stray Enter meets a field, or Cancel), nor answers for a moment after the
 * run opens or the window comes back into focus (useArmedAfterFocus).
 */
export function OpenRunDialog({ presetId, fields }: Props) {
  // One's own preset, or a team catalog's a link named.
  const { preset, robot } = useFirable(presetId);
  if (preset === undefined || robot === undefined) return null;
  return <OpenRun preset={preset} robot={robot} fromLink={fields} />;
}

function OpenRun({
  preset,
  robot,
  fromLink,
}: {
  preset: Preset;
  robot: RobotView;
  fromLink: Record<string, string>;
}) {
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(preset.fields.map((f) => [f.name, startingText(f, fromLink)])),
  );
  const run = filledRun(preset, texts);
  const preview = runPreview(robot.baseUrl, preset.method, run.shown);
  const problems = new Map(run.ok ? [] : run.problems.map((p) => [p.field, p.reason]));
  const armed = useArmedAfterFocus();
  const ready = run.ok && preview.problem === null;
  // Focus starts on the first field to fix, else the first field, else Cancel: never on "Fire now".
  const firstField = preset.fields.find((f) => problems.has(f.name)) ?? preset.fields[0];
  const go = () => {
    if (!run.ok || !armed) return;
    closeDialog();
    void fireNow(preset.id, undefined, preset.fields.length > 0 ? run.values : undefined);
  };
  return (
    <Dialog
      title={`Fire ${visibleText(preset.name)}?`}
      onClose={closeDialog}
      wide
      initialFocusId={firstField === undefined ? 'open-run-cancel' : runFieldId(firstField.name)}
      actions={
        <>
          <button id="open-run-cancel" type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button
            id="open-run-fire"
            type="button"
            className="btn btn-primary"
            onClick={go}
            disabled={!ready || !armed}
          >
            ▶ Fire now
          </button>
        </>
      }
    >
      <p>
        A link opened this run of &ldquo;{visibleText(robot.name)}&rdquo;. Nothing has been sent: check it,
        then fire it yourself.
      </p>
      {preset.fields.length > 0 && (
        <RunFieldsForm
          fields={preset.fields}
          texts={texts}
          problems={problems}
          onChange={(name, text) => setTexts((t) => ({ ...t, [name]: text }))}
        />
      )}
      <dl className="run-preview" data-testid="run-preview">
        <div>
          <dt>Robot</dt>
          <dd>
            {visibleText(robot.name)} at <code data-testid="run-origin">{visibleText(preview.origin)}</code>
          </dd>
        </div>
        <div>
          <dt>Request</dt>
          <dd>
            <span className="run-method" data-testid="run-method">
              {preview.method}
            </span>{' '}
            <code data-testid="run-url">{visibleText(preview.url)}</code>
          </dd>
        </div>
        <div>
          <dt>Token</dt>
          <dd className="muted">Robot Tray&rsquo;s own, sent in a header (a link never carries one)</dd>
        </div>
        {preview.body !== null && (
          <div>
            <dt>{run.ok ? 'Arguments' : 'Arguments (fields not filled yet)'}</dt>
            <dd>
              <pre className="run-args" data-testid="run-args">
                {visibleText(preview.body, { keepNewlines: true })}
              </pre>
            </dd>
          </div>
        )}
      </dl>
      {preview.problem !== null && (
        <p role="alert" className="field-error">
          {visibleText(preview.problem)}
        </p>
      )}
    </Dialog>
  );
}
