/** The RAW_DATA tab of a detail page: the record as the server sent it, pretty-printed. */
export function RawDataTab({ data }: { data: unknown }) {
  return (
    <pre className="bg-light border rounded p-3 small" data-testid="raw-data">
      {JSON.stringify(data, null, 2)}
    </pre>
  );
}
