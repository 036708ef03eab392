/** The Import view (being built). */
export function ImportView() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Import</h1>
    </section>
  );
}
