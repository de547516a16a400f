import { Clock, LayoutGrid } from 'lucide-react';
import { LazyDialogButton } from '@/components/dialog/lazy-dialog-button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// Only a ward manager edits these, and seldom: their code arrives on the first click.
const LayoutEditorDialog = lazyWithRetry(() =>
  import('./layout-editor.tsx').then((m) => ({ default: m.LayoutEditorDialog })),
);
const SettingsEditorDialog = lazyWithRetry(() =>
  import('./settings-editor.tsx').then((m) => ({ default: m.SettingsEditorDialog })),
);

/** The ward manager's buttons on the board (ward:layout): the layout and the shift times. */
export function WardEditButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <LazyDialogButton Dialog={LayoutEditorDialog} variant="outline" size="sm">
        <LayoutGrid aria-hidden="true" />
        Edit layout
      </LazyDialogButton>
      <LazyDialogButton Dialog={SettingsEditorDialog} variant="outline" size="sm">
        <Clock aria-hidden="true" />
        Shift times
      </LazyDialogButton>
    </div>
  );
}
