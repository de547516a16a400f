import { Clock, LayoutGrid, type LucideIcon } from 'lucide-react';
import { type ComponentType, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import type { EditorDialogProps } from './editor-dialog.tsx';

// Only a ward manager edits these, and seldom: their code arrives on the first click.
const LayoutEditorDialog = lazyWithRetry(() =>
  import('./layout-editor.tsx').then((m) => ({ default: m.LayoutEditorDialog })),
);
const SettingsEditorDialog = lazyWithRetry(() =>
  import('./settings-editor.tsx').then((m) => ({ default: m.SettingsEditorDialog })),
);

function EditorButton({
  label,
  Icon,
  Editor,
}: {
  label: string;
  Icon: LucideIcon;
  Editor: ComponentType<EditorDialogProps>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <Editor isOpen={isOpen} setIsOpen={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}

/** The ward manager's buttons on the board (ward:layout): the layout and the shift times. */
export function WardEditButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <EditorButton label="Edit layout" Icon={LayoutGrid} Editor={LayoutEditorDialog} />
      <EditorButton label="Shift times" Icon={Clock} Editor={SettingsEditorDialog} />
    </div>
  );
}
