/**
 * The carrier directory. SCACs, container owner prefixes and vessel names are real.
 * Carriers with the same `source` share a data source: a reference gives the same
 * result whichever of them is named in the request (the service's interface 1.7).
 */
import { Rng } from './random.js';

export interface CarrierInfo {
  companyId: number;
  name: string;
  fullName: string;
  scac: string;
  scacs: string[];
  url: string;
  cn: boolean;
  bl: boolean;
  bk: boolean;
  source: string;
  /** ISO 6346 owner prefixes (owner code + category U). */
  prefixes: string[];
  vessels: string[];
  /** Patterns: `#` digit, `@` letter, anything else literal. */
  blPattern: string;
  bkPattern: string;
  /** Voyage pattern, same notation. */
  voyagePattern: string;
}

type Row = [string, string, string, string[], string, boolean, string, string[], string[], string, string, string];

const ROWS: Row[] = [
  ['MSC', 'Mediterranean Shipping Company', 'MSCU', ['MSCU', 'MEDU'], 'https://www.msc.com', true, 'msc',
    ['MSCU', 'MEDU', 'MSDU', 'MSMU'], ['MSC GULSUN', 'MSC IRINA', 'MSC LORETO', 'MSC TESSA', 'MSC AMBRA', 'MSC ISABELLA'],
    'MEDU######', '#########', 'FA###@'],
  ['Maersk', 'A.P. Moller-Maersk', 'MAEU', ['MAEU', 'MAEI'], 'https://www.maersk.com', true, 'maersk',
    ['MSKU', 'MRKU', 'MAEU', 'MRSU'], ['MAERSK MC-KINNEY MOLLER', 'MADRID MAERSK', 'MUMBAI MAERSK', 'ANE MAERSK', 'GUNHILDE MAERSK'],
    '#########', '#########', '###@'],
  ['SeaLand', 'SeaLand - A Maersk Company', 'SEAU', ['SEAU'], 'https://www.sealandmaersk.com', false, 'maersk',
    ['MRSU', 'MSKU'], ['SEALAND BALBOA', 'SEALAND MANZANILLO', 'SEALAND PHILADELPHIA'],
    'SEAU#########', '#########', '###@'],
  ['CMA CGM', 'CMA CGM Group', 'CMDU', ['CMDU'], 'https://www.cma-cgm.com', true, 'cma',
    ['CMAU', 'ECMU', 'CGMU', 'TCNU'], ['CMA CGM JACQUES SAADE', 'CMA CGM ANTOINE DE SAINT EXUPERY', 'CMA CGM TROCADERO', 'CMA CGM CHAMPS ELYSEES'],
    'CMDU@@@#######', '@@@#######', '0@@@#@@#@A'],
  ['APL', 'American President Lines', 'APLU', ['APLU'], 'https://www.apl.com', true, 'cma',
    ['APHU', 'APZU'], ['APL CHANGI', 'APL TEMASEK', 'APL RAFFLES'],
    'APLU#########', '@@@#######', '0@@@#@@#@A'],
  ['ANL', 'ANL Container Line', 'ANNU', ['ANNU'], 'https://www.anl.com.au', false, 'cma',
    ['ANNU', 'CMAU'], ['ANL WYONG', 'ANL WARRAIN', 'ANL GIPPSLAND'],
    'ANNU#######', '@@@#######', '0@@@#@@#@A'],
  ['COSCO', 'COSCO Shipping Lines', 'COSU', ['COSU'], 'https://elines.coscoshipping.com', true, 'cosco',
    ['CSNU', 'CBHU', 'CCLU', 'FCIU'], ['COSCO SHIPPING UNIVERSE', 'COSCO SHIPPING NEBULA', 'COSCO SHIPPING GALAXY', 'COSCO SHIPPING ARIES'],
    'COSU##########', '##########', '###@'],
  ['OOCL', 'Orient Overseas Container Line', 'OOLU', ['OOLU'], 'https://www.oocl.com', true, 'cosco',
    ['OOLU', 'OOCU'], ['OOCL HONG KONG', 'OOCL GERMANY', 'OOCL JAPAN', 'OOCL SPAIN'],
    'OOLU##########', '##########', '###@'],
  ['Hapag-Lloyd', 'Hapag-Lloyd AG', 'HLCU', ['HLCU'], 'https://www.hapag-lloyd.com', true, 'hapag',
    ['HLXU', 'HLBU', 'HAMU', 'UACU'], ['BERLIN EXPRESS', 'HAMBURG EXPRESS', 'AL ZUBARA', 'BARZAN', 'TSINGTAO EXPRESS'],
    'HLCU@@@#########', '########', '###@##'],
  ['ONE', 'Ocean Network Express', 'ONEY', ['ONEY'], 'https://www.one-line.com', true, 'one',
    ['ONEU', 'NYKU', 'MOLU', 'KKFU'], ['ONE INNOVATION', 'ONE TRIUMPH', 'ONE OLYMPUS', 'ONE APUS', 'ONE HARMONY'],
    'ONEY@@@#########', '@@@#########', '###@'],
  ['Evergreen', 'Evergreen Marine Corporation', 'EGLV', ['EGLV'], 'https://www.evergreen-line.com', true, 'evergreen',
    ['EGHU', 'EMCU', 'EISU', 'EITU'], ['EVER ACE', 'EVER GIVEN', 'EVER ALOT', 'EVER GENTLE', 'EVER GOLDEN'],
    'EGLV############', '############', '####-###@'],
  ['HMM', 'HMM Co. Ltd.', 'HDMU', ['HDMU'], 'https://www.hmm21.com', true, 'hmm',
    ['HDMU', 'HMMU', 'KOCU'], ['HMM ALGECIRAS', 'HMM OSLO', 'HMM COPENHAGEN', 'HMM ST PETERSBURG'],
    'HDMU@@@@#######', '@@@@#######', '###@'],
  ['Yang Ming', 'Yang Ming Marine Transport', 'YMLU', ['YMLU'], 'https://www.yangming.com', true, 'yangming',
    ['YMLU', 'YMMU'], ['YM WELLNESS', 'YM WARRANTY', 'YM WORLD', 'YM TRIUMPH'],
    'YMLU@#########', '@#########', '###@'],
  ['ZIM', 'ZIM Integrated Shipping Services', 'ZIMU', ['ZIMU'], 'https://www.zim.com', true, 'zim',
    ['ZIMU', 'ZCSU', 'JXLU'], ['ZIM KINGSTON', 'ZIM SAMMY OFER', 'ZIM MOUNT EVEREST', 'ZIM WILMINGTON'],
    'ZIMU@@@#########', '#########', '##/@'],
  ['PIL', 'Pacific International Lines', 'PCIU', ['PCIU'], 'https://www.pilship.com', true, 'pil',
    ['PCIU', 'PILU'], ['KOTA PERDANA', 'KOTA PUSAKA', 'KOTA RAJIN', 'KOTA LAYANG'],
    '@@@@#########', '@@@@#########', '###@'],
  ['Wan Hai', 'Wan Hai Lines', 'WHLC', ['WHLC'], 'https://www.wanhai.com', true, 'wanhai',
    ['WHLU', 'WHSU'], ['WAN HAI 527', 'WAN HAI 625', 'WAN HAI 316', 'WAN HAI A11'],
    '###@######', '###@######', '@###'],
  ['Matson', 'Matson Navigation Company', 'MATS', ['MATS'], 'https://www.matson.com', false, 'matson',
    ['MATU'], ['MATSONIA', 'DANIEL K. INOUYE', 'MANULANI', 'MAUNAWILI'],
    '#########', '#######', '###'],
  ['KMTC', 'Korea Marine Transport Co.', 'KMTU', ['KMTU'], 'https://www.ekmtc.com', false, 'kmtc',
    ['KMTU'], ['KMTC SHANGHAI', 'KMTC NINGBO', 'KMTC DELHI', 'KMTC SINGAPORE'],
    '@@@@#######', '@@@@#######', '##@@'],
];

