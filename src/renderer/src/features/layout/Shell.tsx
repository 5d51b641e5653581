import { useRobots } from '../../stores/robots.ts';
import { useUi } from '../../stores/ui.ts';
import { CallsPane } from '../calls/CallsPane.tsx';
import { FirstRun } from '../firstRun/FirstRun.tsx';
import { RobotPane } from '../robots/RobotPane.tsx';
import { RobotSidebar } from '../robots/RobotSidebar.tsx';
import { SettingsView } from '../settings/SettingsView.tsx';
import { DialogHost } from './DialogHost.tsx';
import { TopBar } from './TopBar.tsx';

/** The window: a top bar, robots on the left, the selected robot and the calls beside them. */
export function Shell() {
  const view = useUi((s) => s.view);
  const load = useRobots((s) => s.load);
  const empty = useRobots((s) => s.robots.length === 0);
  let content;
  if (view === 'settings') content = <SettingsView />;
  else if (load.status === 'ready' && empty) content = <FirstRun />;
  else
    content = (
      <div className="workspace">
        <div className="robot-area">
          <RobotPane />
        </div>
        <div className="calls-area">
          <CallsPane />
        </div>
      </div>
    );
  return (
    <div className="shell">
      <TopBar />
      <RobotSidebar />
      <main aria-label={view === 'settings' ? 'Settings' : 'Robot'} className="main">
        {content}
      </main>
      <DialogHost />
    </div>
  );
}
