/**
 * Carrier resolution against the cached carrier directory (`GET /v2/companies`): SCAC, names and
 * common aliases, B/L prefixes and container owner codes. Aliases only ever point at SCACs; a
 * carrier is used only when the directory has it, and only for the types it supports.
 */
import type { TrackingType } from '../../../../shared/domain.js';
import type { Carrier } from '../../../platform/api/types.js';
import { normaliseWords } from './normalise.js';

/** Alias (normalised words, spaces removed) → SCACs, the first one present in the directory wins. */
const ALIASES: Record<string, readonly string[]> = {
  maersk: ['MAEU'], maersklinie: ['MAEU'], apmollermaersk: ['MAEU'], sealand: ['SEAU', 'MAEU'],
  msc: ['MSCU'], mediterranean: ['MSCU'],
  hapag: ['HLCU'], hapaglloyd: ['HLCU'], hlag: ['HLCU'],
  cma: ['CMDU'], cmacgm: ['CMDU'], cgm: ['CMDU'],
  cosco: ['COSU'], coscoshipping: ['COSU'], chinaocean: ['COSU'],
  evergreen: ['EGLV'], evergreenline: ['EGLV'],
  one: ['ONEY'], oceannetworkexpress: ['ONEY'], nyk: ['ONEY'], mol: ['ONEY'], kline: ['ONEY'],
  yangming: ['YMLU'], ym: ['YMLU'],
  hmm: ['HDMU'], hyundai: ['HDMU'], hyundaimerchant: ['HDMU'],
  zim: ['ZIMU'],
  oocl: ['OOLU'], orientoverseas: ['OOLU'],
  pil: ['PCIU'], pacificinternationallines: ['PCIU'],
  wanhai: ['WHLC'],
  matson: ['MATS'],
  hamburgsud: ['SUDU'], hamburgsued: ['SUDU'],
  apl: ['APLU'], americanpresident: ['APLU'],
  anl: ['ANNU'],
};

/** Words that do not tell carriers apart: "Maersk Line A/S" is Maersk. */
const NOISE = new Set([
  'line', 'lines', 'linie', 'shipping', 'company', 'co', 'ltd', 'limited', 'inc', 'corp', 'corporation', 'group',
  'ag', 'sa', 'as', 'a', 's', 'gmbh', 'kg', 'spa', 'srl', 'plc', 'llc', 'marine', 'transport', 'container',
  'containers', 'merchant', 'the', 'de', 'cie', 'cia', 'navigation', 'international', 'express', 'global',
]);
function tokensOf(text: string): string[] {
  return normaliseWords(text).split(' ').filter((t) => t !== '');
}

/** The whole name first ("Ocean Network Express" is an alias), then without the noise words. */
function keysOf(text: string): string[] {
  const tokens = tokensOf(text);
  const full = tokens.join('');
  const core = tokens.filter((t) => !NOISE.has(t)).join('');
  return core !== '' && core !== full ? [full, core] : [full];
}

/** B/L prefixes that are not the carrier's SCAC. */
const BL_PREFIXES: Record<string, readonly string[]> = { MEDU: ['MSCU'], SEAU: ['SEAU', 'MAEU'] };

/** Container owner codes (BIC) of the carriers' own boxes. A hint only: boxes are leased and shared. */
const OWNER_CODES: Record<string, readonly string[]> = {
  MSCU: ['MSCU'], MEDU: ['MSCU'],
  MSKU: ['MAEU'], MRKU: ['MAEU'], MAEU: ['MAEU'], MRSU: ['MAEU'], MSAU: ['MAEU'],
  CMAU: ['CMDU'], CGMU: ['CMDU'], ECMU: ['CMDU'],
  HLXU: ['HLCU'], HLBU: ['HLCU'], HAMU: ['HLCU'], UACU: ['HLCU'],
  COSU: ['COSU'], CBHU: ['COSU'], CSNU: ['COSU'], CCLU: ['COSU'],
  EGHU: ['EGLV'], EISU: ['EGLV'], EMCU: ['EGLV'], EITU: ['EGLV'], EGSU: ['EGLV'],
  ONEU: ['ONEY'], NYKU: ['ONEY'], MOLU: ['ONEY'], MOFU: ['ONEY'], KKFU: ['ONEY'], KKTU: ['ONEY'],
  YMLU: ['YMLU'], YMMU: ['YMLU'],
  HDMU: ['HDMU'],
  ZIMU: ['ZIMU'], ZCSU: ['ZIMU'],
  OOLU: ['OOLU'], OOCU: ['OOLU'],
  PCIU: ['PCIU'], PILU: ['PCIU'],
  WHLU: ['WHLC'], WHSU: ['WHLC'],
  MATU: ['MATS'],
  SUDU: ['SUDU'],
  APLU: ['APLU'], APZU: ['APLU'], APHU: ['APLU'], APRU: ['APLU'],
};

export interface CarrierDirectory {
  readonly carriers: readonly Carrier[];
  /** Cached text → carrier lookups: the same few names repeat on thousands of rows. */
  readonly textCache: Map<string, Carrier | null>;
  readonly byScac: Map<string, Carrier>;
  readonly byName: Map<string, Carrier>;
}

