// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { DataTable, TablePages, type Column } from './DataTable';

interface Fine {
  id: number;
  plate: string;
  amount: number;
  paidOn: string | null;
}

const FINES: Fine[] = [
  { id: 1, plate: 'WP CAB-1234', amount: 2500, paidOn: '2025-03-02' },
  { id: 2, plate: 'SP KX-9', amount: 1000, paidOn: null },
  { id: 3, plate: 'NC AB-10', amount: 12000, paidOn: '2025-01-15' },
];

const columns: Column<Fine>[] = [
  { id: 'plate', header: 'Vehicle', cell: (f) => f.plate, sortValue: (f) => f.plate },
  { id: 'amount', header: 'Amount', cell: (f) => `LKR ${f.amount}`, numeric: true, sortValue: (f) => f.amount },
  { id: 'paid', header: 'Paid on', cell: (f) => f.paidOn ?? '—', sortValue: (f) => f.paidOn },
  { id: 'pay', header: 'Action', cell: (f) => <button type="button">Pay {f.plate}</button> },
];

/** The first cell of each body row, in order. */
const plates = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

/** jsdom lays nothing out: each box is as wide as `boxWidth` says, and its content as wide as `contentWidth`. */
const layout = { boxWidth: 400, contentWidth: 400 };
let resized: Array<() => void> = [];
vi.stubGlobal(
  'ResizeObserver',
  class {
    constructor(private readonly callback: () => void) {
      resized.push(callback);
    }
    observe() {}
    disconnect() {
      resized = resized.filter((c) => c !== this.callback);
    }
  },
);
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => layout.boxWidth });
Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => layout.contentWidth });

afterEach(() => {
  cleanup();
  Object.assign(layout, { boxWidth: 400, contentWidth: 400 });
});

