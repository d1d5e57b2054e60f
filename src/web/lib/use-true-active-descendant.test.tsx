// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { Command } from 'cmdk';
import { useRef, type RefObject } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTrueActiveDescendant } from './use-true-active-descendant.ts';

afterEach(cleanup);

/** A palette as the console's: controlled highlight, options replaced when results arrive. */
function Palette({ items, value, mended }: { items: string[]; value: string; mended: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  return mended ? (
    <Mended root={root} items={items} value={value} />
  ) : (
    <Options root={root} items={items} value={value} />
  );
}
function Mended(props: { root: RefObject<HTMLDivElement | null>; items: string[]; value: string }) {
  useTrueActiveDescendant(props.root);
  return <Options {...props} />;
}
function Options({
  root,
  items,
  value,
}: {
  root: RefObject<HTMLDivElement | null>;
  items: string[];
  value: string;
}) {
  return (
    <Command ref={root} label="Palette" shouldFilter={false} value={value} onValueChange={() => undefined}>
      <Command.Input aria-label="Command" />
      <Command.List label="Suggestions">
        {items.map((item) => (
          <Command.Item key={item} value={item}>
            {item}
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  );
}

/** Each element's aria-activedescendant, and whether it names the highlighted option. */
async function pointers(container: HTMLElement) {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const selected = container.querySelector('[role="option"][aria-selected="true"]');
  return ['combobox', 'listbox'].map((role) => {
    const id = container.querySelector(`[role="${role}"]`)?.getAttribute('aria-activedescendant');
    return { role, namesTheHighlight: id != null && id === selected?.id && id !== '' };
  });
}

describe('useTrueActiveDescendant', () => {
  it('names the highlighted option after the options are replaced under a controlled value', async () => {
    const { container, rerender } = render(<Palette items={['a', 'b']} value="a" mended />);
    rerender(<Palette items={['c', 'd']} value="c" mended />);
    expect(await pointers(container)).toEqual([
      { role: 'combobox', namesTheHighlight: true },
      { role: 'listbox', namesTheHighlight: true },
    ]);
  });

  it('is needed: cmdk alone keeps naming a gone option or none (dip/cmdk#413)', async () => {
    const { container, rerender } = render(<Palette items={['a', 'b']} value="a" mended={false} />);
    rerender(<Palette items={['c', 'd']} value="c" mended={false} />);
    expect(await pointers(container)).not.toEqual([
      { role: 'combobox', namesTheHighlight: true },
      { role: 'listbox', namesTheHighlight: true },
    ]);
  });

  it('removes the attribute when no option is highlighted', async () => {
    const { container, rerender } = render(<Palette items={['a']} value="a" mended />);
    rerender(<Palette items={[]} value="a" mended />);
    await pointers(container);
    expect(container.querySelector('[aria-activedescendant]')).toBeNull();
  });
});
