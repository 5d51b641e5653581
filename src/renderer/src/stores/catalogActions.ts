import type { Preset } from '../../../shared/models/preset.ts';
import type { RobotView } from '../../../shared/models/robotView.ts';
import { call, messageOf } from '../bridge/call.ts';
import { setPresets } from './presets.ts';
import { setRobots, setRobotsLoad } from './robots.ts';
import { teamRobots } from './team.ts';
import { reconcileRobotSelection } from './ui.ts';

/** Robots and presets arrive together in a catalog event; both stores take their part. */
export function applyCatalogEvent(robots: RobotView[], presets: Preset[]): void {
  setRobots(robots);
  setPresets(presets);
  // A team robot selected stays selected (see team.ts).
  reconcileRobotSelection([...robots, ...teamRobots()]);
}

export async function loadCatalog(): Promise<void> {
  setRobotsLoad({ status: 'loading' });
  try {
    const [robots, presets] = await Promise.all([call('listRobots'), call('listPresets', {})]);
    applyCatalogEvent(robots, presets);
  } catch (error) {
    setRobotsLoad({ status: 'error', message: messageOf(error) });
  }
}
