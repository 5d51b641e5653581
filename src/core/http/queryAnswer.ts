import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';
import type { RawResponse } from './answerRead.ts';
import { exactAnswerText, exactResponseText } from './answerText.ts';

export type QueryResult = {
  status: string;
  response: JsonValue | undefined;
  hasResponse: boolean;
  body: JsonObject;
  /** The answer nested deeper than MAX_JSON_DEPTH: only its top-level text, numbers and flags were kept. */
  tooDeep?: boolean;
  /** The response's exact text, when it holds numbers JSON.parse would change (see Call.responseText). */
  responseText?: string;
  /** For a status other than DONE or WAITING: the whole answer's exact text, on the same terms. */
  bodyText?: string;
};

/**
 * What a status answer says (spec 4.3), from its text and parsed body (both
 * already masked of the call's secrets): the status, the response, and the
 * exact text beside them when reading it into JavaScript would change it.
 */
export function queryResultOf(raw: RawResponse, json: JsonObject, tooDeep: boolean): QueryResult {
  const status = json['status'];
  if (typeof status !== 'string') {
    throw new AppError(
      'protocol',
      'The status answer has no "status" text field. The service may have changed.',
    );
  }
  const result: QueryResult = {
    status,
    response: json['response'],
    hasResponse: Object.hasOwn(json, 'response'),
    body: json,
  };
  if (tooDeep) return { ...result, tooDeep };
  if (status !== 'DONE' && status !== 'WAITING') {
    // The whole body is kept for an undocumented status: its exact text with it.
    const bodyText = exactAnswerText(raw.text);
    return bodyText === undefined ? result : { ...result, bodyText };
  }
  const responseText = result.hasResponse ? exactResponseText(raw.text) : undefined;
  return responseText === undefined ? result : { ...result, responseText };
}
