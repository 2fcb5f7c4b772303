import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface MenuProps {
  /** The accessible name of the trigger, e.g. "Actions for SN123". */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** Renders the items; `close` closes the menu (items call it before acting). */
  children: (close: () => void) => ReactNode;
}

const MENU_WIDTH = 224;

/**
 * A button that opens a menu of actions. The menu is fixed-positioned in a portal so that table
 * overflow does not clip it; it closes on Escape, outside clicks, scrolling and resizing.
 */
export function Menu({ label, trigger, triggerClassName, children }: MenuProps) {
  const [position, setPosition] = useState<{ top: number; left: number; above: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = position !== null;

  const close = useCallback(() => setPosition(null), []);

  const toggle = () => {
    if (open) return close();
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8));
    setPosition({ top: rect.bottom + 4, left, above: rect.top - 4 });
  };

  // Near the bottom of the window the menu opens upwards instead.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!position || !element) return;
    const height = element.offsetHeight;
    if (position.top + height > window.innerHeight - 8 && position.above - height >= 8) {
      element.style.top = `${position.above - height}px`;
    }
  }, [position]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const index = items.indexOf(document.activeElement as HTMLElement);
        const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
        items[(next + items.length) % items.length]?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open, close]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={triggerClassName}
        onClick={toggle}
      >
        {trigger}
      </button>
      {position
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              role="menu"
              aria-label={label}
              style={{ top: position.top, left: position.left, width: MENU_WIDTH }}
              className="fixed z-40 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
            >
              {children(close)}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

export const menuItemClass =
  'flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-100 focus:outline-none disabled:opacity-50';
