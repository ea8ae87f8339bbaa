const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/**
 * "512 bytes", "1.5 MB", "1 GB": powers of 1024, as the upload limit "1GB" is 1 GiB
 * (FILE_MAX_BYTES). Unknown sizes (entries from before sizes were recorded) show empty.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
