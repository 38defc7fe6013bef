import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI runs the suites side by side on 2 cores: give findBy/waitFor room before calling it a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Arco's popups close with react-transition-group timers (about 300 ms). Let the last ones fire
// while the DOM still exists, or they throw "window is not defined" after the file's teardown.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
