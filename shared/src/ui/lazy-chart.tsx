import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from './chart';
import { lazyOr } from './lazy-chunk';
import './chart.css';

// uPlot's CSS, the chart and its table are their own chunk: a page (or a widget) that shows a chart now and then does
// not load them up front. Only the type comes from ./chart statically, and types are erased; chart.css is small and
// gives the placeholder the chart's own box.
const Chart = lazyOr<ChartProps>(() => import('./chart').then((module) => ({ default: module.Chart })), ChartUnavailable);

/** The chart's frame and title around a line of text, while the chunk loads or when it could not be loaded. */
function ChartStandIn({ title, height, busy, children }: { title: string; height: number; busy: boolean; children: ReactNode }) {
  const titleId = useId();
  return (
    <figure className="kiwi-chart" aria-labelledby={titleId} aria-busy={busy}>
      <div className="kiwi-chart__header">
        <h3 className="kiwi-chart__title" id={titleId}>
          {title}
        </h3>
      </div>
      <div className="kiwi-chart__stand-in" style={{ minHeight: height }}>
        {children}
      </div>
    </figure>
  );
}

function ChartLoading({ title, height = 260 }: Pick<ChartProps, 'title' | 'height'>) {
  const { t } = useTranslation('common');
  return (
    <ChartStandIn title={title} height={height} busy>
      <p className="kiwi-chart__empty" role="status">
        {t('chart.loading')}
      </p>
    </ChartStandIn>
  );
}

function ChartUnavailable({ title, height = 260 }: ChartProps) {
  const { t } = useTranslation('common');
  return (
    <ChartStandIn title={title} height={height} busy={false}>
      <p className="kiwi-chart__empty" role="alert">
        {t('chart.loadFailed')}
      </p>
    </ChartStandIn>
  );
}

/**
 * {@link Chart}, loaded when first rendered: until then its frame with the title and a "loading" status of the
 * chart's height (so the page does not jump); a translated message in its place if the chunk cannot be loaded.
 */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<ChartLoading title={props.title} height={props.height} />}>
      <Chart {...props} />
    </Suspense>
  );
}
