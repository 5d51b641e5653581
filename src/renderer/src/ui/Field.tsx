import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

type Props = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** The one input, select or textarea; its id and ARIA links are set here. */
  children: ReactElement<Record<string, unknown>>;
  id?: string;
};

/** A labelled control with its hint and its error, linked for screen readers. */
export function Field({ label, hint, error, children, id }: Props) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint !== undefined ? hintId : null, error !== undefined ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error !== undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
