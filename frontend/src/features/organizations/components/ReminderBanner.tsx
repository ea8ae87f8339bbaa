import Alert from 'react-bootstrap/Alert';
import { formatDate, reminderState } from '@registra/domain';

export interface ReminderBannerProps {
  /** What the reminder is for, e.g. "Next AR reminder". */
  label: string;
  date: string | null | undefined;
}

const VARIANTS = { late: 'danger', today: 'warning', upcoming: 'info' } as const;

/**
 * reminderState: a future reminder shows the time remaining, a past one LATE with the relative
 * time. Nothing shows without a date.
 */
export function ReminderBanner({ label, date }: ReminderBannerProps) {
  const state = reminderState(date);
  if (state.status === 'none') return null;
  return (
    <Alert
      variant={VARIANTS[state.status]}
      className="py-2 px-3 mb-0 small"
      data-testid="reminder-banner"
    >
      <strong>{label}</strong> {formatDate(date)}: {state.text}
    </Alert>
  );
}
