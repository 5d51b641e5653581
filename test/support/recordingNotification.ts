/**
 * Electron's Notification, mocked: each one shown is recorded as
 * "title: body" in `shown`, as the main process's tests read it. For a
 * vi.mock('electron') factory (imported inside it: the factory is hoisted).
 */
export function recordingNotification(shown: string[]) {
  return class {
    static isSupported = () => true;
    readonly #text: string;
    constructor(options: { title: string; body: string }) {
      this.#text = `${options.title}: ${options.body}`;
    }
    on() {}
    show() {
      shown.push(this.#text);
    }
  };
}
