import type { HttpMethod } from '../../../../shared/models/preset.ts';
import { Field } from '../../ui/Field.tsx';

type Flags = { pinnedToTray: boolean; notifyOnFinish: boolean };
type Props = {
  fireWithChanges: boolean;
  name: string;
  onName: (name: string) => void;
  nameError: string | undefined;
  method: HttpMethod;
  onMethod: (method: HttpMethod) => void;
  flags: Flags;
  onFlags: (flags: Flags) => void;
};

/** A preset's name, method and tray/notification choices. */
export function PresetOptions(props: Props) {
  const { fireWithChanges, method, flags } = props;
  return (
    <div className="preset-options">
      {!fireWithChanges && (
        <Field label="Name" id="preset-name" error={props.nameError}>
          <input
            type="text"
            value={props.name}
            onChange={(e) => props.onName(e.target.value)}
            autoComplete="off"
          />
        </Field>
      )}
      <fieldset className="method-choice">
        <legend className="field-label">Method</legend>
        {(['POST', 'GET'] as const).map((m) => (
          <label key={m} className="check">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => props.onMethod(m)}
            />
            <span>
              {m}
              <span className="field-hint">
                {m === 'POST'
                  ? ' — arguments as a JSON body (any JSON)'
                  : ' — arguments in the address (simple values only)'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {!fireWithChanges && (
        <div className="row">
          <label className="check">
            <input
              type="checkbox"
              checked={flags.pinnedToTray}
              onChange={(e) => props.onFlags({ ...flags, pinnedToTray: e.target.checked })}
            />
            <span>Pin to the tray menu</span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={flags.notifyOnFinish}
              onChange={(e) => props.onFlags({ ...flags, notifyOnFinish: e.target.checked })}
            />
            <span>Notify me when it finishes</span>
          </label>
        </div>
      )}
    </div>
  );
}
