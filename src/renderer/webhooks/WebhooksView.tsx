/** The Webhooks view (being built). */
export function WebhooksView() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Webhooks</h1>
    </section>
  );
}
