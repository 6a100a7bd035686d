// `npm run size`: prints raw and gzip sizes of dist/kiwi.js and every chunk, and each widget's first-load and
// signed-in totals; exits 1 when a budget is exceeded. Reads widgets/dist as built (run `npm run build` first).
import { fileURLToPath } from 'node:url';
import { formatReport, measureWidgets, readManifest } from './size-report.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
try {
  const report = measureWidgets(dist);
  console.log(formatReport(report, readManifest(dist)));
  process.exit(report.problems.length === 0 ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
