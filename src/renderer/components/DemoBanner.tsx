/**
 * The sample-data marking: a band across the window whenever the sample data is open, so made-up
 * shipments are never taken for real ones. Always rendered (empty otherwise): it is a row of the
 * window's grid.
 */
import { useSettings } from '../state/settings';
import { useUi } from '../state/ui';
import { switchSampleData } from './sample-data';

export function DemoBanner() {
  const demo = useSettings((s) => s.settings?.demo ?? false);
  if (!demo) return <div className="demo-banner-slot" />;
  return (
    <div className="demo-banner-slot">
      <div className="demo-banner" role="note" aria-label="Sample data">
        <strong>Sample data.</strong>
        <span>
          Made-up shipments from the built-in simulator: nothing here is real, and the credits it counts are not your account&apos;s. Your own
          shipments are kept apart.
        </span>
        <span className="spacer" />
        <button type="button" className="button small" onClick={() => useUi.getState().setView('settings')}>
          Settings
        </button>
        <button type="button" className="button small primary" onClick={() => void switchSampleData(false)}>
          Leave sample data
        </button>
      </div>
    </div>
  );
}