export const CARRIERS: CarrierInfo[] = ROWS.map(
  ([name, fullName, scac, scacs, url, bk, source, prefixes, vessels, blPattern, bkPattern, voyagePattern], i) => ({
    companyId: 11 + i * 3,
    name,
    fullName,
    scac,
    scacs,
    url,
    cn: true,
    bl: true,
    bk,
    source,
    prefixes,
    vessels,
    blPattern,
    bkPattern,
    voyagePattern,
  }),
);

const byScac = new Map<string, CarrierInfo>();
for (const c of CARRIERS) for (const s of c.scacs) if (!byScac.has(s)) byScac.set(s, c);

/** Leasing-company prefixes: containers that do not tell their carrier. */
export const LEASING_PREFIXES = ['TGHU', 'TCLU', 'CAIU', 'SEGU', 'TRHU', 'FSCU', 'BMOU', 'GESU'];

export function carrierByScac(scac: string): CarrierInfo | undefined {
  return byScac.get(scac.toUpperCase());
}

/** The carrier whose owner prefix a container number carries, if any. */
export function carrierByPrefix(containerNumber: string): CarrierInfo | undefined {
  const prefix = containerNumber.slice(0, 4).toUpperCase();
  return CARRIERS.find((c) => c.prefixes.includes(prefix));
}

/** The carrier that answers for a data source (the first one listed). */
export function sourceOwner(source: string): CarrierInfo {
  return CARRIERS.find((c) => c.source === source)!;
}

/** Fills a pattern: `#` digit, `@` letter, anything else literal. */
export function fillPattern(pattern: string, rng: Rng): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(rng.int(10));
    else if (ch === '@') out += rng.letters(1);
    else out += ch;
  }
  return out;
}

/** Carrier weights by market share, for picking carriers of generated references. */
const SHARE: Record<string, number> = { MSCU: 20, MAEU: 17, CMDU: 13, COSU: 10, HLCU: 8, ONEY: 7, EGLV: 7, OOLU: 4, HDMU: 3, YMLU: 3, ZIMU: 3 };
export const CARRIER_WEIGHTS = CARRIERS.map((c) => SHARE[c.scac] ?? 1);
