import {
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

interface Props {
  /** What the button shows; its accessible name comes from this content. */
  button: ReactNode;
  buttonClassName?: string;
  /** Menu content: items carry role="menuitem"; other content (a heading) is skipped by the arrows. */
  children: ReactNode;
  align?: 'left' | 'right';
  menuClassName?: string;
}

const ITEM = '[role="menuitem"]';

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item,
 * arrows and Home/End move, Escape closes and returns to the button, Tab or a click outside
 * closes it, and choosing an item closes it.
 */
export function DropdownMenu({ button, buttonClassName = '', children, align = 'left', menuClassName = '' }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const items = useCallback(() => [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])], []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    if (focusOnOpen.current === 'first') list[0]?.focus();
    if (focusOnOpen.current === 'last') list[list.length - 1]?.focus();
    focusOnOpen.current = null;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes the menu wherever focus is (after a mouse click it is still on the button).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, items]);

  const onButtonKeyDown = (event: ReactKeyboardEvent) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      // Already open (by a click): move into it.
      event.preventDefault();
      const list = items();
      (event.key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      focusOnOpen.current = 'first';
      setOpen(true);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = 'last';
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') close(false);
  };

  const onMenuClick = (event: ReactMouseEvent) => {
    if ((event.target as HTMLElement).closest(ITEM)) close(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          onClick={onMenuClick}
          className={`absolute z-50 mt-2 min-w-52 rounded-xl border border-slate-200 bg-white py-2 shadow-lg ${
            align === 'right' ? 'right-0' : 'left-0'
          } ${menuClassName}`}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** The look of an item in a DropdownMenu. */
export const menuItemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
