/**
 * The main navigation: an icon per view, its name shown on hover and on keyboard focus (and beside
 * the icon in a very wide window), so the header fits half a 1920 px screen. The name is the
 * button's text for screen readers too. The views and their order are the one list (../views.tsx).
 */
import { NavBadge } from '../feed/NavBadge';
import { NavIcon } from './NavIcons';
import { useUi } from '../state/ui';
import { WINDOW_VIEWS } from '../views';

const MAC = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

export function NavBar() {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {WINDOW_VIEWS.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`nav-item${view === item.id ? ' current' : ''}`}
              aria-current={view === item.id ? 'page' : undefined}
              aria-keyshortcuts={`${MAC ? 'Meta' : 'Control'}+${item.key}`}
              onClick={() => setView(item.id)}
            >
              <NavIcon view={item.id} />
              <span className="nav-label">{item.name}</span>
              <NavBadge view={item.id} />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
