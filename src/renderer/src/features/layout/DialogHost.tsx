import { useUi } from '../../stores/ui.ts';

/** Renders the one open dialog, if any. */
export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  if (dialog === null) return null;
  switch (dialog.kind) {
    default:
      return null;
  }
}
