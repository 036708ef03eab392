/**
 * How good the likely arrival has been, measured on the cache's own history (the back-test): per
 * horizon, the carriers' ETA against the band's p50 in mean absolute days, and how often p10–p90
 * held the arrival. Shown beside the bands so no one takes them on trust.
 */
import type { BacktestFigures, BacktestReport } from '../../shared/performance';
import { formatCount } from '../lib/format';
import { ChartCard } from './ChartCard';
import { formatShare } from './chart-data';

const mae = (x: number | null) => (x === null ? '\u2014' : `${x.toFixed(2)} d`);

function Row({ name, f }: { name: string; f: BacktestFigures }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td className="num">{formatCount(f.withBand)} of {formatCount(f.forecasts)}</td>
      <td className="num">{mae(f.carrierEtaMae)}</td>
      <td className="num">{mae(f.bandMae)}</td>
      <td className="num">{formatShare(f.coverage, 1)}</td>
      <td className="num">{formatShare(f.coverageShownDays, 1)}</td>
    </tr>
  );
}

export function BacktestSummary({ backtest }: { backtest: BacktestReport }) {
  const sentences = backtest.horizons
    .filter((h) => h.withBand > 0)
    .map(
      (h) =>
        `${h.daysBefore} days before arrival, the likely arrival's p50 was off by ${mae(h.bandMae)} on average, the carriers' ETAs by ${mae(h.carrierEtaMae)}; p10–p90 held ${formatShare(h.coverage)} of ${formatCount(h.withBand)} arrivals (aim: 80%).`,
    );
  return (
    <ChartCard
      title="How good the likely arrival has been"
      description={`Each past shipment forecast from what was known 7 and 14 days before it arrived, using only shipments that had arrived by then (at least ${backtest.minimumSample} behind each band).`}
      empty={sentences.length === 0 ? `Not enough history yet: no past shipment had ${backtest.minimumSample} earlier ones behind it.` : null}
      chart={
        <ul className="perf-sentences">
          {sentences.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      }
      table={
        <table className="data-table perf-table">
          <caption className="sr-only">Back-test by horizon and carrier</caption>
          <thead>
            <tr>
              <th scope="col">Forecast / carrier</th>
              <th scope="col" className="num">With a band</th>
              <th scope="col" className="num">Carrier ETA off by</th>
              <th scope="col" className="num">Band p50 off by</th>
              <th scope="col" className="num">p10–p90 held</th>
              <th scope="col" className="num">Days shown held</th>
            </tr>
          </thead>
          {backtest.horizons.map((h) => (
            <tbody key={h.daysBefore}>
              <Row name={`${h.daysBefore} days before, all carriers`} f={h} />
              {h.carriers.map((c) => (
                <Row key={c.carrier.scac} name={`${h.daysBefore} days before, ${c.carrier.name}`} f={c} />
              ))}
            </tbody>
          ))}
        </table>
      }
    />
  );
}
