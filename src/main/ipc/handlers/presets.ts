import type { presetMethods } from '../../../shared/ipc/contract/presets.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

export function presetHandlers({ core }: HandlerContext): HandlersOf<typeof presetMethods> {
  return {
    listPresets: ({ robotId }) => core.listPresets(robotId),
    createPreset: (input) => core.createPreset(input),
    updatePreset: ({ id, patch }) => core.updatePreset(id, patch),
    deletePreset: async ({ id }) => {
      await core.deletePreset(id);
      return null;
    },
    duplicatePreset: ({ id }) => core.duplicatePreset(id),
    lastFieldValues: ({ id }) => core.lastFieldValues(id),
    reorderPresets: ({ robotId, ids }) => core.reorderPresets(robotId, ids),
  };
}
