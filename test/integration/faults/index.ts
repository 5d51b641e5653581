import { queryCases } from './queryCases.ts';
import { transientCases } from './transientCases.ts';
import { triggerCases } from './triggerCases.ts';

export { faultsMarkdown, type FaultCase, type Handler, type Place } from './caseTypes.ts';
export { send } from './handlers.ts';

/** Every row of the fault matrix, in the order docs/FAULTS.md lists them. */
export const faultCases = [...triggerCases, ...queryCases, ...transientCases];
