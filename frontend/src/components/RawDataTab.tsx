/**
 * The RAW_DATA tab of a detail page: the record as the server sent it, pretty-printed, its codes
 * as they are (`data-shows-code`). It scrolls sideways on a narrow window: focusable, so that the
 * keyboard scrolls it too.
 */
export function RawDataTab({ data }: { data: unknown }) {
  return (
    <pre
      className="bg-light border rounded p-3 small"
      data-testid="raw-data"
      data-shows-code=""
      tabIndex={0}
      aria-label="Raw data"
    >
      {JSON.stringify(data, null, 2)}
    </pre>
  );
}
