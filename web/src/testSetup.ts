import { configure } from '@testing-library/react';

// Screens and dialogs load as lazy chunks; on a busy machine the first import of one can take
// more than Testing Library's default second. findBy* and waitFor still end as soon as it shows.
configure({ asyncUtilTimeout: 5_000 });
