import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs.tsx';

afterEach(cleanup);

type ThemeTab = 'common' | 'roundness' | 'fonts';
const TABS: { id: ThemeTab; label: string }[] = [
  { id: 'common', label: 'Common' },
  { id: 'roundness', label: 'Roundness' },
  { id: 'fonts', label: 'Fonts' },
];

function ThemeTabs() {
  const [active, setActive] = useState<ThemeTab>('common');
  return (
    <Tabs<ThemeTab> tabs={TABS} active={active} onSelect={setActive} label="Theme">
      <p>{active} panel</p>
    </Tabs>
  );
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('Tabs', () => {
  it('moves right to the next tab, wrapping, with Home and End to the ends', () => {
    render(<ThemeTabs />);
    const list = screen.getByRole('tablist', { name: 'Theme' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toBe('Roundness');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Roundness' }));
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toBe('Fonts');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toBe('Common');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toBe('Fonts');
    expect(screen.getByText('fonts panel')).toBeTruthy();
  });

  it('moves left to the next tab in a right-to-left language', () => {
    render(
      <div dir="rtl">
        <ThemeTabs />
      </div>,
    );
    const list = screen.getByRole('tablist', { name: 'Theme' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toBe('Roundness');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toBe('Fonts');
  });
});
