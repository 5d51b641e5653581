import { usePresets } from '../../stores/presets.ts';
import { useUi } from '../../stores/ui.ts';
import { BatchDialog } from '../batches/BatchDialog.tsx';
import { LinkProblemDialog } from '../links/LinkProblemDialog.tsx';
import { OpenRunDialog } from '../links/OpenRunDialog.tsx';
import { ConfirmFireDialog } from '../presets/ConfirmFireDialog.tsx';
import { FillFieldsDialog } from '../presets/FillFieldsDialog.tsx';
import { PresetDialog } from '../presets/PresetDialog.tsx';
import { RemovePresetDialog } from '../presets/RemovePresetDialog.tsx';
import { RemoveRobotDialog } from '../robots/RemoveRobotDialog.tsx';
import { RobotDialog } from '../robots/RobotDialog.tsx';
import { ExportDialog } from '../sharing/ExportDialog.tsx';
import { ImportDialog } from '../sharing/ImportDialog.tsx';

/** Renders the one open dialog, if any. */
export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  const presets = usePresets((s) => s.presets);
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'addRobot':
      return <RobotDialog />;
    case 'editRobot':
      return <RobotDialog key={dialog.robotId} robotId={dialog.robotId} />;
    case 'removeRobot':
      return <RemoveRobotDialog robotId={dialog.robotId} />;
    case 'newPreset':
      return <PresetDialog robotId={dialog.robotId} />;
    case 'editPreset': {
      const preset = presets.find((p) => p.id === dialog.presetId);
      if (preset === undefined) return null;
      return (
        <PresetDialog
          key={`${preset.id}-${dialog.fireWithChanges === true}`}
          robotId={preset.robotId}
          presetId={preset.id}
          fireWithChanges={dialog.fireWithChanges ?? false}
        />
      );
    }
    case 'removePreset':
      return <RemovePresetDialog presetId={dialog.presetId} />;
    case 'export':
      return <ExportDialog />;
    case 'import':
      return <ImportDialog key={dialog.offer.importId} offer={dialog.offer} />;
    case 'fillFields':
      return (
        <FillFieldsDialog
          key={dialog.presetId}
          presetId={dialog.presetId}
          {...(dialog.override ? { override: dialog.override } : {})}
        />
      );
    case 'confirmFire':
      return (
        <ConfirmFireDialog
          presetId={dialog.presetId}
          {...(dialog.override ? { override: dialog.override } : {})}
        />
      );
    case 'openRun':
      return <OpenRunDialog key={dialog.presetId} presetId={dialog.presetId} fields={dialog.fields} />;
    case 'linkProblem':
      return <LinkProblemDialog message={dialog.message} />;
    case 'batch':
      return <BatchDialog key={dialog.presetId} presetId={dialog.presetId} />;
  }
}
