import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './button.css';
import './chart.css';
import './visually-hidden.css';
import { csvDocument } from '../domain/csv';
import { formatNumber } from '../i18n/format';

export type ChartSeries = { label: string; values: (number | null)[]; color?: string };

export type ChartProps = {
  title: string;
  kind: 'bar' | 'line';
  /** One label per category on the x axis (a point group, an age range, a day). */
  labels: string[];
  series: ChartSeries[];
  /** The downloaded file's name; `.csv` is added when missing. */
  csvFileName: string;
  height?: number;
  /** How a figure reads in the table, the axis and the legend; the CSV keeps the raw numbers. */
  formatValue?: (value: number) => string;
};

/** A palette that stays apart for the common colour-vision deficiencies (Okabe–Ito). */
export const CHART_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

export function seriesColor(series: ChartSeries, index: number): string {
  return series.color ?? CHART_COLORS[index % CHART_COLORS.length]!;
}

/**
 * The chart's figures as CSV: a header row (category heading, then one column per series) and one row per label.
 * Starts with a BOM so that Excel (Japanese Windows in particular) reads it as UTF-8; empty cells for missing figures.
 */
export function chartCsv({
  categoryHeading,
  labels,
  series,
}: {
  categoryHeading: string;
  labels: string[];
  series: ChartSeries[];
}): string {
  // Headings and labels are text (group or organisation names may come from users, defused); figures stay numbers.
  return csvDocument([
    [categoryHeading, ...series.map((s) => s.label)],
    ...labels.map((label, index) => [label, ...series.map((s) => s.values[index])]),
  ]);
}

export function csvFileNameOf(name: string): string {
  return name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
}

function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileNameOf(fileName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** happy-dom and old embeds have no 2D canvas: then the table alone carries the figures. */
function canDrawCanvas(): boolean {
  try {
    return typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') != null;
  } catch {
    return false;
  }
}

/**
 * The room one x-axis label needs, in CSS pixels: about 7 px a Latin character and 12 px a Japanese one at the axis
 * font, plus a gap. Month labels ("2025年10月", "Oct 2025") need more than days, so fewer of them are written.
 */
export function labelSpace(labels: string[]): number {
  let widest = 0;
  for (const label of labels) {
    let width = 0;
    for (const character of label) width += /[\u3000-\u9fff\uff00-\uffef]/.test(character) ? 12 : 7;
    widest = Math.max(widest, width);
  }
  return Math.max(48, widest + 16);
}

/** The categories whose labels are written on an axis `width` px wide: every n-th one, so that none overlap. */
export function labelSplits(labels: string[], width: number): number[] {
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(width / labelSpace(labels)))));
  return labels.map((_, index) => index).filter((index) => index % every === 0);
}

/** Bars of a category take this share of its slot, side by side, one per series. */
const GROUP_WIDTH = 0.8;

/**
 * Where the bar of series `seriesIndex` (of `seriesCount`) stands within its category, in category units: its centre
 * (uPlot centres a bar on x0) and width. The group is centred on the category, so no bar reaches past the axis ends.
 */
export function barSlot(seriesIndex: number, seriesCount: number): { center: number; width: number } {
  const width = GROUP_WIDTH / Math.max(seriesCount, 1);
  return { center: -GROUP_WIDTH / 2 + (seriesIndex + 0.5) * width, width };
}

const INTEGER_STEPS = [1, 2, 5].flatMap((step) => Array.from({ length: 10 }, (_, power) => step * 10 ** power)).sort((a, b) => a - b);

