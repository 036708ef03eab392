/** The credit estimate against the balance, and the start. Nothing is sent before this click. */
import { plural } from '../lib/format';
import { useImports } from '../state/imports';
import { creditCheck, mappingProblem, startLabel } from './wizard-logic';

export function StartStep() {
  const preview = useImports((s) => s.preview);
  const previewing = useImports((s) => s.previewing);
  const starting = useImports((s) => s.starting);
  const error = useImports((s) => s.error);
  const start = useImports((s) => s.start);
  const closeWizard = useImports((s) => s.closeWizard);
  if (!preview) {
    return (
      <section className="card import-step import-start" aria-label="Start">
        <div className="import-actions">
          <button type="button" className="button ghost" onClick={closeWizard}>
            Choose another file
          </button>
        </div>
      </section>
    );
  }

  const credits = creditCheck(preview);
  const blocked = mappingProblem(preview.mapping) !== null || (preview.counts.accepted === 0 && preview.counts.updated === 0);
  const busy = previewing || starting;

  return (
    <section className="card import-step import-start" aria-labelledby="import-start-title">
      <h2 id="import-start-title" className="section-title">
        Credits
      </h2>
      <p className={credits.needed === 0 ? 'import-credits import-credits-none' : credits.fits ? 'import-credits' : 'import-credits import-credits-short'}>{credits.text}</p>
      <p className="muted small">Duplicates and shipments already tracked cost nothing; a reference the carrier does not know is refunded.</p>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="import-actions">
        <button type="button" className="button ghost" onClick={closeWizard} disabled={starting}>
          Cancel
        </button>
        {credits.fits ? (
          <button type="button" className="button primary" disabled={blocked || busy} onClick={() => void start()}>
            {starting ? 'Starting…' : startLabel(preview.counts)}
          </button>
        ) : (
          <button type="button" className="button primary" disabled={blocked || busy || credits.fitting === 0} onClick={() => void start(true)}>
            Track the first {plural(credits.fitting, 'reference')}
            {preview.counts.updated > 0 ? ` and update ${plural(preview.counts.updated, 'shipment')}` : ''}
          </button>
        )}
      </div>
    </section>
  );
}