describe('DataTable', () => {
  it('is a table named by its caption, with a header per column and each value labelled for the stacked layout', () => {
    renderInApp(<DataTable caption="Paid fines" columns={columns} rows={FINES} rowKey={(f) => f.id} />);
    const table = screen.getByRole('table', { name: 'Paid fines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Vehicle', 'Amount', 'Paid on', 'Action']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const amount = within(table).getByRole('cell', { name: 'LKR 2500' });
    expect(amount.getAttribute('data-label')).toBe('Amount');
    expect(amount.className).toContain('data-table__numeric');
    expect(table.className).toContain('data-table--stacked');
  });

  it('can keep its caption for screen readers only', () => {
    renderInApp(<DataTable caption="Paid fines" captionHidden columns={columns} rows={FINES} rowKey={(f) => f.id} />);
    expect(screen.getByText('Paid fines').className).toBe('visually-hidden');
    expect(screen.getByRole('table', { name: 'Paid fines' })).toBeTruthy();
  });

  it('sorts by a column from its header button, ascending then descending, and says so with aria-sort', () => {
    renderInApp(<DataTable caption="Fines" columns={columns} rows={FINES} rowKey={(f) => f.id} />);
    const amountHeader = screen.getByRole('columnheader', { name: 'Amount' });
    expect(amountHeader.getAttribute('aria-sort')).toBeNull();
    expect(plates()).toEqual(['WP CAB-1234', 'SP KX-9', 'NC AB-10']);

    fireEvent.click(within(amountHeader).getByRole('button', { name: 'Amount' }));
    expect(amountHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(plates()).toEqual(['SP KX-9', 'WP CAB-1234', 'NC AB-10']);

    fireEvent.click(within(amountHeader).getByRole('button', { name: 'Amount' }));
    expect(amountHeader.getAttribute('aria-sort')).toBe('descending');
    expect(plates()).toEqual(['NC AB-10', 'WP CAB-1234', 'SP KX-9']);

    // Another column takes over the sort; the first one no longer claims it.
    fireEvent.click(screen.getByRole('button', { name: 'Vehicle' }));
    expect(screen.getByRole('columnheader', { name: 'Vehicle' }).getAttribute('aria-sort')).toBe('ascending');
    expect(amountHeader.getAttribute('aria-sort')).toBeNull();
    expect(plates()).toEqual(['NC AB-10', 'SP KX-9', 'WP CAB-1234']);
  });

  it('puts rows without a value last in both directions, and has no sort button where a column has no sort value', () => {
    renderInApp(<DataTable caption="Fines" columns={columns} rows={FINES} rowKey={(f) => f.id} initialSort={{ column: 'paid', direction: 'descending' }} />);
    expect(screen.getByRole('columnheader', { name: 'Paid on' }).getAttribute('aria-sort')).toBe('descending');
    expect(plates()).toEqual(['WP CAB-1234', 'NC AB-10', 'SP KX-9']);
    fireEvent.click(screen.getByRole('button', { name: 'Paid on' }));
    expect(plates()).toEqual(['NC AB-10', 'WP CAB-1234', 'SP KX-9']);
    expect(within(screen.getByRole('columnheader', { name: 'Action' })).queryByRole('button')).toBeNull();
  });

  it('shows a page of rows at a time, with page controls that say where they are', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i, plate: `CAR-${i + 1}`, amount: i, paidOn: null }));
    renderInApp(<DataTable caption="Issued fines" columns={columns} rows={many} rowKey={(f) => f.id} pageSize={5} />);
    const pages = screen.getByRole('navigation', { name: 'Issued fines: pages' });
    const previous = within(pages).getByRole('button', { name: 'Previous page' });
    const next = within(pages).getByRole('button', { name: 'Next page' });
    expect(plates()).toEqual(['CAR-1', 'CAR-2', 'CAR-3', 'CAR-4', 'CAR-5']);
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(previous);
    expect(pages.textContent).toContain('Page 1 of 3');

    fireEvent.click(next);
    fireEvent.click(next);
    expect(plates()).toEqual(['CAR-11', 'CAR-12']);
    expect(pages.textContent).toContain('Page 3 of 3');
    // At the end Next stays focusable (a disabled button would drop the keyboard focus) but does nothing.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    next.focus();
    fireEvent.click(next);
    expect(pages.textContent).toContain('Page 3 of 3');
    expect(document.activeElement).toBe(next);

    // Sorting starts again at the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(plates()).toEqual(['CAR-12', 'CAR-11', 'CAR-10', 'CAR-9', 'CAR-8']);
    expect(pages.textContent).toContain('Page 1 of 3');
  });

  it('server pages: "Page n" without a count, and no move while the page asked for is loading', () => {
    const onPage = vi.fn();
    const { rerender } = renderInApp(<TablePages caption="Users" page={1} hasNext busy onPage={onPage} />);
    const pages = screen.getByRole('navigation', { name: 'Users: pages' });
    expect(pages.textContent).toContain('Page 2');
    expect(pages.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(onPage).not.toHaveBeenCalled();
    rerender(<TablePages caption="Users" page={1} hasNext onPage={onPage} />);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(0);
  });

  it('has no page controls when every row fits on one page, and starts at the first page for new rows', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ id: i, plate: `CAR-${i + 1}`, amount: i, paidOn: null }));
    const { rerender } = renderInApp(<DataTable caption="Fines" columns={columns} rows={many} rowKey={(f) => f.id} pageSize={5} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(plates()).toEqual(['CAR-6', 'CAR-7']);
    rerender(<DataTable caption="Fines" columns={columns} rows={many.slice(0, 6)} rowKey={(f) => f.id} pageSize={5} />);
    expect(plates()).toEqual(['CAR-1', 'CAR-2', 'CAR-3', 'CAR-4', 'CAR-5']);
    rerender(<DataTable caption="Fines" columns={columns} rows={many.slice(0, 5)} rowKey={(f) => f.id} pageSize={5} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('opens a row by a click on it or by Enter or Space on the focused row, but not from a button inside it', () => {
    const open = vi.fn();
    renderInApp(<DataTable caption="Fines" columns={columns} rows={FINES} rowKey={(f) => f.id} onRowClick={open} />);
    const row = screen.getAllByRole('row')[2]!;
    expect(row.tabIndex).toBe(0);

    fireEvent.click(within(row).getByRole('cell', { name: 'LKR 1000' }));
    expect(open).toHaveBeenLastCalledWith(FINES[1]);

    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    expect(open).toHaveBeenCalledTimes(3);
    fireEvent.keyDown(row, { key: 'a' });
    expect(open).toHaveBeenCalledTimes(3);

    const pay = within(row).getByRole('button', { name: 'Pay SP KX-9' });
    fireEvent.click(pay);
    fireEvent.keyDown(pay, { key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('leaves rows out of the tab order when they do not open', () => {
    renderInApp(<DataTable caption="Fines" columns={columns} rows={FINES} rowKey={(f) => f.id} />);
    expect(screen.getAllByRole('row')[1]!.hasAttribute('tabindex')).toBe(false);
  });

  it('in a scrolling box, the box is a focusable region named by the caption', () => {
    renderInApp(<DataTable caption="Issued fines" columns={columns} rows={FINES} rowKey={(f) => f.id} frame="scroll-box" />);
    const region = screen.getByRole('region', { name: 'Issued fines' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Issued fines' })).toBeTruthy();
  });

  it('can leave the table bare, without a box that scrolls', () => {
    const { container } = renderInApp(<DataTable caption="Fines by hour" columns={columns} rows={FINES} rowKey={(f) => f.id} frame="none" />);
    expect(container.firstElementChild?.tagName).toBe('TABLE');
  });
});

describe('a table wider than the screen', () => {
  it('scrolls in a box that takes the keyboard focus and is named after the table, only while it is too wide', () => {
    renderInApp(<DataTable caption="Top violations" columns={columns} rows={FINES} rowKey={(f) => f.id} stacked={false} />);
    expect(screen.queryByRole('region', { name: 'Top violations' })).toBeNull();

    layout.contentWidth = 640;
    act(() => resized.forEach((callback) => callback()));
    const box = screen.getByRole('region', { name: 'Top violations' });
    expect(box.tabIndex).toBe(0);
    expect(within(box).getByRole('table', { name: 'Top violations' })).toBeTruthy();

    layout.contentWidth = 380;
    act(() => resized.forEach((callback) => callback()));
    expect(screen.queryByRole('region', { name: 'Top violations' })).toBeNull();
  });
});
