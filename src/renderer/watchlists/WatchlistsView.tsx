/** The Watchlists view (being built). */
export function WatchlistsView() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Watchlists</h1>
    </section>
  );
}
