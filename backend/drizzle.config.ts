import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema (`npm run db:generate -w @registra/backend`); they are
// committed and applied at start by the server itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/database/schema.ts',
  out: './drizzle',
});
