import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './platform/config/app-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line, no stack: the reason the server will not start.
      console.error(`Registra cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.port);
  const logger = app.get(Logger);
  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  logger.log(`Registra listening on http://localhost:${config.port} with ${database}`);
  if (config.signupSecretCodeGenerated) {
    // Printed, not logged: the logger redacts secrets, and staff need this code to sign up.
    console.log(
      `Sign-up secret code (development, kept in ${config.dataDir}/secrets.json): ${config.signupSecretCode}`,
    );
  }
}

void bootstrap().catch((error: unknown) => {
  console.error(
    `Registra failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
