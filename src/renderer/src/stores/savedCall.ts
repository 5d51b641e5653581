import { create } from 'zustand';
import type { SavedCallView } from '../../../shared/ipc/contract/savedCalls.ts';
import { call, messageOf } from '../bridge/call.ts';
import { openCall, showNotice, type NoticePlace } from './callsView.ts';

type SavedCallState = {
  /** The saved call shown read only in the detail's place, or null. */
  view: SavedCallView | null;
};

export const useSavedCall = create<SavedCallState>(() => ({ view: null }));

function show(view: SavedCallView): void {
  // A saved call takes the detail's place; the local call it replaces closes.
  openCall(null);
  useSavedCall.setState({ view });
  showNotice(`Opened ${view.fileName}, read only.`);
}

/** "Open saved call…": main shows the open dialog and reads the file chosen. */
export async function openSavedCallFile(): Promise<void> {
  try {
    const view = await call('openSavedCall');
    if (view !== null) show(view);
  } catch (error) {
    showNotice(messageOf(error), { error: true });
  }
}

/**
 * A file dropped onto the window: the window never reads it nor names it;
 * main opens the one the preload saw dropped.
 */
export async function openDroppedCallFile(fileCount: number): Promise<void> {
  if (fileCount !== 1) {
    showNotice('Drop one call file at a time.', { error: true });
    return;
  }
  try {
    show(await call('openDroppedCall'));
  } catch (error) {
    showNotice(messageOf(error), { error: true });
  }
}

export function closeSavedCall(): void {
  useSavedCall.setState({ view: null });
}

/** "Save call…": main asks where, and writes the call with its whole response. */
export async function saveCallToFile(id: string, place: NoticePlace): Promise<void> {
  try {
    const saved = await call('saveCall', { id });
    if (saved !== null) showNotice(`Saved the call to ${saved.fileName}.`, { place });
  } catch (error) {
    showNotice(messageOf(error), { error: true, place });
  }
}
