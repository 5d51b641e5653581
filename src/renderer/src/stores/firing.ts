import { create } from 'zustand';
import type { JsonObject } from '../../../shared/models/json.ts';
import type { HttpMethod } from '../../../shared/models/preset.ts';
import type { RobotView } from '../../../shared/models/robotView.ts';
import { type FieldValues, presetNeedsFields } from '../../../shared/models/presetFields.ts';
import { isActive } from '../../../shared/models/call.ts';
import { callOutcome } from '../../../shared/sentences/callOutcome.ts';
import { messageOf } from '../bridge/call.ts';
import { fire } from './calls.ts';
import { firablePreset, firableRobot } from './firable.ts';
import { openDialog, selectCall } from './ui.ts';

/** Arguments and method to fire instead of the preset's saved ones ("Fire with changes"). */
export type FireOverride = { method: HttpMethod; args: JsonObject };

/** What became of the last fire of a preset, shown where the click happened. */
export type FireOutcome =
  | { status: 'firing' }
  | { status: 'accepted'; callId: string; webhookCallId: string | null; changed: boolean }
  /** `robot`: the robot as it stood when refused (robotStanding); a change to it may have fixed the cause. */
  | { status: 'refused'; callId: string | null; message: string; robot: string };

/**
 * What of a robot a refusal may hang on: its address and its token (set,
 * replaced, moved to the new address). A refusal said before any of these
 * changed no longer holds after: the card stops showing it.
 */
export function robotStanding(robot: RobotView | undefined): string {
  if (robot === undefined) return '';
  return JSON.stringify([robot.baseUrl, robot.hasToken, robot.tokenUpdatedAt, robot.tokenSuspended]);
}

export const useFiring = create<{ outcomes: Record<string, FireOutcome> }>(() => ({ outcomes: {} }));

function setOutcome(presetId: string, outcome: FireOutcome): void {
  useFiring.setState((s) => ({ outcomes: { ...s.outcomes, [presetId]: outcome } }));
}

/**
 * Fire now, without asking: the new call shows at once and its outcome
 * beside the preset. `fields` are the preset's fill-in values, as typed in
 * its form; main checks them and fills the arguments, the window does not.
 */
export async function fireNow(
  presetId: string,
  override?: FireOverride,
  fields?: FieldValues,
): Promise<void> {
  const preset = firablePreset(presetId);
  if (preset === undefined) return;
  const robot = robotStanding(firableRobot(preset.robotId));
  setOutcome(presetId, { status: 'firing' });
  try {
    // Edited arguments are the whole set: one removed in the dialog is not sent.
    const call = await fire({
      robotId: preset.robotId,
      presetId,
      ...(override ? { ...override, replaceArgs: true } : {}),
      ...(fields === undefined ? {} : { fields }),
    });
    selectCall(call.id);
    const accepted = isActive(call.state) || call.state === 'done' || call.webhookCallId !== null;
    setOutcome(
      presetId,
      accepted
        ? {
            status: 'accepted',
            callId: call.id,
            webhookCallId: call.webhookCallId,
            changed: override !== undefined,
          }
        : { status: 'refused', callId: call.id, message: callOutcome(call), robot },
    );
  } catch (error) {
    setOutcome(presetId, { status: 'refused', callId: null, message: messageOf(error), robot });
  }
}

/**
 * One click on a preset: a preset with fill-in fields asks for them first
 * (that form is also the confirmation a "confirm before firing" robot
 * wants); other robots marked "confirm before firing" ask first.
 */
export function requestFire(presetId: string, override?: FireOverride): void {
  const preset = firablePreset(presetId);
  const robot = firableRobot(preset?.robotId);
  if (preset === undefined || robot === undefined) return;
  if (presetNeedsFields(preset)) {
    openDialog({ kind: 'fillFields', presetId, ...(override ? { override } : {}) });
    return;
  }
  if (robot.confirmBeforeFiring) {
    openDialog({ kind: 'confirmFire', presetId, ...(override ? { override } : {}) });
    return;
  }
  void fireNow(presetId, override);
}

export function clearOutcome(presetId: string): void {
  useFiring.setState((s) => {
    const { [presetId]: _gone, ...rest } = s.outcomes;
    return { outcomes: rest };
  });
}
