import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type SparklineProps = {
  /** Rates between 0 and 1, oldest month first. */
  values: number[];
  /** What the line says, for assistive technology (the canvas is hidden from it). */
  label: string;
  width?: number;
  height?: number;
};

/** happy-dom has no 2D canvas: then only the label (and the figures in the table) carry the series. */
function canDrawCanvas(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') != null;
  } catch {
    return false;
  }
}

/**
 * A small line of monthly utilisation on uPlot: no axes, legend or cursor, the scale fixed at 0-100 % so lines of
 * different organisations compare. Its own chunk where a page loads it lazily (the admin dashboard), like the charts.
 */
export function Sparkline({ values, label, width = 120, height = 32 }: SparklineProps) {
  const ref = useRef<HTMLDivElement>(null);
  const key = values.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the values.
  useEffect(() => {
    const container = ref.current;
    if (!container || values.length === 0 || !canDrawCanvas()) return;
    const plot = new uPlot(
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
    return () => plot.destroy();
  }, [key, width, height]);
  return (
    <div className="kiwi-sparkline" role="img" aria-label={label} style={{ width, height }}>
      <div ref={ref} aria-hidden="true" />
    </div>
  );
}
