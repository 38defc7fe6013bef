import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-id';

interface JsonLogOptions {
  context: string;
  logLevel: LogLevel;
  writeStreamType?: 'stdout' | 'stderr';
  errorStack?: unknown;
}

/**
 * The logger of LOG_FORMAT=json: Nest's console logger in its `json` mode (one object a line:
 * level, pid, timestamp, message, context, stack), plus `requestId` when the line is written while
 * an HTTP request is being served (common/request-id.ts).
 */
export class JsonLogger extends ConsoleLogger {
  constructor(logLevels: LogLevel[]) {
    super({ logLevels, json: true });
  }

  protected getJsonLogObject(message: unknown, options: JsonLogOptions) {
    const line = super.getJsonLogObject(message, options);
    const requestId = currentRequestId();
    return requestId === undefined ? line : { ...line, requestId };
  }
}
