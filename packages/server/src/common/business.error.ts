/**
 * A failure the user can act on: answered as HTTP 200 `{ success: false, message }` (DESIGN.md §4),
 * with a Chinese message fit to show.
 */
export class BusinessError extends Error {}
