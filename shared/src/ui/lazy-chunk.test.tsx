// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { LazyChart } from './lazy-chart';
import { lazyOr } from './lazy-chunk';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('lazyOr', () => {
  it('renders the chunk once it has loaded', async () => {
    const Part = lazyOr<{ name: string }>(
      async () => ({ default: ({ name }) => <p>loaded {name}</p> }),
      () => <p>fallback</p>,
    );
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part name="chart" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('loaded chart')).toBeTruthy();
  });

  it('renders the fallback, with the same props, when the chunk cannot be loaded, and the page around it stays', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Part = lazyOr<{ name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/chart-abc123.js')),
      ({ name }) => <p>no {name}</p>,
    );
    render(
      <main>
        <h1>The page</h1>
        <Suspense fallback={<p>waiting</p>}>
          <Part name="chart" />
        </Suspense>
      </main>,
    );
    expect(await screen.findByText('no chart')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(warned).toHaveBeenCalledOnce();
  });
});

describe('<LazyChart>', () => {
  const i18n = createI18n({ lng: 'en' });

  it("shows the chart's frame, title and a loading status of its height first, then the chart with its table", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <LazyChart
          title="Average by dimension"
          kind="bar"
          labels={['Physical', 'Social']}
          series={[{ label: 'Average', values: [56.7, 48] }]}
          csvFileName="average"
          height={200}
        />
      </I18nextProvider>,
    );
    const loading = screen.getByRole('figure', { name: 'Average by dimension' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).getByRole('status').textContent).toBe('Loading the chart…');
    expect((loading.querySelector('.kiwi-chart__stand-in') as HTMLElement).style.minHeight).toBe('200px');

    const table = await screen.findByRole('table', { name: 'Average by dimension' });
    expect(within(table).getByRole('row', { name: /Physical/ }).textContent).toContain('56.7');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('figure', { name: 'Average by dimension' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
