/**
 * The place catalogue: real container ports (with real coordinates and terminals) and
 * a few inland origins and destinations. Location and terminal ids are global and stable,
 * like the service's own ids, and never equal to an index of a result's `locations` array.
 */
import type { LatLng } from '../core/platform/api/types.js';

export type Region = 'EA' | 'SEA' | 'SA' | 'ME' | 'MED' | 'NEU' | 'NAW' | 'NAE' | 'LATAM' | 'AF';

export interface Port {
  kind: 'port';
  id: number;
  code: string;
  name: string;
  country: string;
  state: string | null;
  lat: number;
  lng: number;
  region: Region;
  /** Sea nodes the port connects to directly. */
  attach: string[];
  terminals: { id: number; name: string }[];
  /** Relative size, used to pick ports. */
  weight: number;
  /** A transshipment hub. */
  hub: boolean;
}

export interface InlandPlace {
  kind: 'inland';
  id: number;
  name: string;
  country: string;
  state: string | null;
  lat: number;
  lng: number;
  /** Codes of the ports this place is served through. */
  gateways: string[];
}

export type Place = Port | InlandPlace;

type PortRow = [string, string, string, string | null, number, number, Region, string[], string[], number, boolean?];

const PORT_ROWS: PortRow[] = [
  ['CNSHA', 'Shanghai', 'China', 'Shanghai', 30.63, 122.07, 'EA', ['ecs'], ['Yangshan Deep Water Port Phase IV', 'Waigaoqiao Phase V'], 10],
  ['CNNGB', 'Ningbo', 'China', 'Zhejiang', 29.93, 121.87, 'EA', ['ecs'], ['Beilun Second Container Terminal', 'Meishan Island Container Terminal'], 8],
  ['CNTAO', 'Qingdao', 'China', 'Shandong', 36.07, 120.32, 'EA', ['ysea'], ['Qianwan Container Terminal'], 6],
  ['CNTXG', 'Tianjin', 'China', 'Tianjin', 38.98, 117.78, 'EA', ['bohai'], ['Tianjin Five Continents International Container Terminal'], 4],
  ['CNXMN', 'Xiamen', 'China', 'Fujian', 24.45, 118.07, 'EA', ['taiwan'], ['Xiamen Songyu Container Terminal'], 3],
  ['CNYTN', 'Shenzhen Yantian', 'China', 'Guangdong', 22.57, 114.27, 'EA', ['hk'], ['Yantian International Container Terminals'], 7],
  ['CNNSA', 'Guangzhou Nansha', 'China', 'Guangdong', 22.7, 113.65, 'EA', ['hk'], ['Nansha Phase III Terminal'], 4],
  ['HKHKG', 'Hong Kong', 'Hong Kong', null, 22.32, 114.13, 'EA', ['hk'], ['Kwai Tsing Container Terminal 9'], 3, true],
  ['KRPUS', 'Busan', 'South Korea', 'Busan', 35.08, 129.04, 'EA', ['korea'], ['Busan New Port PNIT', 'Hutchison Busan Container Terminal'], 6, true],
  ['TWKHH', 'Kaohsiung', 'Taiwan', null, 22.6, 120.28, 'EA', ['taiwan', 'hk'], ['Kaohsiung Terminal 6'], 3, true],
  ['JPYOK', 'Yokohama', 'Japan', 'Kanagawa', 35.45, 139.65, 'EA', ['uraga'], ['Minami-Honmoku Container Terminal'], 2],
  ['SGSIN', 'Singapore', 'Singapore', null, 1.26, 103.84, 'SEA', ['sing'], ['Pasir Panjang Terminal', 'Tuas Port'], 8, true],
  ['MYPKG', 'Port Klang', 'Malaysia', 'Selangor', 3.0, 101.39, 'SEA', ['malacca'], ['Westports', 'Northport'], 4, true],
  ['MYTPP', 'Tanjung Pelepas', 'Malaysia', 'Johor', 1.36, 103.55, 'SEA', ['sing'], ['PTP Container Terminal'], 3, true],
  ['THLCH', 'Laem Chabang', 'Thailand', 'Chonburi', 13.08, 100.88, 'SEA', ['gthai'], ['Hutchison Laem Chabang Terminal D'], 3],
  ['VNCMT', 'Cai Mep', 'Vietnam', 'Ba Ria-Vung Tau', 10.52, 107.03, 'SEA', ['vn'], ['Cai Mep International Terminal'], 3],
  ['IDTPP', 'Jakarta', 'Indonesia', 'Jakarta', -6.1, 106.88, 'SEA', ['sing'], ['Jakarta International Container Terminal'], 2],
  ['LKCMB', 'Colombo', 'Sri Lanka', 'Western Province', 6.95, 79.84, 'SA', ['dondra'], ['Colombo International Container Terminals', 'South Asia Gateway Terminals'], 3, true],
  ['INNSA', 'Nhava Sheva', 'India', 'Maharashtra', 18.95, 72.95, 'SA', ['lak'], ['Jawaharlal Nehru Port Container Terminal', 'Nhava Sheva International Container Terminal'], 4],
  ['INMUN', 'Mundra', 'India', 'Gujarat', 22.74, 69.7, 'SA', ['arabian', 'lak'], ['Adani International Container Terminal'], 4],
  ['AEJEA', 'Jebel Ali', 'United Arab Emirates', 'Dubai', 25.01, 55.06, 'ME', ['hormuz'], ['Jebel Ali Terminal 3'], 5, true],
  ['OMSLL', 'Salalah', 'Oman', 'Dhofar', 16.94, 54.0, 'ME', ['arabian', 'aden'], ['Salalah Port Services'], 2, true],
  ['SAJED', 'Jeddah', 'Saudi Arabia', 'Makkah', 21.48, 39.17, 'ME', ['redsea'], ['Red Sea Gateway Terminal'], 2],
  ['GRPIR', 'Piraeus', 'Greece', 'Attica', 37.94, 23.62, 'MED', ['crete'], ['Piraeus Container Terminal Pier II'], 3, true],
  ['ITGOA', 'Genoa', 'Italy', 'Liguria', 44.4, 8.9, 'MED', ['sicily', 'wmed'], ["PSA Genova Pra'"], 3],
  ['ESVLC', 'Valencia', 'Spain', 'Valencian Community', 39.44, -0.32, 'MED', ['wmed', 'palos'], ['MSC Terminal Valencia', 'CSP Iberian Valencia Terminal'], 4, true],
  ['ESALG', 'Algeciras', 'Spain', 'Andalusia', 36.13, -5.44, 'MED', ['gib'], ['APM Terminals Algeciras', 'Total Terminal International Algeciras'], 3, true],
  ['MAPTM', 'Tanger Med', 'Morocco', 'Tanger-Tetouan-Al Hoceima', 35.89, -5.5, 'MED', ['gib'], ['Tanger Med 2 APM Terminals', 'Eurogate Tanger'], 3, true],
  ['ESBCN', 'Barcelona', 'Spain', 'Catalonia', 41.35, 2.17, 'MED', ['wmed'], ['BEST Hutchison Barcelona'], 2],
  ['MTMAR', 'Marsaxlokk', 'Malta', null, 35.82, 14.54, 'MED', ['sicily'], ['Malta Freeport'], 1, true],
  ['NLRTM', 'Rotterdam', 'Netherlands', 'South Holland', 51.95, 4.05, 'NEU', ['northSea', 'dover'], ['ECT Delta Terminal', 'APM Terminals Maasvlakte II', 'Rotterdam World Gateway'], 9],
  ['BEANR', 'Antwerp', 'Belgium', 'Antwerp', 51.27, 4.33, 'NEU', ['dover'], ['MPET Deurganckdok', 'PSA Noordzee Terminal'], 7],
  ['DEHAM', 'Hamburg', 'Germany', 'Hamburg', 53.55, 9.97, 'NEU', ['helgoland'], ['CTA Altenwerder', 'CTB Burchardkai', 'Eurogate Container Terminal Hamburg'], 7],
  ['DEBRV', 'Bremerhaven', 'Germany', 'Bremen', 53.56, 8.55, 'NEU', ['helgoland'], ['North Sea Terminal Bremerhaven', 'MSC Gate Bremerhaven'], 4],
  ['GBFXT', 'Felixstowe', 'United Kingdom', 'England', 51.96, 1.32, 'NEU', ['dover', 'northSea'], ['Trinity Terminal', 'Berths 8 and 9'], 5],
  ['FRLEH', 'Le Havre', 'France', 'Normandy', 49.48, 0.1, 'NEU', ['channel'], ['Terminal de France', 'Terminal Porte Oceane'], 4],
  ['GBSOU', 'Southampton', 'United Kingdom', 'England', 50.9, -1.4, 'NEU', ['channel'], ['DP World Southampton'], 2],
  ['USLAX', 'Los Angeles', 'United States', 'California', 33.73, -118.26, 'NAW', ['socal'], ['Fenix Marine Services', 'APM Terminals Pier 400', 'Yusen Terminals'], 8],
  ['USLGB', 'Long Beach', 'United States', 'California', 33.75, -118.21, 'NAW', ['socal'], ['Long Beach Container Terminal', 'Total Terminals International'], 7],
  ['USOAK', 'Oakland', 'United States', 'California', 37.8, -122.3, 'NAW', ['norcal'], ['Oakland International Container Terminal'], 3],
  ['MXZLO', 'Manzanillo', 'Mexico', 'Colima', 19.05, -104.32, 'NAW', ['baja', 'epac'], ['CONTECON Manzanillo'], 2],
  ['USNYC', 'New York/New Jersey', 'United States', 'New Jersey', 40.68, -74.15, 'NAE', ['nyApp'], ['Maher Terminals', 'Port Newark Container Terminal', 'APM Terminals Elizabeth'], 7],
  ['USSAV', 'Savannah', 'United States', 'Georgia', 32.08, -81.09, 'NAE', ['savApp'], ['Garden City Terminal'], 6],
  ['USCHS', 'Charleston', 'United States', 'South Carolina', 32.78, -79.92, 'NAE', ['savApp'], ['Wando Welch Terminal'], 3],
  ['USORF', 'Norfolk', 'United States', 'Virginia', 36.93, -76.33, 'NAE', ['chesapeake'], ['Norfolk International Terminals', 'Virginia International Gateway'], 3],
  ['USHOU', 'Houston', 'United States', 'Texas', 29.73, -95.0, 'NAE', ['houApp'], ['Bayport Container Terminal', 'Barbours Cut Container Terminal'], 4],
  ['BRSSZ', 'Santos', 'Brazil', 'Sao Paulo', -23.98, -46.3, 'LATAM', ['caboFrio'], ['Santos Brasil Tecon', 'DP World Santos', 'Brasil Terminal Portuario'], 4],
  ['COCTG', 'Cartagena', 'Colombia', 'Bolivar', 10.4, -75.53, 'LATAM', ['carib'], ['Contecar'], 2, true],
  ['ZADUR', 'Durban', 'South Africa', 'KwaZulu-Natal', -29.87, 31.03, 'AF', ['natal'], ['Durban Container Terminal Pier 2'], 2],
];

