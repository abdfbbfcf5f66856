import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../api/types.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance, type InstanceConfig } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { FeaturesPanel } from './FeaturesPanel.tsx';

function configure(partial: Partial<InstanceConfig>) {
  useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, ...partial }, loaded: true });
}

const items = () =>
  within(screen.getByRole('region', { name: 'Features' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  useSession.setState({ status: 'anonymous', token: null, user: null });
  configure({});
});

afterEach(cleanup);

describe('FeaturesPanel', () => {
  it('shows the text limit and the upload limit in binary units', () => {
    configure({ textlimit: 5000, uploadlimit: 16000000 });
    render(<FeaturesPanel />);
    expect(items()).toContain('Text limit: 5000 characters');
    expect(items()).toContain('Upload limit: 15.26 MiB');
  });

  it.each([
    [512, '512 B'],
    [2048, '2 KiB'],
    [1024 ** 3 * 3, '3 GiB'],
  ])('writes an upload limit of %i bytes as %s', (bytes, text) => {
    configure({ uploadlimit: bytes });
    render(<FeaturesPanel />);
    expect(items()).toContain(`Upload limit: ${text}`);
  });

  it('lists only the features the instance offers', () => {
    configure({
      pleromaChatMessagesAvailable: true,
      shoutAvailable: false,
      gopherAvailable: false,
      suggestionsEnabled: true,
      mediaProxyAvailable: true,
    });
    render(<FeaturesPanel />);
    expect(items()).toEqual([
      'Chats',
      'Who to follow',
      'Media proxy',
      'Visibility options for posts',
      'Text limit: 5000 characters',
    ]);
  });

  it('is for anonymous visitors only, unless shown on the about page', () => {
    useSession.setState({ status: 'signedIn', token: 't', user: { id: '1' } as Account });
    const { unmount } = render(<FeaturesPanel />);
    expect(screen.queryByRole('region', { name: 'Features' })).toBeNull();
    unmount();
    render(<FeaturesPanel everyone />);
    expect(screen.getByRole('region', { name: 'Features' })).toBeTruthy();
  });

  it('is hidden when the instance turns it off', () => {
    configure({ showFeaturesPanel: false });
    render(<FeaturesPanel everyone />);
    expect(screen.queryByRole('region', { name: 'Features' })).toBeNull();
  });
});
