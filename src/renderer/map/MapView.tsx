/** The Map view (being built). */
export function MapView() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Map</h1>
    </section>
  );
}
