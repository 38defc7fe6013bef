import { UpstreamStreamError } from './stream/upstream-stream-error';

/**
 * An error an upstream put inside a reply it answered with HTTP 200 (Baidu's v1 API answers
 * `{error_code, error_msg}` so): the status the error means, so that the relay retries, cools
 * down or refuses exactly as if the upstream had said it, and the provider's words. A stream
 * error too, so that in the middle of a stream the client reads those words.
 */
export class UpstreamReplyError extends UpstreamStreamError {
  constructor(
    readonly status: number,
    message: string,
    /** The provider's error code, for the auto-disable keywords. */
    readonly codes = '',
  ) {
    super(message);
  }
}
