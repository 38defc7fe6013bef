import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RootRedirect } from '@/routes/root-redirect';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/entry" element={<p>entry page</p>} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe(RootRedirect.name, () => {
  it('opens the entry page', async () => {
    renderAt('/');
    expect(await screen.findByText('entry page')).toBeTruthy();
  });

  it('sends a session that expired (the 401 handler) to login', async () => {
    renderAt('/?expired=true');
    expect(await screen.findByText('login page')).toBeTruthy();
  });
});
