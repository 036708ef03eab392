/** What the window's end-to-end tests build on; see each module. */
export { buildRenderer, rendererIsStale, RENDERER_OUT_DIR } from './renderer.js';
export { startStack, postApi, tokenHeader, TEST_API_KEY, type Stack, type StackOptions } from './stack.js';
export { seedCache, SEED_PAGE, type SeedOptions, type SeedResult } from './seed.js';
export {
  launchBrowser,
  screenshot,
  chromiumUnavailable,
  skipWithoutChromium,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  SCREENSHOT_DIR,
  VIEWPORT,
  type LaunchedBrowser,
} from './browser.js';
export { openEvents, type EventSocket } from './events.js';
