import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { EMPTY_DATE, FormattedDate } from './FormattedDate';

export interface RecordCardView {
  id: string;
  title: string;
  href: string;
  /** Router state carried by the link (the list to come back to). */
  state?: unknown;
  /** The record's key date, labelled ("Next AR reminder"). */
  date?: { label: string; value: string | null | undefined };
  status?: { text: string; variant: string };
  /** A second line (an e-mail). */
  detail?: string | null;
}

/** Badges light enough to take dark words. */
const LIGHT_BADGES: ReadonlySet<string> = new Set(['warning', 'info', 'light']);

/**
 * A list's rows as compact cards (name, key date, status) for phone-sized windows, where a
 * table would scroll sideways. The people and organization lists use it. A name of any length
 * wraps inside its card (app.css, `.record-cards`): no card is ever wider than the list.
 */
export function RecordCards({ label, cards }: { label: string; cards: RecordCardView[] }) {
  return (
    <ul className="record-cards list-unstyled d-grid gap-2 mb-3" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <Card>
            <Card.Body className="py-2 px-3">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <Link
                  to={card.href}
                  state={card.state}
                  className="record-card-title fw-semibold text-decoration-none stretched-link"
                >
                  {card.title}
                </Link>
                {card.status && (
                  <Badge
                    bg={card.status.variant}
                    // White reads under 4.5:1 on the light badges (WCAG AA).
                    text={LIGHT_BADGES.has(card.status.variant) ? 'dark' : undefined}
                    className="flex-shrink-0"
                  >
                    {card.status.text}
                  </Badge>
                )}
              </div>
              {card.detail && <div className="small text-muted text-break">{card.detail}</div>}
              {card.date && (
                <div className="small text-muted">
                  {card.date.label}: <FormattedDate value={card.date.value} empty={EMPTY_DATE} />
                </div>
              )}
            </Card.Body>
          </Card>
        </li>
      ))}
    </ul>
  );
}