/** uPlot options: categories at x = 0..n-1, grouped bars side by side within each category. */
function plotOptions({
  kind,
  labels,
  series,
  width,
  height,
  format,
  bars,
  categoryHeading,
}: Pick<ChartProps, 'kind' | 'labels' | 'series'> & {
  categoryHeading: string;
  width: number;
  height: number;
  format: (value: number) => string;
  bars: typeof uPlot.paths.bars;
}): uPlot.Options {
  const integerFigures = series.every((s) => s.values.every((value) => value == null || Number.isInteger(value)));
  return {
    width,
    height,
    // A legend of names only: live values read "0pt: –" while no bar is pointed at (the table has the figures).
    legend: { show: series.length > 1, live: false },
    cursor: { drag: { x: false, y: false }, points: { show: kind === 'line' } },
    scales: {
      x: { time: false, range: () => [-0.5, labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        // Every label while they fit, otherwise every n-th one (labelSplits).
        splits: (u) => labelSplits(labels, u.width),
        values: (_u, splits) => splits.map((split) => labels[split] ?? ''),
        grid: { show: false },
      },
      // Counts never get ticks at 0.5; figures with fractions keep uPlot's own steps.
      { values: (_u, splits) => splits.map((split) => format(split)), size: 56, ...(integerFigures ? { incrs: INTEGER_STEPS } : {}) },
    ],
    series: [
      { label: categoryHeading, value: (_u, raw: number | null) => (raw == null ? '' : (labels[raw] ?? '')) },
      ...series.map((s, seriesIndex): uPlot.Series => {
        const color = seriesColor(s, seriesIndex);
        const value = (_u: uPlot, raw: number | null) => (raw == null ? '–' : format(raw));
        if (kind === 'line') return { label: s.label, stroke: color, width: 2, value, points: { show: labels.length <= 31 } };
        return {
          label: s.label,
          stroke: color,
          fill: color,
          width: 0,
          value,
          paths: bars?.({
            disp: {
              x0: { unit: 1, values: () => labels.map((_, x) => x + barSlot(seriesIndex, series.length).center) },
              size: { unit: 1, values: () => labels.map(() => barSlot(seriesIndex, series.length).width) },
            },
          }),
          points: { show: false },
        };
      }),
    ],
  };
}

/**
 * A chart with its figures twice: a uPlot canvas for the eye (hidden from assistive technology) and a table for
 * everyone, plus a CSV download of the same figures (contract 3 of the brief).
 */
export function Chart({ title, kind, labels, series, csvFileName, height = 260, formatValue }: ChartProps) {
  const { t, i18n } = useTranslation('common');
  const captionId = useId();
  const tableId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  // The table is the chart's text alternative: always read by assistive technology, shown on request (or when there is
  // no canvas to draw on).
  const [tableShown, setTableShown] = useState(() => !canDrawCanvas());
  const format = formatValue ?? ((value: number) => formatNumber(value, i18n.language));
  const empty = labels.length === 0 || series.length === 0;
  const categoryHeading = t('chart.category');
  // The plot is rebuilt when the figures change; a stable key avoids rebuilding on every render.
  const dataKey = JSON.stringify([kind, labels, series, height, categoryHeading]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the figures, so the plot is rebuilt only when they change.
  useEffect(() => {
    const container = plotRef.current;
    if (!container || empty || !canDrawCanvas()) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const width = Math.max(container.clientWidth, 240);
      const data: uPlot.AlignedData = [labels.map((_, index) => index), ...series.map((s) => s.values)];
      plot = new UPlot(
        plotOptions({ kind, labels, series, width, height, format, bars: UPlot.paths.bars, categoryHeading }),
        data,
        container,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(container.clientWidth, 240), height }));
        observer.observe(container);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dataKey stands for kind, labels, series and height
  }, [dataKey, empty]);

  return (
    <figure className="kiwi-chart" aria-labelledby={captionId}>
      <div className="kiwi-chart__header">
        <h3 className="kiwi-chart__title" id={captionId}>
          {title}
        </h3>
        <button
          type="button"
          className="kiwi-button kiwi-button--transparent"
          aria-describedby={captionId}
          disabled={empty}
          onClick={() => downloadCsv(csvFileName, chartCsv({ categoryHeading, labels, series }))}
        >
          {t('chart.downloadCsv')}
        </button>
        <button
          type="button"
          className="kiwi-button kiwi-button--transparent"
          aria-pressed={tableShown}
          aria-controls={tableId}
          aria-describedby={captionId}
          disabled={empty}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {t('chart.table')}
        </button>
      </div>
      {empty ? (
        <p className="kiwi-chart__empty">{t('chart.noData')}</p>
      ) : (
        <>
          <div className="kiwi-chart__plot" ref={plotRef} aria-hidden="true" style={{ minHeight: height }} />
          <div
            id={tableId}
            className={tableShown ? 'kiwi-chart__table-wrap' : 'kiwi-chart__table-wrap kiwi-visually-hidden'}
            role="region"
            aria-labelledby={captionId}
            tabIndex={tableShown ? 0 : -1}
          >
            <table className="kiwi-chart__table">
              <caption className="kiwi-visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{categoryHeading}</th>
                  {series.map((s, index) => (
                    <th scope="col" key={index}>
                      <span className="kiwi-chart__swatch" style={{ background: seriesColor(s, index) }} aria-hidden="true" />
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((label, row) => (
                  <tr key={row}>
                    <th scope="row">{label}</th>
                    {series.map((s, index) => {
                      const value = s.values[row];
                      return <td key={index}>{value == null ? t('chart.noValue') : format(value)}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

export type SparklineProps = {
  /** Rates between 0 and 1, oldest month first. */
  values: number[];
  /** What the line says, for assistive technology (the canvas is hidden from it). */
  label: string;
  width?: number;
  height?: number;
};

/**
 * A small line of monthly utilisation on uPlot: no axes, legend or cursor, the scale fixed at 0-100 % so lines of
 * different organisations compare. It lives with the charts so uPlot's stylesheet has one importer (a second one split
 * it into a file of its own, which the sign-in page's preload list then named) and loads uPlot when it draws.
 */
export function Sparkline({ values, label, width = 120, height = 32 }: SparklineProps) {
  const ref = useRef<HTMLDivElement>(null);
  const key = values.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the values.
  useEffect(() => {
    const container = ref.current;
    if (!container || values.length === 0 || !canDrawCanvas()) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      plot = new UPlot(
        {
          width,
          height,
          pxAlign: false,
          legend: { show: false },
          cursor: { show: false },
          select: { show: false, left: 0, top: 0, width: 0, height: 0 },
          scales: { x: { time: false }, y: { range: [0, 1] } },
          axes: [{ show: false }, { show: false }],
          series: [{}, { stroke: '#2e7d32', width: 2, fill: 'rgba(46, 125, 50, 0.12)', points: { show: values.length === 1 } }],
        },
        [values.map((_, index) => index), values],
        container,
      );
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [key, width, height]);
  return (
    <div className="kiwi-sparkline" role="img" aria-label={label} style={{ width, height }}>
      <div ref={ref} aria-hidden="true" />
    </div>
  );
}
