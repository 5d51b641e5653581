import type { Settings } from '../shared/models/settings.ts';
import { BatchOps } from './batch/batchOps.ts';
import { BatchStore } from './batch/batchStore.ts';
import { CallOps } from './callOps.ts';
import { CallReading } from './callReading.ts';
import { CatalogOps } from './catalogOps.ts';
import { CoreAnnouncer } from './coreEvents.ts';
import type { CoreParts } from './coreParts.ts';
import { CrossProcess } from './crossProcess.ts';
import { PresetMemory } from './presetMemory.ts';
import { SettingsOps } from './settingsOps.ts';
import { TokenOps } from './tokenOps.ts';
import { CallTracker } from './tracker/callTracker.ts';
import type { TeamCatalog } from './team/teamCatalog.ts';
import { openTeamCatalog, TeamOps } from './team/teamOps.ts';

/** The operations a core offers, each over the parts (coreParts.ts) and the other operations it needs. */
export type CoreOps = {
  announcer: CoreAnnouncer;
  team: TeamCatalog;
  teamOps: TeamOps;
  settings: SettingsOps;
  catalog: CatalogOps;
  tokens: TokenOps;
  tracker: CallTracker;
  reading: CallReading;
  calls: CallOps;
  batches: BatchOps;
  cross: CrossProcess;
};

/**
 * Who depends on whom inside a core: the team catalog and the settings
 * first (robots and calls read both), robots and presets and their tokens,
 * the call tracker and what fires and reads calls over it, batches over
 * those calls, and what other processes change (CrossProcess) reaching each.
 * Every change any of them makes is announced through one CoreAnnouncer.
 */
export function wireCore(parts: CoreParts): CoreOps {
  const announcer = new CoreAnnouncer();
  const { catalog, files, tokens } = parts;
  const team: TeamCatalog = openTeamCatalog({
    ...parts,
    onChange: () => announcer.emit({ type: 'team', team: team.state() }),
  });
  catalog.setTeam(team);
  const settings = new SettingsOps({ ...parts, team, announcer });
  const current = () => settings.current;
  const teamOps = new TeamOps(team, parts.vault, (file) => settings.update({ teamCatalogFile: file }));
  const catalogOps = new CatalogOps({
    catalog,
    files,
    tokens,
    announcer,
    now: () => parts.clock.now(),
    newId: parts.newId,
  });
  const tokenOps = new TokenOps({ catalog, files, tokens, team, change: (work) => catalogOps.change(work) });
  const tracker = openTracker(parts, current);
  const reading = new CallReading({ catalog, history: parts.history, tracker });
  const calls = new CallOps({
    reading,
    catalog,
    history: parts.history,
    tracker,
    announcer,
    memory: new PresetMemory(files),
  });
  tracker.subscribe((changed) => announcer.calls(changed));
  const batches = openBatches(parts, calls, reading, tracker, announcer, current);
  const cross = new CrossProcess({
    ...parts,
    tracker,
    announcer,
    otherProcessChanged: async (kinds) => {
      if (kinds.has('settings')) await settings.reloadFromDisk();
      if (kinds.has('robots') || kinds.has('presets')) await catalogOps.announceIfChangedOnDisk();
      if (kinds.has('warnings')) announcer.emit({ type: 'warnings', warnings: parts.warnings.list() });
      // A team robot's token has no record to change: the keychain is asked again, and the team announced.
      if (kinds.has('tokens') && team.robots().length > 0) await team.refreshTokens();
    },
    pollTeam: () => team.poll(),
  });
  parts.warnings.subscribe(() => announcer.emit({ type: 'warnings', warnings: parts.warnings.list() }));
  return {
    announcer,
    team,
    teamOps,
    settings,
    catalog: catalogOps,
    tokens: tokenOps,
    tracker,
    reading,
    calls,
    batches,
    cross,
  };
}

/**
 * The call tracker over a core's parts: each robot as the database has it now
 * (another process's edits are seen within 250 ms, since every poll asks),
 * its token for the origin it was set for, the prints of the secrets each
 * call carried (to mask an echo of any), and the settings in force.
 */
function openTracker(parts: CoreParts, settings: () => Settings): CallTracker {
  const { catalog, tokens } = parts;
  return new CallTracker({
    history: parts.history,
    client: parts.client,
    robotById: (id) => catalog.robot(id, { maxAgeMs: 250 }),
    tokenFor: (robot, origin) => tokens.tokenFor(robot, origin),
    echo: parts.echo,
    settings,
    clock: parts.clock,
    random: parts.random,
    learnRunTimes: parts.learnRunTimes,
    newId: parts.newId,
    warn: (message) => parts.warnings.add(parts.conn.fileName, message),
  });
}

/**
 * Batches over the core's calls: fired with the id their row was marked with,
 * followed on the calls' events; a batch the app runs announces its progress
 * as a `batch` event.
 */
function openBatches(
  parts: CoreParts,
  calls: CallOps,
  reading: CallReading,
  tracker: CallTracker,
  announcer: CoreAnnouncer,
  settings: () => Settings,
): BatchOps {
  return new BatchOps({
    store: new BatchStore(parts.conn),
    catalog: parts.catalog,
    fire: (robotId, request, callId) => calls.fire(robotId, request, { callId }),
    findCall: (id) => reading.find(id),
    watch: (id) => calls.watch(id),
    subscribe: (listener) =>
      announcer.subscribe((event) => {
        if (event.type === 'calls') listener(event.calls);
      }),
    newId: parts.newId,
    now: () => parts.clock.now(),
    perSecond: () => settings().queriesPerSecondPerOrigin,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    usualMs: (robotId, presetId) => tracker.usualFor({ robotId, presetId })?.highMs,
    announce: (progress) => announcer.emit({ type: 'batch', progress }),
  });
}
