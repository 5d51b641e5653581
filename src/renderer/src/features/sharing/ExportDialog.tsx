import { useState } from 'react';
import { visibleText } from '../../../../shared/visibleText.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { useRobots } from '../../stores/robots.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** Choose robots to export; main asks where to save. The file holds no token, history or local path. */
export function ExportDialog() {
  const robots = useRobots((s) => s.robots);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(robots.map((r) => r.id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await call('exportRobots', {
        robotIds: robots.filter((r) => chosen.has(r.id)).map((r) => r.id),
      });
      if (outcome !== null)
        setSaved(
          `Saved ${outcome.robots} robot${outcome.robots === 1 ? '' : 's'} and ${outcome.presets} preset${outcome.presets === 1 ? '' : 's'} to ${outcome.fileName}, without tokens.`,
        );
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Export robots"
      onClose={closeDialog}
      initialFocusId="export-save"
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            {saved === null ? 'Cancel' : 'Close'}
          </button>
          <button
            id="export-save"
            type="button"
            className="btn btn-primary"
            disabled={busy || chosen.size === 0}
            onClick={() => void save()}
          >
            {busy ? 'Saving…' : 'Save…'}
          </button>
        </>
      }
    >
      <p className="small muted">
        Robots and their presets, to share with your team. The file holds no token, no history and no local
        file paths: each person sets their own token.
      </p>
      <fieldset className="export-robots">
        <legend>Robots to export</legend>
        {robots.map((robot) => (
          <label key={robot.id} className="check">
            <input type="checkbox" checked={chosen.has(robot.id)} onChange={() => toggle(robot.id)} />{' '}
            {visibleText(robot.name)}
          </label>
        ))}
      </fieldset>
      {saved !== null && (
        <p role="status" className="notice notice-success">
          {saved}
        </p>
      )}
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
