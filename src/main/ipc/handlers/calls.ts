import type { callMethods, FireInput } from '../../../shared/ipc/contract/calls.ts';
import { stripUndefined } from '../../../shared/objects.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

/** The fire request as AppCore takes it: everything but the robot id. */
function fireRequest({ robotId: _robotId, ...rest }: FireInput): object {
  return stripUndefined(rest);
}

export function callHandlers({ core }: HandlerContext): HandlersOf<typeof callMethods> {
  const summarizeCall = core.summary;
  return {
    fire: async (input) => summarizeCall(await core.fire(input.robotId, fireRequest(input))),
    curlCommand: async (input) => ({ command: await core.curlCommand(input.robotId, fireRequest(input)) }),
    listCalls: (filter) => core.listCalls(filter).map(summarizeCall),
    getCall: ({ id }) => core.callDetail(id),
    getCallResponseStart: ({ id, chars }) => core.callResponseStart(id, chars),
    diffCalls: ({ before, after, limit }) => core.diffCalls(before, after, limit),
    showingCall: ({ id }) => {
      core.showingCall(id);
      return null;
    },
    stopCall: ({ id }) => summarizeCall(core.stopCall(id)),
    resumeCall: async ({ id }) => summarizeCall(await core.resumeCall(id)),
    checkCall: async ({ id }) => summarizeCall(await core.checkCall(id)),
    refireCall: async ({ id, ...changes }) => summarizeCall(await core.refire(id, stripUndefined(changes))),
    forgetCall: ({ id }) => {
      core.forgetCall(id);
      return null;
    },
    clearFinished: ({ robotId }) => ({ removed: core.clearFinished(robotId) }),
    runStats: (query) => core.runStats(query),
    adoptWaitingCalls: () => core.adoptWaitingCalls().map(summarizeCall),
  };
}
