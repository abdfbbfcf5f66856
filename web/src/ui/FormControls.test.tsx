// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, FilePicker, Select, TextField } from './FormControls.tsx';

afterEach(cleanup);

describe('FormControls', () => {
  it('keeps real, labelled native controls underneath', () => {
    const toggled = vi.fn();
    render(
      <>
        <label htmlFor="lang">Language</label>
        <Select id="lang" defaultValue="en">
          <option value="en">English</option>
          <option value="de">Deutsch</option>
        </Select>
        <TextField aria-label="Name" defaultValue="Alice" />
        <Checkbox label="Hide media" onChange={toggled} />
        <Checkbox switch label="Push notifications" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Language' }).tagName).toBe('SELECT');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Alice');
    // Clicking the label beside the box toggles it.
    fireEvent.click(screen.getByText('Hide media'));
    expect(screen.getByRole('checkbox', { name: 'Hide media' })).toHaveProperty('checked', true);
    expect(toggled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('switch', { name: 'Push notifications' }).tagName).toBe('INPUT');
  });

  it('names the picked file beside the button, or what the caller keeps when it keeps it', () => {
    const picker = (chosen?: string) => (
      <>
        <label htmlFor="import">Import follows</label>
        <FilePicker
          id="import"
          buttonText="Choose file…"
          noneText="No file chosen"
          chosen={chosen}
        />
      </>
    );
    const { rerender } = render(picker());
    const input = screen.getByLabelText('Import follows');
    const chosenText = () =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(chosenText()).toBe('No file chosen');
    fireEvent.change(input, { target: { files: [new File(['a'], 'follows.csv')] } });
    expect(chosenText()).toBe('follows.csv');

    rerender(picker('cropped.png'));
    expect(chosenText()).toBe('cropped.png');
  });
});
