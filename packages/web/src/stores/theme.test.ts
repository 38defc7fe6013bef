import { describe, expect, it } from 'vitest';
import { useThemeStore } from '@/stores/theme';

describe('useThemeStore', () => {
  it('switches Arco to dark and back, remembering the mode under theme-mode', () => {
    useThemeStore.setState({ mode: 'light' });
    useThemeStore.getState().toggleMode();
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(localStorage.getItem('theme-mode')).toBe('dark');

    useThemeStore.getState().toggleMode();
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(localStorage.getItem('theme-mode')).toBe('light');
  });
});
