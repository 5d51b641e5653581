import { useState, type RefObject } from 'react';
import { Field } from '../../ui/Field.tsx';

type Props = { inputRef: RefObject<HTMLInputElement | null>; error: string | null };

/**
 * The add-robot form's optional token. Uncontrolled: the token is read from
 * the field once, when the robot is saved, and the field emptied then.
 */
export function NewRobotToken({ inputRef, error }: Props) {
  const [show, setShow] = useState(false);
  return (
    <>
      <Field
        label="Token (optional)"
        id="robot-token"
        error={error ?? undefined}
        hint="The robot's webhook token from the Designer. It goes to the system keychain, never to a file. You can also set it later."
      >
        <input
          ref={inputRef}
          type={show ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder="Paste the webhook token"
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <span>Show the token while typing</span>
      </label>
    </>
  );
}
