import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announce } from '../state/announcer.ts';
import { LiveRegion } from './LiveRegion.tsx';

afterEach(cleanup);

const region = () => screen.getByRole('status');
const said = () =>
  region()
    .textContent?.replace(/\u00a0/g, '')
    .trim();

describe('LiveRegion', () => {
  it('is on the page before anything is said, polite', () => {
    render(<LiveRegion />);
    expect(region().getAttribute('aria-live')).toBe('polite');
  });

  it('says what is announced, and the same words again as a change', () => {
    render(<LiveRegion />);
    act(() => announce('3 new posts shown'));
    expect(said()).toBe('3 new posts shown');
    const before = region().textContent;
    act(() => announce('3 new posts shown'));
    expect(said()).toBe('3 new posts shown');
    expect(region().textContent).not.toBe(before);
  });
});
