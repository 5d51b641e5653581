/// <reference types="vite/client" />
import type { RobotTrayApi } from '../../shared/ipc/api.ts';

declare global {
  interface Window {
    robotTray: RobotTrayApi;
  }
}
