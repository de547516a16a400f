import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/utils.ts';

/**
 * Spec point 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay.
 *
 * Written here rather than Radix Tooltip: every tooltip Vigil has labels a control of the sidebar, at
 * its side, and Radix's (with Floating UI to place it) was a tenth of every signed-in page's code. It
 * keeps Radix's behaviour: it opens on hover after the delay and at once on keyboard focus, closes on
 * leaving, blur, a press or Escape, is the trigger's description (`aria-describedby`) while open, and
 * is portalled so that no scrolling or clipping parent hides it.
 */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/** When the last tooltip closed: within SKIP_DELAY_MS of it, the next opens without waiting. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type Side = 'top' | 'right' | 'bottom' | 'left';

interface TooltipContextValue {
  contentId: string;
  isOpen: boolean;
  open(delayed: boolean): void;
  close(): void;
  trigger: React.RefObject<HTMLElement | null>;
}

const TooltipContext = createContext<TooltipContextValue | null>(null);

function useTooltip(): TooltipContextValue {
  const context = useContext(TooltipContext);
  if (!context) throw new Error('TooltipTrigger and TooltipContent must be used within a Tooltip');
  return context;
}

export function Tooltip({ children }: { children: ReactNode }) {
  const contentId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const trigger = useRef<HTMLElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  const value: TooltipContextValue = {
    contentId,
    isOpen,
    trigger,
    open(delayed) {
      clearTimeout(timer.current);
      const wait = delayed && performance.now() - lastClosedAt > SKIP_DELAY_MS ? OPEN_DELAY_MS : 0;
      timer.current = setTimeout(() => setIsOpen(true), wait);
    },
    close() {
      clearTimeout(timer.current);
      setIsOpen((wasOpen) => {
        if (wasOpen) lastClosedAt = performance.now();
        return false;
      });
    },
  };
  return <TooltipContext value={value}>{children}</TooltipContext>;
}

/** The control the tooltip describes; with `asChild`, the child element itself. */
export function TooltipTrigger({
  asChild = false,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { contentId, isOpen, open, close, trigger } = useTooltip();
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      {...props}
      ref={trigger as React.RefObject<HTMLButtonElement | null>}
      aria-describedby={isOpen ? contentId : undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') open(true);
      }}
      onPointerLeave={close}
      onPointerDown={close}
      // Only a keyboard's focus opens it, as in Radix: a click focuses the control too.
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) open(false);
      }}
      onBlur={close}
    />
  );
}

const GAP_PX = 6;

/** Where the content goes beside the trigger's box (viewport coordinates, for `position: fixed`). */
function place(box: DOMRect, side: Side, sideOffset: number): React.CSSProperties {
  const midX = box.left + box.width / 2;
  const midY = box.top + box.height / 2;
  switch (side) {
    case 'right':
      return { left: box.right + sideOffset, top: midY, transform: 'translateY(-50%)' };
    case 'left':
      return { left: box.left - sideOffset, top: midY, transform: 'translate(-100%, -50%)' };
    case 'top':
      return { left: midX, top: box.top - sideOffset, transform: 'translate(-50%, -100%)' };
    default:
      return { left: midX, top: box.bottom + sideOffset, transform: 'translateX(-50%)' };
  }
}

export function TooltipContent({
  className,
  side = 'top',
  sideOffset = GAP_PX,
  children,
}: {
  className?: string;
  side?: Side;
  sideOffset?: number;
  children: ReactNode;
}) {
  const { contentId, isOpen, trigger } = useTooltip();
  const [style, setStyle] = useState<React.CSSProperties | null>(null);
  useLayoutEffect(() => {
    const box = trigger.current?.getBoundingClientRect();
    setStyle(isOpen && box ? place(box, side, sideOffset) : null);
  }, [isOpen, side, sideOffset, trigger]);
  if (!isOpen || !style) return null;
  return createPortal(
    <div
      id={contentId}
      role="tooltip"
      style={style}
      className={cn(
        'pointer-events-none fixed z-50 animate-fade-in whitespace-nowrap rounded-md bg-foreground px-3 py-1.5 text-background text-xs shadow-md',
        className,
      )}
    >
      {children}
    </div>,
    document.body,
  );
}
