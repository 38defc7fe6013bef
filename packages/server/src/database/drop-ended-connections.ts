import { Client, type ClientConfig } from 'pg';

/**
 * The pool's client class (the `Client` option of node-postgres's Pool, given through TypeORM's
 * `extra`): a connection whose server ended it (a FATAL error: the backend terminated by an
 * operator, a failover, an idle-session timeout) is marked unusable at once, so the pool drops it
 * when it is released instead of handing it to the next query.
 *
 * Why: node-postgres fails the running query on the FATAL message but marks the client unusable
 * only when the socket's end arrives, which can come after TypeORM has put the client back in the
 * pool (TypeORM releases without the error). The next request would fail on a connection that is
 * already gone.
 */
export class DropEndedConnectionClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    const connection = (this as unknown as { connection: { on(event: 'errorMessage', listener: (message: { severity?: string }) => void): void } }).connection;
    connection.on('errorMessage', (message) => {
      // pg-pool reads `_queryable` on release ("TODO: expose a proper, public interface" in its source).
      if (message.severity === 'FATAL' || message.severity === 'PANIC') (this as unknown as { _queryable: boolean })._queryable = false;
    });
  }
}
