/** What the window's end-to-end tests build on; see each module. */
export { buildRenderer, rendererIsStale } from './renderer.js';
export { startStack, postApi, tokenHeader, type Stack } from './stack.js';
export { seedCache } from './seed.js';
export { startDemoHarness, type DemoHarness } from './demo.js';
export {
  launchBrowser,
  screenshot,
  windowDates,
  chromiumUnavailable,
  skipWithoutChromium,
  type LaunchedBrowser,
} from './browser.js';
export { openEvents } from './events.js';
