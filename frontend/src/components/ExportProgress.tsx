import ProgressBar from 'react-bootstrap/ProgressBar';

/** A subject-access export's progress beside the button that started it (lib/dataExport). */
export function ExportProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <ProgressBar
      now={progress}
      label={`${progress} %`}
      style={{ minWidth: '8rem', flex: '1 1 8rem', maxWidth: '16rem' }}
      aria-label="Export progress"
    />
  );
}