export function buildCarrierDirectory(carriers: readonly Carrier[]): CarrierDirectory {
  const byScac = new Map<string, Carrier>();
  const byName = new Map<string, Carrier>();
  for (const carrier of carriers) {
    const scac = carrier.scac.toUpperCase();
    if (!byScac.has(scac)) byScac.set(scac, carrier);
    for (const key of keysOf(carrier.name)) if (!byName.has(key)) byName.set(key, carrier);
  }
  return { carriers, textCache: new Map(), byScac, byName };
}

function firstPresent(directory: CarrierDirectory, scacs: readonly string[] | undefined): Carrier | null {
  for (const scac of scacs ?? []) {
    const carrier = directory.byScac.get(scac);
    if (carrier) return carrier;
  }
  return null;
}

function resolveUncached(directory: CarrierDirectory, text: string): Carrier | null {
  const upper = text.trim().toUpperCase();
  const bySCAC = directory.byScac.get(upper);
  if (bySCAC) return bySCAC;
  for (const key of keysOf(text)) {
    const viaAlias = firstPresent(directory, ALIASES[key]);
    if (viaAlias) return viaAlias;
    const viaName = directory.byName.get(key);
    if (viaName) return viaName;
  }
  // "MSC Mediterranean Shipping Company S.A.": every word that names a carrier names the same one.
  let single: Carrier | null = null;
  for (const token of tokensOf(text)) {
    if (NOISE.has(token) || token.length < 3) continue;
    const carrier = firstPresent(directory, ALIASES[token]) ?? directory.byName.get(token) ?? null;
    if (carrier === null) continue;
    if (single !== null && single !== carrier) return null;
    single = carrier;
  }
  return single;
}

/** A carrier cell (SCAC, name or alias: "MAEU", "Maersk Line", "Hapag Lloyd", "CMA-CGM"). */
export function resolveCarrierText(directory: CarrierDirectory, text: string): Carrier | null {
  let found = directory.textCache.get(text);
  if (found === undefined) {
    found = resolveUncached(directory, text);
    directory.textCache.set(text, found);
  }
  return found;
}

/** The carrier named by the first four letters of a B/L (MAEU…, MEDU… → MSC), or null. */
export function carrierFromBlPrefix(directory: CarrierDirectory, reference: string): Carrier | null {
  const prefix = reference.slice(0, 4);
  if (!/^[A-Z]{4}$/.test(prefix)) return null;
  return firstPresent(directory, BL_PREFIXES[prefix]) ?? directory.byScac.get(prefix) ?? null;
}

/** The carrier that owns a container by its owner code (MSKU → Maersk), or null. */
export function carrierFromContainerOwner(directory: CarrierDirectory, container: string): Carrier | null {
  return firstPresent(directory, OWNER_CODES[container.slice(0, 4)]);
}

function supportsType(carrier: Carrier, type: TrackingType): boolean {
  return type === 'container' ? carrier.cn : type === 'bl' ? carrier.bl : carrier.bk;
}

const TYPE_LABEL: Record<TrackingType, string> = { container: 'containers', bl: 'bills of lading', bk: 'bookings' };

export type CarrierChoice =
  | { ok: true; scac: string; name: string | null; source: 'column' | 'default' | 'bl-prefix' | 'owner-prefix' | 'auto'; warning?: string }
  | { ok: false; reason: string };

function use(carrier: Carrier, type: TrackingType, source: 'column' | 'default' | 'bl-prefix' | 'owner-prefix', why: string): CarrierChoice {
  if (supportsType(carrier, type)) return { ok: true, scac: carrier.scac, name: carrier.name, source };
  return { ok: false, reason: `${carrier.name} (${carrier.scac}${why}) does not track ${TYPE_LABEL[type]} in the carrier directory` };
}

/**
 * The carrier of one reference: the row's carrier cell; for a B/L, the SCAC its number starts
 * with; the default carrier; for a container, its owner code when that carrier tracks containers,
 * else AUTO. A B/L or booking without one is rejected (AUTO is containers only); a container whose
 * cell names no known carrier goes as AUTO with a warning (the person named some other carrier).
 */
export function chooseCarrier(
  directory: CarrierDirectory,
  type: TrackingType,
  reference: string,
  carrierText: string,
  defaultCarrier: Carrier | null,
): CarrierChoice {
  const text = carrierText.trim();
  if (text !== '' && text.toUpperCase() !== 'AUTO') {
    const carrier = resolveCarrierText(directory, text);
    if (carrier) return use(carrier, type, 'column', '');
    if (type !== 'container') {
      return { ok: false, reason: `carrier "${text}" is not in the carrier directory; write its SCAC (e.g. MAEU) or its name` };
    }
    const warning = `carrier "${text}" is not in the carrier directory; sent as AUTO, the service finds the carrier`;
    return { ok: true, scac: 'AUTO', name: null, source: 'auto', warning };
  }
  if (type === 'bl') {
    const byPrefix = carrierFromBlPrefix(directory, reference);
    if (byPrefix) return use(byPrefix, type, 'bl-prefix', ', from the B/L prefix');
  }
  if (defaultCarrier) return use(defaultCarrier, type, 'default', ', the default carrier');
  if (type !== 'container') {
    const what = type === 'bl' ? 'B/L' : 'booking';
    return { ok: false, reason: `no carrier for this ${what}: add a Carrier column (name or SCAC) or choose a default carrier; only containers can be sent without one` };
  }
  const owner = carrierFromContainerOwner(directory, reference);
  if (owner && owner.cn) return { ok: true, scac: owner.scac, name: owner.name, source: 'owner-prefix' };
  return { ok: true, scac: 'AUTO', name: null, source: 'auto' };
}
