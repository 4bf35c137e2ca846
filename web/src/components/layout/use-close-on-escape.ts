import { useEffect, type RefObject } from 'react';

/** While a disclosure (a menu behind a button) is open, Escape closes it and gives the focus back to its button. */
export function useCloseOnEscape(open: boolean, setOpen: (open: boolean) => void, button: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen, button]);
}
