import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/** Where each key moves, from the index of the focused control among `count`. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The group's enabled buttons, leaving out those of a menu or dialog it opened inside itself. */
function controlsOf(group: HTMLElement): HTMLElement[] {
  return Array.from(group.querySelectorAll<HTMLElement>('button:not(:disabled)')).filter(
    (control) => {
      const popup = control.closest('[role="menu"], [role="dialog"], [role="alertdialog"]');
      return !popup || !group.contains(popup);
    },
  );
}

/**
 * One tab stop for a row of buttons (a toolbar, a gallery): Tab enters at the control used last
 * (the first at the start), the arrow keys, Home and End move between them. Spread the returned
 * props on the row's element.
 */
export function useRovingFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const current = useRef<HTMLElement | null>(null);

  const settle = (group: HTMLElement) => {
    const controls = controlsOf(group);
    const chosen =
      current.current && controls.includes(current.current) ? current.current : controls[0];
    for (const control of controls) control.tabIndex = control === chosen ? 0 : -1;
  };

  // After every render: a control that came or went (a menu opening, a count) is settled again.
  useLayoutEffect(() => {
    if (ref.current) settle(ref.current);
  });

  const onFocus = (event: FocusEvent<T>) => {
    if (!(event.target instanceof HTMLElement)) return;
    if (!controlsOf(event.currentTarget).includes(event.target)) return;
    current.current = event.target;
    settle(event.currentTarget);
  };

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    const controls = controlsOf(event.currentTarget);
    const index = controls.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    controls[move(index, controls.length)]?.focus();
  };

  return { ref, onFocus, onKeyDown };
}
