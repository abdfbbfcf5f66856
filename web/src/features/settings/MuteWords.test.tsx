// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePreferences } from '../../state/preferences.ts';
import { MuteWords } from './MuteWords.tsx';

beforeEach(() => usePreferences.getState().resetPreferences());
afterEach(() => {
  cleanup();
  usePreferences.getState().resetPreferences();
});

describe('MuteWords', () => {
  it('saves the typed words with its Save button and says Settings saved', () => {
    render(<MuteWords />);
    const field = screen.getByRole('textbox', { name: 'Muted words (one a line)' });
    fireEvent.change(field, { target: { value: 'spoiler\n\n  crypto \nspoiler' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save muted words' }));
    expect(usePreferences.getState().muteWords).toEqual(['spoiler', 'crypto']);
    expect(screen.getByRole('status').textContent).toBe('Settings saved');
    expect((field as HTMLTextAreaElement).value).toBe('spoiler\ncrypto');
    // Typing again takes the confirmation back until the next save.
    fireEvent.change(field, { target: { value: 'spoiler\ncrypto\nsport' } });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
