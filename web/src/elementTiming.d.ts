import 'react';

declare module 'react' {
  // The type parameter must be named as in React's own declaration for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /** Element Timing API: the browser reports when this element's text or image is painted. */
    elementtiming?: string;
  }
}
