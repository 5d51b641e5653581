import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** What the closed section still says, on the line with its title. */
  gist: ReactNode;
  /** Open from the start: a call with no response has nothing above it to read first. */
  open: boolean;
  children: ReactNode;
};

/**
 * A part of the call detail one click away (the request, the timeline):
 * its title and gist on one line, its whole content when opened, so the
 * response, what a call is opened for, starts without scrolling.
 */
export function DetailDisclosure({ title, gist, open, children }: Props) {
  return (
    <details className="detail-disclosure" open={open}>
      <summary>
        <h3>{title}</h3> <span className="disclosure-gist muted small">{gist}</span>
      </summary>
      {children}
    </details>
  );
}
