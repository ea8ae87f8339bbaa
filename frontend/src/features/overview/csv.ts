import { csvLine } from '@registra/domain';

/** A table of figures as CSV, by the same rule as the server's exports (quoting, defused formulas). */
export function toCsv(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return [headers, ...rows].map(csvLine).join('');
}

/** Saves `csv` as a file in the browser (UTF-8 with a BOM, for Excel). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
