/**
 * A box that scrolls its content (a table taller or wider than its place). While it does, it is a
 * named region in the tab order, so a keyboard user can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable); while it does not, it adds no tab stop.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

function scrolls(el: HTMLElement): boolean {
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

export function ScrollRegion({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (): void => setScrollable(scrolls(el));
    check();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [children]);
  return (
    <div ref={ref} className={className} {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
