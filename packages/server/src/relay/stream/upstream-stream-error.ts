/**
 * An error the upstream reported inside its own stream (an error event, response.failed): its
 * words are the provider's, fit to pass on to the client. Any other failure of a stream (a socket
 * error, an event the gateway could not translate) is ours, and the client reads only that the
 * stream broke off.
 */
export class UpstreamStreamError extends Error {}
