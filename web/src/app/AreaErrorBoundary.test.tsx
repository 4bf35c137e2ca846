// @vitest-environment jsdom
import { lazy, Suspense, type ComponentType } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { area, AreaBoundary } from './area';
import { AreaErrorBoundary, pageReload } from './AreaErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

beforeEach(() => {
  // React reports every caught error on the console; the tests expect them.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AreaErrorBoundary', () => {
  it('shows the translated message with Reload, instead of a page that threw while rendering', () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    renderInApp(
      <AreaErrorBoundary>
        <Broken />
      </AreaErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/could not be shown/);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the message when a lazily loaded page fails to load', async () => {
    const Missing = lazy<ComponentType>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderInApp(
      <AreaErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Missing />
        </Suspense>
      </AreaErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('renders its children when nothing fails', () => {
    renderInApp(
      <AreaErrorBoundary>
        <p>The page</p>
      </AreaErrorBoundary>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});

describe('area pages', () => {
  it('an area whose chunk fails to load shows the message inside the layout, and the next page shows again', async () => {
    const failingArea = area<{ SomePage: ComponentType }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), []);
    const SomePage = failingArea('SomePage');
    renderInApp(
      <>
        <nav>
          <Link to="/other">Other page</Link>
        </nav>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/area" element={<SomePage />} />
            <Route
              path="/other"
              element={
                <AreaBoundary>
                  <p>Another page</p>
                </AreaBoundary>
              }
            />
          </Routes>
        </Suspense>
      </>,
      { path: '/area' },
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    // The rest of the page (here the navigation) is still there and still works.
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByText('Another page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('a boundary forgets its error when the path changes', async () => {
    function MaybeBroken({ broken }: { broken: boolean }) {
      if (broken) throw new Error('render failed');
      return <p>Working page</p>;
    }
    renderInApp(
      <>
        <Link to="/working">Working</Link>
        <Routes>
          <Route
            path="*"
            element={
              <AreaBoundary>
                <Routes>
                  <Route path="/broken" element={<MaybeBroken broken />} />
                  <Route path="/working" element={<MaybeBroken broken={false} />} />
                </Routes>
              </AreaBoundary>
            }
          />
        </Routes>
      </>,
      { path: '/broken' },
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Working' }));
    expect(await screen.findByText('Working page')).toBeTruthy();
  });

  it('preload fetches an area once for all its pages, and a failed fetch is tried again', async () => {
    let fails = true;
    const load = vi.fn(() => (fails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ OnePage: () => null, TwoPage: () => null })));
    const someArea = area(load, []);
    const onePage = someArea('OnePage');
    await expect(onePage.preload()).rejects.toThrow('Failed to fetch');
    fails = false;
    await Promise.all([onePage.preload(), someArea('TwoPage').preload(), onePage.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
