const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * The sizes the history settings accept, in bytes: the settings schema holds
 * them, and the CLI checks an option against them without loading a schema.
 */
export const HISTORY_MAX_BYTES = { min: 10 * MiB, max: 1024 * GiB } as const;
export const QUERY_RESPONSE_CAP_BYTES = { min: 1024, max: 1024 * MiB } as const;
