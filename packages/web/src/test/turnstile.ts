import { expect } from 'vitest';
import { act, waitFor } from '@testing-library/react';

/**
 * Stands in for Cloudflare's Turnstile API (window.turnstile, which the widget uses instead of
 * loading the script when it is present). The widget renders and waits; `pass` lets it succeed
 * with a token, as a visitor's browser would after the check. Remove with `delete window.turnstile`.
 */
export function fakeTurnstile() {
  let verify: ((token: string) => void) | undefined;
  window.turnstile = {
    render: (_element, options) => {
      verify = options.callback;
      return 'widget-1';
    },
    remove: () => undefined,
  };
  return {
    pass: async (token: string) => {
      await waitFor(() => expect(verify).toBeDefined());
      act(() => verify!(token));
    },
  };
}
