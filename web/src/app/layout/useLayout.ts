import { layoutFor, type Layout } from '../../lib/layout.ts';
import { useWindowSize } from './useWindowSize.ts';

/** mobile, normal or wide, following the window width. */
export function useLayout(): Layout {
  return layoutFor(useWindowSize().width);
}
