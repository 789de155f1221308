import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type MenuProps = {
  label: string;
  trigger: ReactNode;
  triggerTestId?: string;
  triggerClassName?: string;
  /** Items are rendered only while open, so e.g. Ethiopic labels never fetch a font until needed. */
  children: (close: () => void) => ReactNode;
};

/** A small disclosure menu: closes on outside click, Escape and after a choice. */
export function Menu({ label, trigger, triggerTestId, triggerClassName, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="menu" ref={rootRef}>
      <button
        type="button"
        className={triggerClassName ?? 'icon-button'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={triggerTestId}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      {open && (
        <div className="menu-list" role="menu" id={menuId} aria-label={label}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
