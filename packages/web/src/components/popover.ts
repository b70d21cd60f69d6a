import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './popover.css';

/**
 * A popover drawn in place under its field (not in a portal, so it works inside modals and drawers):
 * closed by a click outside the field, and placed where it fits — turned to end at the field's end
 * when it would leave the window at the reading direction's end (`end`), above the field when there
 * is no room below and there is above (`above`). Recomputed when it opens and when `size` changes
 * (a filtered list grows or shrinks). Returns the placement's class names; the
 * popover carries the class `popover` (popover.css: antd's popup card, and `end` and `above`).
 */
export function usePopover(
  open: boolean,
  onClose: () => void,
  field: RefObject<HTMLElement | null>,
  popover: RefObject<HTMLElement | null>,
  size?: number,
): string {
  const [place, setPlace] = useState('');
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!field.current?.contains(e.target as Node)) close.current();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, field]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `size` is the trigger to measure again
  useLayoutEffect(() => {
    const box = popover.current?.getBoundingClientRect();
    const at = field.current?.getBoundingClientRect();
    if (!open || !box || !at) return setPlace('');
    // Measured from the field, not from where the popover is now, so a second measure agrees.
    const rtl = field.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const endAligned = rtl ? at.right - box.width < 0 : at.left + box.width > window.innerWidth;
    const above = at.bottom + 4 + box.height > window.innerHeight && at.top > box.height + 8;
    setPlace([endAligned && 'end', above && 'above'].filter(Boolean).join(' '));
  }, [open, size, field, popover]);

  return place;
}