type InlandRow = [string, string, string | null, number, number, string[]];

const INLAND_ROWS: InlandRow[] = [
  ['Suzhou', 'China', 'Jiangsu', 31.3, 120.6, ['CNSHA']],
  ['Chongqing', 'China', 'Chongqing', 29.56, 106.55, ['CNSHA']],
  ['Dongguan', 'China', 'Guangdong', 23.02, 113.75, ['CNYTN', 'CNNSA']],
  ['Yiwu', 'China', 'Zhejiang', 29.31, 120.08, ['CNNGB']],
  ['Duisburg', 'Germany', 'North Rhine-Westphalia', 51.43, 6.76, ['NLRTM', 'BEANR']],
  ['Prague', 'Czechia', null, 50.08, 14.43, ['DEHAM', 'DEBRV']],
  ['Milan', 'Italy', 'Lombardy', 45.46, 9.19, ['ITGOA']],
  ['Madrid', 'Spain', 'Community of Madrid', 40.42, -3.7, ['ESVLC', 'ESALG']],
  ['Lyon', 'France', 'Auvergne-Rhone-Alpes', 45.76, 4.84, ['FRLEH']],
  ['Birmingham', 'United Kingdom', 'England', 52.49, -1.89, ['GBFXT', 'GBSOU']],
  ['Chicago', 'United States', 'Illinois', 41.88, -87.63, ['USLAX', 'USLGB', 'USNYC']],
  ['Atlanta', 'United States', 'Georgia', 33.75, -84.39, ['USSAV', 'USCHS']],
  ['Dallas', 'United States', 'Texas', 32.78, -96.8, ['USHOU', 'USLGB']],
  ['New Delhi', 'India', 'Delhi', 28.51, 77.29, ['INMUN', 'INNSA']],
  ['Sao Paulo', 'Brazil', 'Sao Paulo', -23.55, -46.63, ['BRSSZ']],
];

