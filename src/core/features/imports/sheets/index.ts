/** Customer spreadsheets to validated references: no network, no database, injected lookups. */
export type * from './types.js';
export { validateSpreadsheetInCage, inspectSpreadsheet } from './cage.js';
export { prescanSpreadsheet } from './prescan.js';
