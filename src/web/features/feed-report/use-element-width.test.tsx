// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementWidth } from './use-element-width.ts';

/** Renders an element of `kind` and records each width it rendered with. */
function Sized({ kind, widths }: { kind: string; widths: number[] }) {
  const [element, width] = useElementWidth<HTMLDivElement>(kind);
  widths.push(width);
  return <div ref={element} />;
}

describe('useElementWidth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a new kind of element before the first paint: rendered empty once, then at its width', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
    const widths: number[] = [];
    render(<Sized kind="first-kind" widths={widths} />);
    expect(widths).toEqual([0, 640]);
  });

  it('starts an element of a kind seen before at its last width, without reading the layout again', () => {
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(720);
    const first = render(<Sized kind="view" widths={[]} />);
    first.unmount();
    clientWidth.mockClear();
    const widths: number[] = [];
    render(<Sized kind="view" widths={widths} />);
    expect(widths).toEqual([720]);
    expect(clientWidth).not.toHaveBeenCalled();
  });
});
