import { create } from 'zustand';

/**
 * What the batch dialog keeps while the window is open, and nowhere else
 * (never on disk): the batch each preset's dialog showed last, so that
 * opening a row's call and coming back finds the results again, and the
 * columns picked for each batch's results.
 */
type BatchesState = {
  shownOf: Readonly<Record<string, string>>;
  picksOf: Readonly<Record<string, readonly string[]>>;
};

export const NO_PICKS: readonly string[] = [];

export const useBatches = create<BatchesState>(() => ({ shownOf: {}, picksOf: {} }));

/** The batch a preset's dialog shows now (null: none, the dialog asks for rows). */
export function rememberShown(presetId: string, batchId: string | null): void {
  useBatches.setState((s) => {
    const { [presetId]: _was, ...rest } = s.shownOf;
    return { shownOf: batchId === null ? rest : { ...rest, [presetId]: batchId } };
  });
}

export function setPicks(batchId: string, picks: readonly string[]): void {
  useBatches.setState((s) => ({ picksOf: { ...s.picksOf, [batchId]: picks } }));
}

export const picksOf = (batchId: string): readonly string[] =>
  useBatches.getState().picksOf[batchId] ?? NO_PICKS;
