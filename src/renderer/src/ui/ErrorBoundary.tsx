import { Component, type ReactNode } from 'react';
import { visibleText } from '../../../shared/visibleText.ts';

type Props = {
  /** What this part shows, as the sentence's subject: "The saved call", "The calls list". */
  what: string;
  /** A new value (another call chosen) tries drawing again. */
  resetKey?: unknown;
  children: ReactNode;
};
type State = { error: Error | null; key: unknown };

/**
 * A part of the window that fails to draw (a record it cannot show, a bug)
 * says so in its own place and leaves the rest of the window working: React
 * otherwise unmounts the whole window, which stays blank until a restart.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.key) ? null : { error: null, key: props.resetKey };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div role="alert" className="notice notice-error part-failed">
        <p>
          {this.props.what} could not be shown ({visibleText(error.message)}). The rest of Robot Tray still
          works.
        </p>
        <button type="button" className="btn btn-sm" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
