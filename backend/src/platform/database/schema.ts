// Every context's Drizzle tables, gathered for the client, drizzle-kit and migrations.
export * from '../../users/users.schema';
