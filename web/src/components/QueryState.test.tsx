// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { QueryState, type QueryLike } from './QueryState';

const query = <T,>(state: Partial<QueryLike<T>>): QueryLike<T> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

afterEach(cleanup);

describe('QueryState', () => {
  it('says it is loading, in a status message, until the data arrives', () => {
    const { rerender } = renderInApp(<QueryState query={query<string[]>({ isPending: true })}>{list}</QueryState>);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(
      <QueryState query={query<string[]>({ isPending: true })} loading="Loading the complaints...">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the complaints...');
    rerender(<QueryState query={query({ data: ['first', 'second'] })}>{list}</QueryState>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['first', 'second']);
  });

  it('shows a failure as an alert with a button that asks again', () => {
    const failed = query<string[]>({ isError: true, error: new Error('offline') });
    renderInApp(
      <QueryState query={failed} error="The complaints could not be loaded.">
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('The complaints could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('words a failure from the error when asked to, and disables the button while asking again', () => {
    renderInApp(
      <QueryState query={query<string[]>({ isError: true, isFetching: true, error: new Error('404') })} error={(err) => `Failed: ${(err as Error).message}`}>
        {list}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed: 404');
    expect((screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state for an empty list, or for what the page calls empty', () => {
    const { rerender } = renderInApp(
      <QueryState query={query<string[]>({ data: [] })} empty={<p>No complaints found.</p>}>
        {list}
      </QueryState>,
    );
    expect(screen.getByText('No complaints found.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();

    rerender(
      <QueryState query={query({ data: { fines: [] as string[] } })} empty={<p>No fines.</p>} isEmpty={(d) => d.fines.length === 0}>
        {(d) => list(d.fines)}
      </QueryState>,
    );
    expect(screen.getByText('No fines.')).toBeTruthy();
  });

  it('hands an empty list to its children when no empty state is given', () => {
    renderInApp(<QueryState query={query<string[]>({ data: [] })}>{(items) => <p>{items.length} items</p>}</QueryState>);
    expect(screen.getByText('0 items')).toBeTruthy();
  });
});
