import { visibleText } from '../../../../shared/visibleText.ts';
import type { CallDetail } from '../../../../shared/models/call.ts';
import { DetailDisclosure } from './DetailDisclosure.tsx';
import { requestAsSent } from './model/requestAsSent.ts';

/** The trigger as it went out, one click away; the token is dots (the window never has it). */
export function RequestSection({ detail, open }: { detail: CallDetail; open: boolean }) {
  const request = requestAsSent(detail);
  return (
    <DetailDisclosure
      title="Request"
      open={open}
      gist={
        <>
          <span className="call-method">{request.method}</span> {visibleText(request.url)}
        </>
      }
    >
      <section className="detail-section" aria-label="Request as sent">
        <p className="request-line">
          <span className="call-method">{request.method}</span>{' '}
          <code data-testid="request-url">{visibleText(request.url)}</code>
        </p>
        <dl className="request-headers">
          {request.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>
                <code>{visibleText(value)}</code>
              </dd>
            </div>
          ))}
        </dl>
        {request.body !== null && (
          <pre className="request-body">{visibleText(request.body, { keepNewlines: true })}</pre>
        )}
      </section>
    </DetailDisclosure>
  );
}
