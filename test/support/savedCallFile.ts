/** A saved call file as Robot Tray writes one, with `createdAt` as given. */
export function savedCallWithTime(createdAt: number): string {
  return JSON.stringify({
    format: 'robot-tray-call',
    version: 1,
    savedAt: Date.UTC(2026, 0, 1),
    call: {
      id: 'c1',
      robotName: 'Invoice sync',
      presetName: null,
      method: 'POST',
      args: {},
      state: 'done',
      webhookCallId: 'wh-1',
      url: 'https://robots.example.com/main/public/webhook/request',
      createdAt,
      timeline: [],
    },
  });
}
