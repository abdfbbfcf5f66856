import { lazy, Suspense } from 'react';
import type { PostStatusFormProps } from './PostStatusForm.tsx';

const PostStatusForm = lazy(() =>
  import('./PostStatusForm.tsx').then((module) => ({ default: module.PostStatusForm })),
);

/** The composer, loaded when first shown so it stays off the start-up bundle. */
export function LazyPostStatusForm(props: PostStatusFormProps) {
  return (
    <Suspense fallback={null}>
      <PostStatusForm {...props} />
    </Suspense>
  );
}
