import { deadlineUrgency, formatDeadline, todayInDublin } from '@registra/domain';

/** A follow-up's deadline: red when past, amber within 7 days, "No deadline" when none. */
export function DeadlineText({
  deadline,
  completed,
}: {
  deadline: string | null;
  completed: boolean;
}) {
  const urgency = deadlineUrgency(deadline, todayInDublin(), completed);
  const className =
    urgency === 'late'
      ? 'text-danger fw-semibold'
      : urgency === 'soon'
        ? 'deadline-soon fw-semibold'
        : '';
  const title =
    urgency === 'late' ? 'Deadline passed' : urgency === 'soon' ? 'Due within 7 days' : undefined;
  return deadline ? (
    <time dateTime={deadline} className={className} title={title}>
      {formatDeadline(deadline)}
      {urgency && <span className="visually-hidden"> ({title})</span>}
    </time>
  ) : (
    <span className="text-muted">{formatDeadline(deadline)}</span>
  );
}
