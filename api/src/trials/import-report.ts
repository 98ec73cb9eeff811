import type { ImportReport } from './trials-import.service';

/** '269 new, 0 updated, 3 skipped (2 unchanged, 1 no NCT id); 7 files, 812 studies/s'. */
export function formatImportReport(r: ImportReport): string {
  const reasons = Object.entries(r.skipped).sort(([a], [b]) => a.localeCompare(b));
  const skipped = reasons.reduce((sum, [, n]) => sum + n, 0);
  const why = reasons.length ? ` (${reasons.map(([k, n]) => `${n} ${k}`).join(', ')})` : '';
  return (
    `${r.new} new, ${r.updated} updated, ${skipped} skipped${why}; ` +
    `${r.files} file${r.files === 1 ? '' : 's'}, ${r.studies} studies in ${r.seconds.toFixed(2)} s ` +
    `(${Math.round(r.studiesPerSecond)} studies/s)`
  );
}
