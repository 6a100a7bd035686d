// `npm run size`: the portal's per-route initial JS and the widgets' first-load and signed-in totals, from the built
// portal/dist and widgets/dist (run `npm run build` first); exits 1 when either is over budget.
import { fileURLToPath } from 'node:url';
import { formatPortalReport, measurePortal, readManifest as readPortalManifest, readRoutesSource } from '../portal/scripts/size-report.ts';
import { formatReport, measureWidgets, readManifest as readWidgetsManifest } from '../widgets/scripts/size-report.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const verbose = process.argv.includes('--files');
let over = false;
try {
  const portalDist = here('../portal/dist');
  const portal = measurePortal(portalDist, readRoutesSource(here('../portal')));
  console.log(formatPortalReport(portal, readPortalManifest(portalDist), { withFiles: verbose }));
  over ||= portal.problems.length > 0;
  console.log('');
  const widgetsDist = here('../widgets/dist');
  const widgets = measureWidgets(widgetsDist);
  console.log(formatReport(widgets, readWidgetsManifest(widgetsDist)));
  over ||= widgets.problems.length > 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.exit(over ? 1 : 0);
