import { messageOf } from '../api/call';
import { useSettings } from '../state/settings';
import { useUi } from '../state/ui';
import { useResolvedTheme } from './use-theme';

export function ThemeToggle() {
  const resolved = useResolvedTheme();
  const setTheme = useSettings((s) => s.setTheme);
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next).catch((e: unknown) => useUi.getState().toast(`The theme was not saved: ${messageOf(e)}`))}
    >
      {resolved === 'dark' ? '☀' : '☾'}
    </button>
  );
}
