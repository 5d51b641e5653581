/** Where a store's first load stands; views show a spinner, the data, or the reason. */
export type LoadState = { status: 'idle' | 'loading' | 'ready' } | { status: 'error'; message: string };
