/**
 * The one place where the service's coordinates are converted. The API gives
 * `[latitude, longitude]`; Quayside keeps `{lat, lng}` objects from here on, and map code
 * builds GeoJSON `[lng, lat]` from those named fields.
 */
import type { LatLng } from '../../platform/api/types.js';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** `[lat, lng]` from the service to `{lat, lng}`; null when absent or not a valid position. */
export function latLngFromApi(pair: LatLng | null | undefined): GeoPoint | null {
  if (!Array.isArray(pair) || pair.length < 2) return null;
  const [lat, lng] = pair;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}
