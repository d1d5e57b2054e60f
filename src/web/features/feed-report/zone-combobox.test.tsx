// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZoneCombobox } from './zone-combobox.tsx';

afterEach(cleanup);

/** The picker as the report holds it: the zone is the page's, changed only through `onChange`. */
function Picker({ chosen }: { chosen: string[] }) {
  const [zone, setZone] = useState('Europe/Berlin');
  return (
    <>
      <ZoneCombobox
        value={zone}
        onChange={(next) => {
          chosen.push(next);
          setZone(next);
        }}
      />
      <output>{zone}</output>
    </>
  );
}

function setUp() {
  const chosen: string[] = [];
  render(<Picker chosen={chosen} />);
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Time zone' });
  const type = (text: string) => {
    fireEvent.change(input, { target: { value: '' } });
    for (let length = 1; length <= text.length; length++)
      fireEvent.change(input, { target: { value: text.slice(0, length) } });
  };
  const press = (key: string) => fireEvent.keyDown(input, { key });
  const options = () => screen.queryAllByRole('option').map((option) => option.firstChild?.textContent);
  return { chosen, input, type, press, options };
}

describe('ZoneCombobox', () => {
  it('takes the single match on Enter, without ArrowDown first', () => {
    const { chosen, input, type, press, options } = setUp();
    type('kolkata');
    expect(input.value).toBe('kolkata');
    expect(options()).toEqual(['Asia/Kolkata']);
    press('Enter');
    expect(chosen).toEqual(['Asia/Kolkata']);
    expect(input.value).toBe('Asia/Kolkata');
    expect(options()).toEqual([]);
  });

  it('highlights the first of several matches as you type, and Enter takes it', () => {
    const { chosen, input, type, press } = setUp();
    type('york');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    press('Enter');
    expect(chosen).toEqual(['America/New_York']);
    expect(input.value).toBe('America/New_York');
  });

  it('chooses nothing when the field is only clicked, or its list opened, and Enter pressed', () => {
    const { chosen, input, press } = setUp();
    fireEvent.click(input);
    press('Enter');
    fireEvent.click(screen.getByRole('button', { name: 'Show time zones' }));
    press('Enter');
    expect(chosen).toEqual([]);
    expect(input.value).toBe('Europe/Berlin');
  });

  it('puts the zone back on Escape, and keeps the text when nothing matches Enter', () => {
    const { chosen, input, type, press } = setUp();
    type('tokyo');
    press('Escape');
    expect(input.value).toBe('Europe/Berlin');
    type('nowhere');
    press('Enter');
    expect(input.value).toBe('nowhere');
    expect(screen.getByText('No time zone matches “nowhere”.')).toBeTruthy();
    press('Escape');
    expect(input.value).toBe('Europe/Berlin');
    expect(chosen).toEqual([]);
  });

  it('on leaving the field takes a zone named exactly, and puts other text back', () => {
    const { chosen, input, type } = setUp();
    type('tok');
    fireEvent.blur(input);
    expect(input.value).toBe('Europe/Berlin');
    type('utc');
    fireEvent.blur(input);
    expect(chosen).toEqual(['UTC']);
    expect(input.value).toBe('UTC');
  });
});
