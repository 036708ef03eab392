/**
 * One Observable Plot chart in React: the chart is drawn into a box the component owns (Plot
 * returns a detached SVG or figure element), again whenever its options or the box's width change.
 * Colours come from the theme's CSS variables: text and axes use `currentColor` (the box's
 * `--text`), and marks carry class names that performance.css colours, so a theme switch needs no
 * redraw. The last drawing time is kept on the box (`data-render-ms`) for measurements. Plot (with
 * d3, a quarter of the window's code) is loaded with the first chart, not with the window.
 */
import type { PlotOptions } from '@observablehq/plot';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Observable Plot's marks and `plot` itself, handed to a chart's options once loaded. */
export type PlotMarks = typeof import('@observablehq/plot');

let loaded: PlotMarks | null = null;
let loading: Promise<PlotMarks> | null = null;

function loadPlot(): Promise<PlotMarks> {
  loading ??= import('@observablehq/plot').then((m) => (loaded = m));
  return loading;
}

export interface PlotFigureProps {
  /** Builds the options for a width in pixels from Plot's marks; keep it stable (useCallback) or it redraws every render. */
  options: (width: number, marks: PlotMarks) => PlotOptions;
  /** What the chart shows, for screen readers (the table behind the toggle has the numbers). */
  label: string;
  className?: string;
}

const DEFAULT_WIDTH = 640;

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setWidth((old) => (Math.abs(old - w) >= 4 ? w : old));
    };
    read();
    // jsdom and old engines have no ResizeObserver: the default width stands.
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function PlotFigure({ options, label, className }: PlotFigureProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [marks, setMarks] = useState<PlotMarks | null>(loaded);
  useEffect(() => {
    if (marks) return;
    let live = true;
    void loadPlot().then((m) => live && setMarks(m));
    return () => {
      live = false;
    };
  }, [marks]);
  useEffect(() => {
    const el = box.current;
    if (!el || !marks) return;
    const started = performance.now();
    const chart = marks.plot({
      ...options(width, marks),
      width,
      ariaLabel: label,
      style: { background: 'transparent', color: 'var(--text)', fontFamily: 'var(--font)', fontSize: '12px' },
    });
    // The box is the image and carries the label; Plot's own labels on its groups (aria-label on a
    // <g> without a role) are prohibited ARIA, and the numbers are in the table behind the toggle.
    // What each group was ("x-axis label", "y-axis tick label") stays as data-part, for the layout test.
    for (const node of [chart, ...chart.querySelectorAll('[aria-label], [aria-description]')]) {
      const part = node.getAttribute('aria-label');
      if (part && node !== chart) node.setAttribute('data-part', part);
      node.removeAttribute('aria-label');
      node.removeAttribute('aria-description');
    }
    chart.setAttribute('aria-hidden', 'true');
    el.replaceChildren(chart);
    el.dataset.renderMs = (performance.now() - started).toFixed(1);
    return () => chart.remove();
  }, [marks, options, width, label]);
  return <div ref={box} className={`perf-plot${className ? ` ${className}` : ''}`} role="img" aria-label={label} />;
}
