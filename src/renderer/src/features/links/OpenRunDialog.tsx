import { visibleText } from '../../../../shared/visibleText.ts';
import { fireNow } from '../../stores/firing.ts';
import { usePresets } from '../../stores/presets.ts';
import { useRobots } from '../../stores/robots.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { runPreview } from '../../../../shared/links/runPreview.ts';

/**
 * The run a robot-tray:// link opened, shown exactly as it would be sent. A
 * link never fires by itself: only the click on "Fire now" (focused, so
 * Enter does it too) sends anything.
 */
export function OpenRunDialog({ presetId }: { presetId: string; fields: Record<string, string> }) {
  const preset = usePresets((s) => s.presets.find((p) => p.id === presetId));
  const robot = useRobots((s) => s.robots.find((r) => r.id === preset?.robotId));
  if (preset === undefined || robot === undefined) return null;
  const args = preset.args;
  const preview = runPreview(robot.baseUrl, preset.method, args);
  const go = () => {
    closeDialog();
    // The preset as saved: fired as any click on it would be.
    void fireNow(preset.id);
  };
  return (
    <Dialog
      title={`Fire ${visibleText(preset.name)}?`}
      onClose={closeDialog}
      wide
      initialFocusId="open-run-fire"
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button
            id="open-run-fire"
            type="button"
            className="btn btn-primary"
            onClick={go}
            disabled={preview.problem !== null}
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
            <dt>Arguments</dt>
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
