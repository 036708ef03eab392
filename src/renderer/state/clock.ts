/** One shared clock for relative times ("5 min ago"), ticking while the app runs. */
import { create } from 'zustand';

export const useClock = create<{ now: number }>()(() => ({ now: Date.now() }));

export function startClock(intervalMs = 15_000): () => void {
  useClock.setState({ now: Date.now() });
  const timer = setInterval(() => useClock.setState({ now: Date.now() }), intervalMs);
  return () => clearInterval(timer);
}
