import type { ReactNode } from 'react';
import '@/layout/auth-page.css';

/** The frame of the sign-in, registration and password reset pages: centred, without the sidebar. */
export function AuthPage({ children }: { children: ReactNode }) {
  return <div className="auth-page">{children}</div>;
}
