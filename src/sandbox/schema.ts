import { z } from 'zod';

/**
 * The shape of a sandbox config (the JSON file and the `config` option) and
 * of everything the admin API accepts. Strict objects everywhere: a typo in
 * a config file should fail loudly, not be ignored.
 */

const Ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 3_600_000);
/** Probability in [0, 1]; 1 means every request, 0 never. */
const Rate = z.number().min(0).max(1);
/** Tokens travel in a header, so only visible ASCII without spaces. */
const Token = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII without spaces');

const WaitStep = z.strictObject({ type: z.literal('wait'), ms: Ms });
const WaitRandomStep = z
  .strictObject({ type: z.literal('waitRandom'), minMs: Ms, maxMs: Ms })
  .refine((step) => step.maxMs >= step.minMs, { message: 'must be >= minMs', path: ['maxMs'] });
/**
 * A wait drawn from a log-normal distribution around `medianMs` (`sigma` in
 * log time), capped at `maxMs`: run times as real robots have them, for
 * measuring how soon a poller notices a run ended. Seeded like every random wait.
 */
const WaitLogNormalStep = z.strictObject({
  type: z.literal('waitLogNormal'),
  medianMs: Ms.min(1),
  sigma: z.number().min(0).max(3),
  maxMs: Ms,
});
/** The "Respond to webhook" action: echo the arguments, pick some, add constants (applied in that order). */
const RespondStep = z.strictObject({
  type: z.literal('respond'),
  echo: z.boolean().optional(),
  pick: z.array(z.string()).optional(),
  constants: z.record(z.string(), z.json()).optional(),
  /** Also report, under this name, how long the flow's waits took (ms), so a client can tell when the run ended. */
  waitedKey: z.string().min(1).max(100).optional(),
});
/** Respond with a generated object whose JSON is about `bytes` long (large-result testing). */
const RespondGeneratedStep = z.strictObject({
  type: z.literal('respondGenerated'),
  bytes: z
    .number()
    .int()
    .min(2)
    .max(256 * 1024 * 1024),
});
/** End the run here without a Respond action. */
const FinishStep = z.strictObject({ type: z.literal('finish') });
const FailStep = z.strictObject({ type: z.literal('fail'), message: z.string().optional() });

export const FlowStepSchema = z.discriminatedUnion('type', [
  WaitStep,
  WaitRandomStep,
  WaitLogNormalStep,
  RespondStep,
  RespondGeneratedStep,
  FinishStep,
  FailStep,
]);
export type FlowStep = z.output<typeof FlowStepSchema>;

const LatencySchema = z
  .strictObject({ ms: Ms.optional(), minMs: Ms.optional(), maxMs: Ms.optional() })
  .refine((l) => (l.ms !== undefined) !== (l.minMs !== undefined && l.maxMs !== undefined), {
    message: 'give either ms, or minMs and maxMs',
  })
  .refine((l) => l.minMs === undefined || l.maxMs === undefined || l.maxMs >= l.minMs, {
    message: 'must be >= minMs',
    path: ['maxMs'],
  });

export const EndpointFaultsSchema = z.strictObject({
  latency: LatencySchema.optional(),
  tooManyRequests: z
    .strictObject({
      rate: Rate,
      retryAfterSeconds: z.number().int().min(0).max(86_400),
      retryAfterFormat: z.enum(['seconds', 'http-date']).default('seconds'),
    })
    .optional(),
  serverError: z
    .strictObject({ rate: Rate, status: z.union([z.literal(500), z.literal(502), z.literal(503)]) })
    .optional(),
  /**
   * `before`: the socket is destroyed before anything happens (no call is
   * created). `after`: the request is processed (a trigger starts the
   * robot), then half the response is written and the socket destroyed.
   */
  drop: z.strictObject({ rate: Rate, stage: z.enum(['before', 'after']).default('before') }).optional(),
  slowBody: z
    .strictObject({
      chunkBytes: z
        .number()
        .int()
        .min(1)
        .max(16 * 1024 * 1024),
      intervalMs: Ms,
    })
    .optional(),
});
export type EndpointFaults = z.output<typeof EndpointFaultsSchema>;

/** Faults for the trigger and the query endpoints, set separately. */
export const FaultConfigSchema = z.strictObject({
  trigger: EndpointFaultsSchema.optional(),
  query: EndpointFaultsSchema.optional(),
});
export type FaultConfig = z.input<typeof FaultConfigSchema>;
export type ParsedFaultConfig = z.output<typeof FaultConfigSchema>;

/**
 * The spec does not say what the query shows after a run that ends without
 * a Respond action ("WAITING for as long as the robot runs", then nothing).
 * Default `waiting`: keep answering WAITING until retention ends.
 */
export const AfterNoResponseSchema = z.enum(['waiting', 'done-empty', 'finished-status', 'not-found']);
export type AfterNoResponse = z.output<typeof AfterNoResponseSchema>;
/**
 * Nor after a failed run. Default `failed-status`:
 * `{"status":"FAILED","error":{"message":...}}`, a status outside the two
 * documented ones, which a client must survive anyway.
 */
export const AfterFailureSchema = z.enum(['failed-status', 'waiting', 'http-500', 'not-found']);
export type AfterFailure = z.output<typeof AfterFailureSchema>;

export const RobotDefinitionSchema = z.strictObject({
  name: z.string().min(1).max(200),
  /** Omitted: a random token is generated, as the Designer does. */
  token: Token.optional(),
  flow: z.array(FlowStepSchema).max(1000),
  faults: FaultConfigSchema.optional(),
  afterNoResponse: AfterNoResponseSchema.optional(),
  afterFailure: AfterFailureSchema.optional(),
});
export type RobotDefinition = z.input<typeof RobotDefinitionSchema>;
export type ParsedRobotDefinition = z.output<typeof RobotDefinitionSchema>;

export const SandboxConfigSchema = z
  .strictObject({
    robots: z.array(RobotDefinitionSchema).default([]),
    faults: FaultConfigSchema.optional(),
    afterNoResponse: AfterNoResponseSchema.optional(),
    afterFailure: AfterFailureSchema.optional(),
    /** The spec names no status code for a successful trigger; 200 unless told. */
    triggerStatus: z.union([z.literal(200), z.literal(201), z.literal(202)]).optional(),
    queryRequiresToken: z.boolean().optional(),
    retentionMs: z.number().int().min(0).optional(),
    bodyLimitBytes: z.number().int().min(2).optional(),
    /** As --seed (which wins): reproducible faults and waits, and robot tokens stable across restarts. */
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((config, ctx) => {
    const names = new Set<string>();
    const tokens = new Set<string>();
    config.robots.forEach((robot, index) => {
      if (names.has(robot.name)) {
        ctx.addIssue({ code: 'custom', path: ['robots', index, 'name'], message: 'duplicate robot name' });
      }
      names.add(robot.name);
      if (robot.token !== undefined && tokens.has(robot.token)) {
        ctx.addIssue({ code: 'custom', path: ['robots', index, 'token'], message: 'duplicate token' });
      }
      if (robot.token !== undefined) tokens.add(robot.token);
    });
  });
export type SandboxConfig = z.input<typeof SandboxConfigSchema>;
export type ParsedSandboxConfig = z.output<typeof SandboxConfigSchema>;
