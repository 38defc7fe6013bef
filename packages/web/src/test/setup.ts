import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI runs the suites side by side on 2 cores, sometimes beside other busy programs: give findBy
// and waitFor room before calling it a failure. The whole suite's one setting (no per-file or
// per-call overrides): it is a ceiling a passing test never waits out.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // A message shown at a test's last moment renders its first notice a task later. Let it finish:
  // should the next test give Arco's messages a new container first (captureMessages()), the late
  // render re-registers itself in the removed container and that test's messages vanish into it.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// Arco's popups close with react-transition-group timers (about 300 ms). Let the last ones fire
// while the DOM still exists, or they throw "window is not defined" after the file's teardown.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
