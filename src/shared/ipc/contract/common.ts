import { z } from 'zod';

/** An id of a robot, preset or call, as the window names it. */
export const Id = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const ById = z.object({ id: Id }).strict();
export const ByRobot = z.object({ robotId: Id }).strict();
export const NoRequest = z.object({}).strict();
/** Methods that answer nothing send null, which survives structured clone (undefined may not). */
export const Nothing = z.null();
