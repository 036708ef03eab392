/**
 * The main navigation: an icon per view, its name shown on hover and on keyboard focus (and beside
 * the icon in a very wide window), so the header fits half a 1920 px screen. The name is the
 * button's text for screen readers too. A new view is one entry here, one ViewId, and one line in App.
 */
import { NavBadge } from '../feed/NavBadge';
import { NavIcon } from './NavIcons';
import { type ViewId, useUi } from '../state/ui';

const NAV_ITEMS: readonly { id: ViewId; label: string }[] = [
  { id: 'shipments', label: 'Shipments' },
  { id: 'attention', label: 'Attention' },
  { id: 'import', label: 'Import' },
  { id: 'watchlists', label: 'Watchlists' },
  { id: 'customers', label: 'Customers' },
  { id: 'map', label: 'Map' },
  { id: 'changes', label: 'Changes' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'performance', label: 'Performance' },
  { id: 'settings', label: 'Settings' },
];

export function NavBar() {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  return (
    <nav className="nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`nav-item${view === item.id ? ' current' : ''}`}
              aria-current={view === item.id ? 'page' : undefined}
              onClick={() => setView(item.id)}
            >
              <NavIcon view={item.id} />
              <span className="nav-label">{item.label}</span>
              <NavBadge view={item.id} />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
