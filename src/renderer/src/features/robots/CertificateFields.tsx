import { chooseRobotCaFile, clearRobotCaFile, describeRobotCaFile, useRobots } from '../../stores/robots.ts';
import { CaFileChooser } from '../network/CaFileChooser.tsx';
import { ConnectionCheck } from './ConnectionCheck.tsx';
import type { RobotDraft } from './robotDraft.ts';

type Props = {
  draft: RobotDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<RobotDraft>) => void;
  /** The saved robot, when editing one: only a saved robot can be checked. */
  robotId: string | undefined;
};

/** The host of a typed address, or the words for it while it is no address yet. */
function hostOf(baseUrl: string): string {
  return URL.canParse(baseUrl.trim()) ? new URL(baseUrl.trim()).host : 'its address';
}

/** A robot's own trust: an extra CA file, the accepted certificate, and a connection check. */
export function CertificateFields({ draft, errors, onChange, robotId }: Props) {
  // The saved robot's CA file: chosen and saved through main, not part of the draft.
  const caFile = useRobots((s) => s.robots.find((r) => r.id === robotId)?.caFile ?? null);
  return (
    <fieldset className="stack">
      <legend>Certificates</legend>
      {robotId === undefined ? (
        <p className="field-hint" data-testid="robot-ca-file">
          A CA file for this robot only can be chosen once the robot is saved.
        </p>
      ) : (
        <CaFileChooser
          id="robot-ca-file"
          label="CA file for this robot"
          hint="A PEM file of CA certificates trusted for this robot only, chosen in the file dialog and saved at once."
          current={caFile}
          choose={() => chooseRobotCaFile(robotId)}
          describe={() => describeRobotCaFile(robotId)}
          remove={() => clearRobotCaFile(robotId)}
        />
      )}
      {draft.pinnedCertSha256 !== null && (
        <div className="stack" data-testid="accepted-certificate">
          <p className="small">
            Accepted certificate (SHA-256): <code className="fingerprint">{draft.pinnedCertSha256}</code>
          </p>
          <p className="field-hint">
            Only this certificate is accepted for this robot at {hostOf(draft.baseUrl)}, whoever issued it;
            any other is refused, and at another address it counts for nothing.
          </p>
          {errors['pinnedCertSha256'] !== undefined && (
            <p className="field-error">{errors['pinnedCertSha256']}</p>
          )}
          <div className="row">
            <button type="button" className="btn btn-sm" onClick={() => onChange({ pinnedCertSha256: null })}>
              Forget
            </button>
          </div>
        </div>
      )}
      {robotId !== undefined && (
        <ConnectionCheck
          robotId={robotId}
          pin={draft.pinnedCertSha256}
          onAccept={(fingerprint) => onChange({ pinnedCertSha256: fingerprint })}
        />
      )}
    </fieldset>
  );
}
