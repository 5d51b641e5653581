import { useEffect, type DragEvent } from 'react';
import { useCalls } from '../../stores/calls.ts';
import { useCallsView } from '../../stores/callsView.ts';
import { useRobots } from '../../stores/robots.ts';
import { teamRobots, useTeam } from '../../stores/team.ts';
import { closeSavedCall, openDroppedCallFile, useSavedCall } from '../../stores/savedCall.ts';
import { useUi } from '../../stores/ui.ts';
import { CallDetailDrawer } from '../calls/CallDetailDrawer.tsx';
import { CallsPane } from '../calls/CallsPane.tsx';
import { SavedCallDrawer } from '../calls/SavedCallDrawer.tsx';
import { FirstRun } from '../firstRun/FirstRun.tsx';
import { RobotPane } from '../robots/RobotPane.tsx';
import { RobotSidebar } from '../robots/RobotSidebar.tsx';
import { SettingsView } from '../settings/SettingsView.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { DialogHost } from './DialogHost.tsx';
import { TopBar } from './TopBar.tsx';

/** Files dragged over the window may be dropped (a saved call to open); anything else is left alone. */
function acceptFiles(event: DragEvent): void {
  if (event.dataTransfer.types.includes('Files')) event.preventDefault();
}

/**
 * A file dropped onto the window: the window does not read it, nor learn
 * its path; main opens the file the preload saw dropped (docs/SECURITY.md).
 */
function dropFiles(event: DragEvent): void {
  // A drop something inside already took (the arguments editor) is its own.
  if (event.defaultPrevented || !event.dataTransfer.types.includes('Files')) return;
  event.preventDefault();
  void openDroppedCallFile(event.dataTransfer.files.length);
}

/** The window: a top bar, robots on the left, the selected robot (or a call's detail) and the calls beside them. */
export function Shell() {
  const view = useUi((s) => s.view);
  const load = useRobots((s) => s.load);
  // The welcome screen is for a window with no robot at all: a team catalog's count too.
  const noOwnRobots = useRobots((s) => s.robots.length === 0);
  const noTeamRobots = useTeam((s) => teamRobots(s.team).length === 0);
  const empty = noOwnRobots && noTeamRobots;
  const openId = useCallsView((s) => s.openCallId);
  const detailId = useCalls((s) => (openId !== null && s.byId.has(openId) ? openId : null));
  const saved = useSavedCall((s) => s.view);
  // Opening a local call closes a saved one shown in its place.
  useEffect(() => {
    if (openId !== null) closeSavedCall();
  }, [openId]);
  const showSaved = saved !== null && detailId === null;
  let content;
  if (view === 'settings')
    content = (
      <ErrorBoundary what="Settings">
        <SettingsView />
      </ErrorBoundary>
    );
  else if (load.status === 'ready' && empty && !showSaved) content = <FirstRun />;
  else
    content = (
      <div className="workspace">
        {/* The call detail takes the robot's place rather than lying over it: the robot's
            controls are hidden (out of Tab order and reach), the robots list and the calls
            list stay live beside it. */}
        <div className="robot-area" hidden={detailId !== null || showSaved}>
          <ErrorBoundary what="The robot">
            <RobotPane />
          </ErrorBoundary>
        </div>
        {showSaved && (
          <div className="robot-area detail-area">
            <ErrorBoundary what="The saved call" resetKey={saved}>
              <SavedCallDrawer view={saved} />
            </ErrorBoundary>
          </div>
        )}
        {detailId !== null && (
          <div className="robot-area detail-area">
            <ErrorBoundary what="The call" resetKey={detailId}>
              <CallDetailDrawer callId={detailId} />
            </ErrorBoundary>
          </div>
        )}
        <div className="calls-area">
          <ErrorBoundary what="The calls list">
            <CallsPane />
          </ErrorBoundary>
        </div>
      </div>
    );
  return (
    <div className="shell" onDragOver={acceptFiles} onDrop={dropFiles}>
      <TopBar />
      <ErrorBoundary what="The robots list">
        <RobotSidebar />
      </ErrorBoundary>
      <main aria-label={view === 'settings' ? 'Settings' : 'Robot'} className="main">
        {content}
      </main>
      <ErrorBoundary what="The dialog">
        <DialogHost />
      </ErrorBoundary>
    </div>
  );
}