export const PORTS: Port[] = [];
const INLAND: InlandPlace[] = [];
const byId = new Map<number, Place>();
const terminalById = new Map<number, { id: number; name: string }>();
const portByCode = new Map<string, Port>();

let terminalId = 301;
PORT_ROWS.forEach(([code, name, country, state, lat, lng, region, attach, terminals, weight, hub], i) => {
  const port: Port = {
    kind: 'port',
    id: 4107 + i * 13,
    code,
    name,
    country,
    state,
    lat,
    lng,
    region,
    attach,
    terminals: terminals.map((t) => ({ id: (terminalId += 7), name: t })),
    weight,
    hub: hub ?? false,
  };
  PORTS.push(port);
  byId.set(port.id, port);
  portByCode.set(code, port);
  for (const t of port.terminals) terminalById.set(t.id, t);
});
INLAND_ROWS.forEach(([name, country, state, lat, lng, gateways], i) => {
  const place: InlandPlace = { kind: 'inland', id: 8803 + i * 11, name, country, state, lat, lng, gateways };
  INLAND.push(place);
  byId.set(place.id, place);
});

export function placeById(id: number): Place | undefined {
  return byId.get(id);
}

export function portByCodeOrThrow(code: string): Port {
  const port = portByCode.get(code);
  if (!port) throw new Error(`unknown port ${code}`);
  return port;
}

export function portsIn(region: Region): Port[] {
  return PORTS.filter((p) => p.region === region);
}

export function inlandFor(portCode: string): InlandPlace[] {
  return INLAND.filter((p) => p.gateways.includes(portCode));
}

export function position(place: Place): LatLng {
  return [place.lat, place.lng];
}

/** "Shanghai, China": how the outgoing webhook payload names a place. */
export function placeLabel(place: Place): string {
  return `${place.name}, ${place.country}`;
}
