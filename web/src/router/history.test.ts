import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocation, goBack, navigate } from './history.ts';

afterEach(() => vi.restoreAllMocks());

describe('goBack', () => {
  it('goes to the fallback, in place, when the page was opened on this screen', () => {
    window.history.replaceState(null, '', '/bob');
    const back = vi.spyOn(window.history, 'back');
    goBack('/main/friends');
    expect(back).not.toHaveBeenCalled();
    expect(getLocation().pathname).toBe('/main/friends');
    expect(getLocation().action).toBe('replace');
  });

  it('goes back when the app has a screen behind this one', () => {
    window.history.replaceState(null, '', '/main/public');
    navigate('/bob');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    goBack('/main/friends');
    expect(back).toHaveBeenCalledOnce();
  });

  it('counts replaced entries as the one they replace', () => {
    window.history.replaceState(null, '', '/bob');
    navigate('/bob/media', { replace: true });
    const back = vi.spyOn(window.history, 'back');
    goBack('/main/friends');
    expect(back).not.toHaveBeenCalled();
    expect(getLocation().pathname).toBe('/main/friends');
  });
});
