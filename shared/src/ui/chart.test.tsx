// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { barSlot, Chart, chartCsv, csvFileNameOf, type ChartProps, labelSpace, labelSplits } from './chart';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('chartCsv', () => {
  it('writes a BOM, a header row and one row per label, quoting what needs it', () => {
    const csv = chartCsv({
      categoryHeading: 'Item',
      labels: ['0', '1-99', 'Tokyo, "HQ"'],
      series: [
        { label: 'Members', values: [3, 12, null] },
        { label: 'Last month', values: [1.5, 0, 7] },
      ],
    });
    expect(csv).toBe('\uFEFFItem,Members,Last month\r\n0,3,1.5\r\n1-99,12,0\r\n"Tokyo, ""HQ""",,7\r\n');
  });

  it('defuses text cells a spreadsheet would run as formulas, but keeps negative figures as numbers', () => {
    const csv = chartCsv({
      categoryHeading: 'Organisation',
      labels: ['=HYPERLINK("http://evil.example")', '+1', '@SUM(A1)', '-2', 'Acme'],
      series: [{ label: '=cmd', values: [1, 2, 3, -4, 5] }],
    });
    expect(csv).toBe(
      '\uFEFFOrganisation,\'=cmd\r\n"\'=HYPERLINK(""http://evil.example"")",1\r\n\'+1,2\r\n\'@SUM(A1),3\r\n\'-2,-4\r\nAcme,5\r\n',
    );
  });
});

describe('csvFileNameOf', () => {
  it.each([
    ['points', 'points.csv'],
    ['points.csv', 'points.csv'],
    ['Points.CSV', 'Points.CSV'],
  ])('%s -> %s', (name, expected) => expect(csvFileNameOf(name)).toBe(expected));
});

describe('<Chart> rendered', () => {
  function renderChart(props: Partial<ChartProps> = {}, lng: 'ja' | 'en' = 'en') {
    const i18n = createI18n({ lng });
    render(
      <I18nextProvider i18n={i18n}>
        <Chart
          title="Monthly points"
          kind="bar"
          labels={['0', '1-99', '350+']}
          series={[
            { label: 'Members', values: [4, 10, 2] },
            { label: 'Managers', values: [1, null, 1200] },
          ]}
          csvFileName="monthly-points"
          {...props}
        />
      </I18nextProvider>,
    );
    return i18n;
  }

  it('shows the figures in a table captioned with the title, and hides the canvas from assistive technology', () => {
    renderChart();
    const table = screen.getByRole('table', { name: 'Monthly points' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Item', 'Members', 'Managers'],
      ['0', '4', '1'],
      ['1-99', '10', '–'],
      ['350+', '2', '1,200'],
    ]);
    expect(document.querySelector('.kiwi-chart__plot')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Monthly points' })).toBeTruthy();
  });

  it('lets a keyboard reach the download and the (scrollable) table, and says which chart a download is for', () => {
    renderChart();
    const download = screen.getByRole('button', { name: 'Download CSV' });
    expect(download.getAttribute('aria-describedby')).toBe(screen.getByRole('heading', { name: 'Monthly points' }).id);
    const region = screen.getByRole('region', { name: 'Monthly points' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
  });

  it('formats the table figures with formatValue', () => {
    renderChart({ series: [{ label: 'Rate', values: [0.5, 0.25, 1] }], formatValue: (v) => `${Math.round(v * 100)}%` });
    const cells = within(screen.getByRole('table'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['50%', '25%', '100%']);
  });

  it('downloads the same figures as CSV under the given file name', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:kiwi-chart';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    renderChart();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(downloads).toEqual(['monthly-points.csv']);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    // Raw numbers in the CSV (no thousands separator), empty for a missing figure.
    expect(await blobs[0]!.text()).toBe('\uFEFFItem,Members,Managers\r\n0,4,1\r\n1-99,10,\r\n350+,2,1200\r\n');
  });

  it('offers the table as a text alternative behind a translated toggle a keyboard can reach', () => {
    renderChart();
    const toggle = screen.getByRole('button', { name: 'Table' });
    const region = screen.getByRole('region', { name: 'Monthly points' });
    // No canvas here (happy-dom), so the table starts shown.
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(region.id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // Collapsed, it is out of sight and out of the tab order but still read by assistive technology.
    expect(region.className).toContain('kiwi-visually-hidden');
    expect(region.tabIndex).toBe(-1);
    expect(within(region).getByRole('table', { name: 'Monthly points' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(region.className).not.toContain('kiwi-visually-hidden');
  });

  it('writes figures in the page language', () => {
    renderChart({ series: [{ label: 'Steps', values: [1234567, 0, 12.5] }] }, 'ja');
    expect(screen.getByRole('button', { name: '表' })).toBeTruthy();
    const cells = within(screen.getByRole('table'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1,234,567', '0', '12.5']);
  });

  it('speaks Japanese', () => {
    renderChart({}, 'ja');
    expect(screen.getByRole('button', { name: 'CSVをダウンロード' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '項目' })).toBeTruthy();
  });

  it('says there is nothing to show, with the download disabled, when there are no figures', () => {
    renderChart({ labels: [], series: [] });
    expect(screen.getByText('No data to show')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });
});

describe('x-axis labels', () => {
  const days = Array.from({ length: 31 }, (_, index) => `Oct ${index + 1}`);
  const months = Array.from({ length: 12 }, (_, index) => `2025年${index + 1}月`);

  it('gives month labels more room than short day labels', () => {
    expect(labelSpace(['1', '2'])).toBe(48);
    expect(labelSpace(months)).toBeGreaterThan(labelSpace(days));
  });

  it.each<[string, string[], number]>([
    ['days', days, 320],
    ['days', days, 1200],
    ['months', months, 320],
    ['months', months, 700],
  ])('never lets %s labels overlap at %i px', (_name, labels, width) => {
    const splits = labelSplits(labels, width);
    expect(splits[0]).toBe(0);
    const gap = (width / labels.length) * (splits[1] ?? labels.length);
    expect(gap).toBeGreaterThanOrEqual(labelSpace(labels));
  });

  it('writes every label while they fit', () => {
    expect(labelSplits(months, 2000)).toHaveLength(12);
  });
});

describe('bars', () => {
  it.each([1, 2, 3, 7])('keep all %i series of a category inside its slot, so none runs past the axis', (count) => {
    const slots = Array.from({ length: count }, (_, index) => barSlot(index, count));
    // The x axis runs from -0.5 before the first category to +0.5 after the last: each category's slot is [-0.5, 0.5].
    for (const { center, width } of slots) {
      expect(center - width / 2).toBeGreaterThanOrEqual(-0.5);
      expect(center + width / 2).toBeLessThanOrEqual(0.5);
    }
    // Side by side, not overlapping, centred on the category.
    for (const [index, slot] of slots.slice(1).entries()) expect(slot.center - slots[index]!.center).toBeCloseTo(slot.width);
    expect(slots.reduce((sum, slot) => sum + slot.center, 0)).toBeCloseTo(0);
  });
});
