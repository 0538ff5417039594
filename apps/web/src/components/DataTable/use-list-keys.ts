import { type RefObject, useEffect } from 'react';
import { useLatest } from './use-latest.ts';

/** Typing into a field, or working in a dialog: the list's keys stay out of the way there. */
function isBusyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"]')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The keys a clerk uses all day in a list: "/" puts the cursor in the search (its first field), and Escape cancels
 * the row being edited inline wherever the focus is (a click elsewhere on the page leaves the row open).
 */
export function useListKeys(
  search: RefObject<HTMLElement | null>,
  editing: boolean,
  cancelEditing: () => void,
) {
  const latest = useLatest({ editing, cancelEditing });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape' && latest.current.editing) {
        if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"]')) return;
        latest.current.cancelEditing();
        return;
      }
      if (event.key !== '/' || isBusyTarget(event.target)) return;
      const field = search.current?.querySelector<HTMLInputElement>(
        'input:not([type="hidden"]):not([disabled])',
      );
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [latest, search]);
}
