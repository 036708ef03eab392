/** Export of the table's current view (being built). */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Export">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
