import { z } from 'zod';
import { MAX_LINK_BYTES } from './limits.ts';
import { BatchProgress } from './models/batch.ts';
import { CallState } from './models/call.ts';
import { CallSummary } from './models/callSummary.ts';
import { Preset } from './models/preset.ts';
import { RobotView } from './models/robotView.ts';
import { Settings } from './models/settings.ts';
import { TeamCatalogState } from './models/teamCatalog.ts';
import { Warning } from './models/warning.ts';

/**
 * What main pushes to the window on its one event channel, as core events and
 * shell events. Each carries enough to update a store without asking again,
 * except a call's arguments and response, which the window fetches on demand.
 */

/** One call that changed, and the state it was in when subscribers last heard of it (null: new). */
export const CallChange = z.object({ call: CallSummary, from: CallState.nullable() });
export type CallChange = z.infer<typeof CallChange>;

/** The built-in demo: whether its sandbox runs and which robots are its own. */
export const DemoStatus = z.object({
  running: z.boolean(),
  robotIds: z.array(z.string()),
});
export type DemoStatus = z.infer<typeof DemoStatus>;

/**
 * Where main asks the window to go: a call (a tray or notification click),
 * the form of a pinned preset with fill-in fields (the tray never fires those
 * blind), a run a robot-tray:// link asked for, already read and matched to a
 * robot and preset by main (the window never reads the link), or why a link
 * cannot be opened. A run is only shown: firing it takes the person's click.
 */
export const Navigation = z.discriminatedUnion('view', [
  z.object({ view: z.literal('call'), callId: z.string().min(1) }),
  z.object({ view: z.literal('fillPreset'), presetId: z.string().min(1) }),
  z.object({
    view: z.literal('run'),
    robotId: z.string().min(1),
    presetId: z.string().min(1).nullable(),
    /** The link's field values, as text, by field name. */
    fields: z.record(z.string().min(1).max(100), z.string().max(MAX_LINK_BYTES)),
  }),
  z.object({ view: z.literal('linkProblem'), message: z.string().min(1).max(2_000) }),
]);
export type Navigation = z.infer<typeof Navigation>;

export const AppEvent = z.discriminatedUnion('type', [
  /** Calls changed state or progressed (coalesced per tick). */
  z.object({ type: z.literal('calls.changed'), changes: z.array(CallChange) }),
  /**
   * Calls left the history: by id (forgotten), or every finished call
   * (of one robot, or of all when robotId is null) after "Clear finished".
   */
  z.object({
    type: z.literal('calls.removed'),
    ids: z.array(z.string()),
    finishedOf: z.object({ robotId: z.string().nullable() }).nullable(),
  }),
  /** Robots (with token status) and presets, after any change to either. */
  z.object({ type: z.literal('catalog'), robots: z.array(RobotView), presets: z.array(Preset) }),
  z.object({ type: z.literal('settings'), settings: Settings }),
  /** The team catalog was read again (changed, broken, fixed, or another file followed). */
  z.object({ type: z.literal('team'), team: TeamCatalogState }),
  z.object({ type: z.literal('warnings'), warnings: z.array(Warning) }),
  /** A batch the app runs: counts, rate and time left, at most every 250 ms, and once when it stops running. */
  z.object({ type: z.literal('batch'), progress: BatchProgress }),
  z.object({ type: z.literal('demo'), demo: DemoStatus }),
  z.object({ type: z.literal('navigate'), to: Navigation }),
]);
export type AppEvent = z.infer<typeof AppEvent>;
export type AppEventType = AppEvent['type'];
