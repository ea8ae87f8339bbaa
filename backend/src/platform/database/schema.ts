// Every context's Drizzle tables, gathered for the client, drizzle-kit and migrations.
export * from '../../users/users.schema';
export * from '../../people/people.schema';
export * from '../../organizations/organizations.schema';
export * from '../../links/links.schema';
export * from '../../files/files.schema';
export * from '../../mail/mail.schema';
export * from '../../follow-ups/follow-ups.schema';
export * from '../../tasks/tasks.schema';
export * from '../../forms/forms.schema';
export * from '../../products/products.schema';
export * from '../../subscriptions/subscriptions.schema';
export * from '../../orders/orders.schema';
export * from '../audit/audit.schema';
export * from './record-counts.schema';
export * from '../housekeeping/housekeeping.schema';
export * from '../../calendar/calendar.schema';
export * from '../../settings/settings.schema';
