/** The theme applied to <html data-theme>: the saved choice, with "system" following the OS. */
import { useEffect, useSyncExternalStore } from 'react';
import { resolveTheme, useSettings } from '../state/settings';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useSettings((s) => s.theme);
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false);
  return resolveTheme(choice, dark);
}

export function useApplyTheme(): void {
  const resolved = useResolvedTheme();
  const choice = useSettings((s) => s.theme);
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.theme = resolved;
    html.dataset.themeChoice = choice;
    html.style.colorScheme = resolved;
  }, [resolved, choice]);
}
