import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { usePresetsOf } from '../../stores/presets.ts';
import { deleteRobot, useRobots } from '../../stores/robots.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** Remove a robot, saying exactly what goes with it and what stays. */
export function RemoveRobotDialog({ robotId }: { robotId: string }) {
  const robot = useRobots((s) => s.robots.find((r) => r.id === robotId));
  const presets = usePresetsOf(robotId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (robot === undefined) return null;
  const remove = async () => {
    setBusy(true);
    try {
      await deleteRobot(robot.id);
      closeDialog();
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Remove ${robot.name}?`}
      onClose={closeDialog}
      initialFocusId="remove-robot-cancel"
      actions={
        <>
          <button id="remove-robot-cancel" type="button" className="btn" onClick={closeDialog}>
            Keep it
          </button>
          <button
            type="button"
            className="btn btn-danger-solid"
            onClick={() => void remove()}
            disabled={busy}
          >
            {busy ? 'Removing…' : 'Remove robot'}
          </button>
        </>
      }
    >
      <p>This removes from Robot Tray:</p>
      <ul>
        <li>the robot &ldquo;{robot.name}&rdquo; and its settings,</li>
        <li>
          {presets.length === 0
            ? 'no presets (it has none),'
            : `its ${presets.length} preset${presets.length === 1 ? '' : 's'} (${presets.map((p) => p.name).join(', ')}),`}
        </li>
        <li>
          {robot.hasToken || robot.tokenSuspended !== null
            ? 'its token, from the system keychain.'
            : 'no token (none is stored).'}
        </li>
      </ul>
      <p className="small muted">
        Its past calls stay in the history. The robot itself, on the service, is not touched.
      </p>
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
