import { describe, expect, test } from 'vitest';
import { EchoMask } from '../../src/core/echo/echoMask.ts';
import { exactResponseText } from '../../src/core/http/answerText.ts';
import { mayHaveReorderedKeys, memberValueText } from '../../src/core/http/memberText.ts';

/**
 * A robot's response keeps the key order the robot sent: JavaScript objects
 * list integer-like keys ("0") first, so where that would reorder a
 * response, the core keeps the response's text as the service wrote it, and
 * the window's viewer (which reads raw text) shows that.
 */
describe('the response text as the robot wrote it', () => {
  test('integer-like keys beside others keep their place', () => {
    const answer = '{"status":"DONE","response":{"a.b":1,"0":"zero","z":{"10":[1,{"9":2,"x":3}],"2":"two"}}}';
    expect(JSON.stringify(JSON.parse(answer).response)).toBe(
      '{"0":"zero","a.b":1,"z":{"2":"two","10":[1,{"9":2,"x":3}]}}',
    );
    expect(exactResponseText(answer)).toBe('{"a.b":1,"0":"zero","z":{"10":[1,{"9":2,"x":3}],"2":"two"}}');
  });

  test('spacing, escapes and the token redacted are kept as in the text', () => {
    const token = 'tok-member-4411-abcd';
    const answer = `{ "status" : "DONE" , "response" : { "b\\"]" : "${token}",\n  "7" : [ ] } , "tail": {"0":1} }`;
    expect(exactResponseText(EchoMask.ofSecrets([token]).mask(answer, 'json'))).toBe(
      '{ "b\\"]" : "[redacted]",\n  "7" : [ ] }',
    );
  });

  test('nothing extra is kept when objects would keep the order anyway', () => {
    expect(exactResponseText('{"status":"DONE","response":{"a":1,"b":{"c":[0,1]}}}')).toBeUndefined();
    expect(exactResponseText('{"status":"DONE","response":{"01":1,"a":2}}')).toBeUndefined();
    expect(exactResponseText('{"status":"DONE","response":{"5":1}}')).toBeUndefined();
    expect(exactResponseText('{"status":"DONE","other":{"a":1,"0":2}}')).toBeUndefined();
    expect(mayHaveReorderedKeys([{ a: 1 }, 'x'])).toBe(false);
    expect(mayHaveReorderedKeys([{ a: 1, 4294967294: 1 }])).toBe(true);
    expect(mayHaveReorderedKeys({ a: 1, 4294967295: 1 })).toBe(false);
  });

  test('the member is found past strings holding braces, quotes and its own name, and the last one wins', () => {
    const text = '{"x":"{\\"response\\":1}","response":[1,"]",{"response":2}],"y":null,"response":"last"}';
    expect(memberValueText(text, 'response')).toBe('"last"');
    expect(memberValueText(text, 'x')).toBe('"{\\"response\\":1}"');
    expect(memberValueText('{"n": -1.5e3 }', 'n')).toBe('-1.5e3');
    expect(memberValueText('[1]', 'response')).toBeUndefined();
    expect(memberValueText('{}', 'response')).toBeUndefined();
  });
});
