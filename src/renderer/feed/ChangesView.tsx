/** The Changes view (being built). */
export function ChangesView() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Changes</h1>
    </section>
  );
}
