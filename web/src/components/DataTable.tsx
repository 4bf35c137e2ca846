import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './data-table.css';

export interface Column<Row> {
  /** Stable name of the column: its key, and what `initialSort` refers to. */
  id: string;
  /** The header; on small screens also each value's label. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts: right-aligned. */
  numeric?: boolean;
  /** Extra class of the column's cells. */
  className?: string;
  /** Makes the column sortable by this value (its header becomes a button). */
  sortValue?: (row: Row) => string | number | null | undefined;
}

type SortDirection = 'ascending' | 'descending';
interface Sort {
  column: string;
  direction: SortDirection;
}

interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** What the table lists: its accessible name. */
  caption: string;
  /** The caption for screen readers only, where a heading beside the table already says it. */
  captionHidden?: boolean;
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** On a phone each row becomes a card, every value labelled by its column. Off for narrow tables. */
  stacked?: boolean;
  /**
   * What holds the table: `scroll-x` (default) scrolls a wide table sideways; `scroll-box` is a box of
   * limited height, headers kept in view, focusable so it scrolls by keyboard; `none` leaves the table
   * bare (inside a visually hidden text alternative, where a scrolling box would be a trap).
   */
  frame?: 'scroll-x' | 'scroll-box' | 'none';
  /** Opens a row by a click anywhere on it or, the row focused, by Enter or Space. */
  onRowClick?: (row: Row) => void;
  initialSort?: Sort;
  /** Shows this many rows at a time, with page controls below the table. */
  pageSize?: number;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [tabindex]';

function compare(a: string | number | null | undefined, b: string | number | null | undefined) {
  // Rows without a value go last in either direction, so they are sorted separately (see sortRows).
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function sortRows<Row>(rows: readonly Row[], column: Column<Row> | undefined, direction: SortDirection) {
  if (!column?.sortValue) return rows;
  const value = column.sortValue;
  const sign = direction === 'ascending' ? 1 : -1;
  const present = rows.filter((row) => value(row) != null);
  const missing = rows.filter((row) => value(row) == null);
  return [...present.sort((a, b) => sign * compare(value(a), value(b))), ...missing];
}

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

/**
 * The one table of the app: a caption, headers and cells from column definitions, optionally sortable
 * columns, row opening and pages; on a phone the rows stack as labelled cards.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  className,
  rowClassName,
  stacked = true,
  frame = 'scroll-x',
  onRowClick,
  initialSort,
  pageSize,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<Sort | undefined>(initialSort);
  // The page belongs to the rows it was chosen for: new rows (another search, a refresh) start at the first.
  const [paging, setPaging] = useState({ page: 0, rows });
  const sorted = sort
    ? sortRows(
        rows,
        columns.find((c) => c.id === sort.column),
        sort.direction,
      )
    : rows;
  const pages = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const page = paging.rows === rows ? Math.min(paging.page, pages - 1) : 0;
  const shown = pageSize ? sorted.slice(page * pageSize, (page + 1) * pageSize) : sorted;

  const sortBy = (column: string) => {
    setSort((current) =>
      current?.column === column && current.direction === 'ascending' ? { column, direction: 'descending' } : { column, direction: 'ascending' },
    );
    setPaging({ page: 0, rows });
  };

  const rowHandlers = (row: Row) =>
    onRowClick
      ? {
          tabIndex: 0,
          onClick: (e: MouseEvent<HTMLTableRowElement>) => {
            // A button or link inside the row does its own thing.
            const inner = (e.target as HTMLElement).closest(INTERACTIVE);
            if (!inner || inner === e.currentTarget) onRowClick(row);
          },
          onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
            if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
            e.preventDefault();
            onRowClick(row);
          },
        }
      : {};

  const table = (
    <table className={cx('data-table', stacked && 'data-table--stacked', className)}>
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => {
            const direction = sort?.column === column.id ? sort.direction : undefined;
            return (
              <th key={column.id} scope="col" className={cx(column.numeric && 'data-table__numeric')} aria-sort={direction}>
                {column.sortValue ? (
                  <button type="button" className="data-table__sort" onClick={() => sortBy(column.id)}>
                    {column.header}
                    <span className={cx('data-table__sort-icon', direction && `data-table__sort-icon--${direction}`)} aria-hidden="true" />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <tr key={rowKey(row)} className={cx(onRowClick && 'data-table__row--clickable', rowClassName?.(row))} {...rowHandlers(row)}>
            {columns.map((column) => (
              <td key={column.id} data-label={column.header} className={cx(column.numeric && 'data-table__numeric', column.className)}>
                {/* One box per value: the stacked layout's grid then has the label and the value, whatever the cell holds. */}
                <div className="data-table__value">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <>
      {frame === 'scroll-box' ? (
        <div className="data-table__scroll" tabIndex={0} role="region" aria-label={caption}>
          {table}
        </div>
      ) : frame === 'scroll-x' ? (
        <SidewaysScroll caption={caption}>{table}</SidewaysScroll>
      ) : (
        table
      )}
      <TablePages caption={caption} page={page} pages={pages} onPage={(next) => setPaging({ page: next, rows })} />
    </>
  );
}

/**
 * A table that may be wider than the screen (long Sinhala and Tamil headers on a phone). When it is, the box it
 * scrolls in takes the keyboard focus and is named after the table, so the hidden columns can be reached with the
 * arrow keys; when it fits, the box is no extra Tab stop.
 */
function SidewaysScroll({ caption, children }: { caption: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="table-wrap" {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
      {children}
    </div>
  );
}

/**
 * Previous / "Page n of m" / Next under a table (`page` counts from 0); also for pages the server makes,
 * where the count may be unknown (`pages` left out: "Page n", and `hasNext` says whether there is more).
 * Nothing where everything fits on the first page.
 * `busy`: the page asked for is still loading (the one before stays on screen), so neither button moves;
 * otherwise a second Next would be counted from the page still shown.
 * The buttons are aria-disabled rather than disabled: a disabled button drops the keyboard focus, and
 * Next on the last page (or while loading) would leave the user at the top of the document.
 */
export function TablePages({
  caption,
  page,
  pages,
  hasNext = pages !== undefined && page < pages - 1,
  busy = false,
  onPage,
}: {
  caption: string;
  page: number;
  pages?: number;
  hasNext?: boolean;
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page === 0 && !hasNext) return null;
  const move = (to: number, allowed: boolean) => ({
    'aria-disabled': !allowed || busy || undefined,
    onClick: () => {
      if (allowed && !busy) onPage(to);
    },
  });
  return (
    <nav className="data-table__pages" aria-label={t('table.pages', { table: caption })} aria-busy={busy || undefined}>
      <button type="button" className="button button--ghost button--small" {...move(page - 1, page > 0)}>
        {t('table.previous')}
      </button>
      <span aria-live="polite">{pages === undefined ? t('table.page', { page: page + 1 }) : t('table.pageOf', { page: page + 1, pages })}</span>
      <button type="button" className="button button--ghost button--small" {...move(page + 1, hasNext)}>
        {t('table.next')}
      </button>
    </nav>
  );
}
