/**
 * A failure answered to a relay client in OpenAI's error shape (DESIGN.md §4):
 * `{ error: { message, type, code } }` with the matching HTTP status.
 */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string = status >= 500 ? 'upstream_error' : 'invalid_request_error',
    readonly code: string | null = null,
  ) {
    super(message);
  }

  toBody(): { error: { message: string; type: string; code: string | null } } {
    return { error: { message: this.message, type: this.type, code: this.code } };
  }
}
