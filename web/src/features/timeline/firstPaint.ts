/** Read by `npm run bench`: navigation start to the first status card on screen. */
export const FIRST_STATUS_MARK = 'starling:first-status-painted';

export function markFirstStatusPainted(): void {
  if (performance.getEntriesByName(FIRST_STATUS_MARK).length > 0) return;
  // The frame after the commit is the one that shows the cards.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (performance.getEntriesByName(FIRST_STATUS_MARK).length === 0) {
        performance.mark(FIRST_STATUS_MARK);
      }
    }, 0),
  );
}
