import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createHttpApp, createWorkerContext } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = new Logger('Main');
  const storage = `${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}, ${config.redisUrl ? 'Redis' : 'in-process jobs'}`;
  if (config.role === 'worker') {
    await createWorkerContext(config);
    logger.log(`Worker started (${storage})`);
    return;
  }
  const app = await createHttpApp(config);
  await app.listen(config.port);
  logger.log(`Listening on port ${config.port} as ROLE=${config.role} (${storage})`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
