/** A record's attached-file count with a paperclip (drawn, not an emoji: not every machine has one). */
export function AttachmentCount({ count }: { count: number }) {
  return (
    <span title="Attached files" className="d-inline-flex align-items-center gap-1">
      <svg width="12" height="12" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
        <path d="M4.5 3a2.5 2.5 0 0 1 5 0v9a1.5 1.5 0 0 1-3 0V5a.5.5 0 0 1 1 0v7a.5.5 0 0 0 1 0V3a1.5 1.5 0 1 0-3 0v9a2.5 2.5 0 0 0 5 0V5a.5.5 0 0 1 1 0v7a3.5 3.5 0 1 1-7 0z" />
      </svg>
      <span className="visually-hidden">Attached files:</span> {count}
    </span>
  );
}
