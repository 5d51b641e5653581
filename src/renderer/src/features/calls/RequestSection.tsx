import { visibleText } from '../../../../shared/visibleText.ts';
import type { CallDetail } from '../../../../shared/models/call.ts';
import { requestAsSent } from './model/requestAsSent.ts';

/** The trigger as it went out; the token is dots (the window never has it). */
export function RequestSection({ detail }: { detail: CallDetail }) {
  const request = requestAsSent(detail);
  return (
    <section className="detail-section" aria-label="Request as sent">
      <h3>Request</h3>
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
  );
}
