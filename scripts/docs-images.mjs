// `npm run docs:images`: copies the screenshots the e2e run took (test/e2e/screenshots) that the
// README and the guides show into docs/images, so the pictures are the window as it is. Run it
// after `npm run test:e2e`; it names any screenshot that run did not take and changes nothing then.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SHOTS = fileURLToPath(new URL('../test/e2e/screenshots/', import.meta.url));
const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));

/** docs/images name → the e2e screenshot it is. */
const SHOWN = {
  'shipments.png': 'demo-detail',
  'attention.png': 'attention',
  'customers.png': 'customers-preview',
  'import-preview.png': 'import-preview',
  'map.png': 'map-route',
  'changes.png': 'feed-changes',
  'fields.png': 'fields-history-1440-light',
  'quick-track.png': 'quick-track-bl',
};

const missing = Object.values(SHOWN).filter((shot) => !existsSync(`${SHOTS}${shot}.png`));
if (missing.length > 0) {
  console.error(`Not taken by the last e2e run: ${missing.join(', ')}. Run npm run test:e2e first; nothing was copied.`);
  process.exit(1);
}
mkdirSync(IMAGES, { recursive: true });
for (const [image, shot] of Object.entries(SHOWN)) copyFileSync(`${SHOTS}${shot}.png`, `${IMAGES}${image}`);
console.log(`${Object.keys(SHOWN).length} screenshots copied into docs/images.`);
