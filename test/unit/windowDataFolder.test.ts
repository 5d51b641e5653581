import { describe, expect, test } from 'vitest';
import { dataFolderForWindow } from '../../src/main/ipc/windowView.ts';

/** What the window reads of a storage problem: what is wrong and what to do, never the folder's path. */
const DIR = '/home/Jo Smith/.config/Robot Tray';

describe('dataFolderForWindow', () => {
  test.each([
    [
      `Robot Tray could not write ${DIR}/backups/catalog-1.json (EISDIR). Check that the folder ${DIR} exists and is writable, or point ROBOT_TRAY_HOME at another folder.`,
      "Robot Tray could not write backups/catalog-1.json in Robot Tray's data folder (EISDIR). Check that Robot Tray's data folder exists and is writable, or point ROBOT_TRAY_HOME at another folder.",
    ],
    [
      `Robot Tray's data folder ${DIR} is not writable (EACCES). Make it writable (chmod u+w '${DIR}') or point ROBOT_TRAY_HOME at another folder.`,
      "Robot Tray's data folder is not writable (EACCES). Make it writable or point ROBOT_TRAY_HOME at another folder.",
    ],
    [
      `Robot Tray's database ${DIR}/robot-tray.sqlite cannot be written (disk I/O error). Check that its folder is writable.`,
      "Robot Tray's database robot-tray.sqlite in Robot Tray's data folder cannot be written (disk I/O error). Check that its folder is writable.",
    ],
    [
      `It was moved to ${DIR}/robot-tray.sqlite.corrupt-2026-11-27T02-40-00-000Z and a new one was started.`,
      "It was moved to robot-tray.sqlite.corrupt-2026-11-27T02-40-00-000Z in Robot Tray's data folder and a new one was started.",
    ],
    ['A robot named "x" already exists.', 'A robot named "x" already exists.'],
  ])('%s', (message, shown) => {
    expect(dataFolderForWindow(message, `${DIR}/`)).toBe(shown);
  });
});
