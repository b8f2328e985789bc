import type { SiteData } from '../collections.ts';
import { MapPin } from './icons.tsx';

/** City chips; a city with a landing page links to it (`linkFor` returns undefined otherwise). */
export function CityChips({ cities, linkFor }: { cities: readonly string[]; linkFor: (city: string) => string | undefined }) {
  return (
    <ul className="chips">
      {cities.map((city) => {
        const href = linkFor(city);
        return <li key={city}>{href ? <a className="chip" href={href}>{city}</a> : <span className="chip">{city}</span>}</li>;
      })}
    </ul>
  );
}

type AreaPoint = SiteData['site']['serviceAreas']['home'][number];

const MAP_WIDTH = 320;
const MAP_PADDING = 24;

/** Places each city by longitude and latitude (equirectangular, scaled for the latitude) inside the map. */
function project(areas: readonly AreaPoint[]): { city: string; x: number; y: number }[] {
  const lats = areas.map((a) => a.lat);
  const lngs = areas.map((a) => a.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLng - minLng) * xScale || 1;
  const scale = (MAP_WIDTH - 2 * MAP_PADDING) / spanX;
  return areas.map((a) => ({ city: a.city, x: MAP_PADDING + (a.lng - minLng) * xScale * scale, y: MAP_PADDING + (maxLat - a.lat) * scale }));
}

/** The cities as points where they lie; the one whose tile is hovered or focused is highlighted and named. */
function ServiceAreaMap({ areas }: { areas: readonly AreaPoint[] }) {
  const points = project(areas);
  const height = Math.ceil(Math.max(...points.map((p) => p.y)) + MAP_PADDING);
  return (
    <svg className="area-map" viewBox={`0 0 ${MAP_WIDTH} ${height}`} width={MAP_WIDTH} height={height} role="img" aria-label={`Map of the ${areas.length} cities we serve, placed by their coordinates`}>
      {points.map((p) => (
        <g key={p.city} className="map-point" data-city={p.city}>
          <circle cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r="6" />
          <text x={p.x.toFixed(1)} y={(p.y - 12).toFixed(1)} textAnchor="middle">
            {p.city}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * Alphabetical by city, letter case aside. Not localeCompare: its first call loads ICU's collation data (6 ms of
 * every build); city names in one language sort the same without it.
 */
function byCityName(a: AreaPoint, b: AreaPoint): number {
  const first = a.city.toLowerCase();
  const second = b.city.toLowerCase();
  return first < second ? -1 : first > second ? 1 : 0;
}

/** The home page's service areas: the map and the tiles, alphabetical; a tile links to the city's page where there is one. */
export function ServiceAreaGrid({ areas, linkFor }: { areas: readonly AreaPoint[]; linkFor: (city: string) => string | undefined }) {
  const sorted = [...areas].sort(byCityName);
  return (
    <div className="area-layout" data-area-highlight="">
      <ServiceAreaMap areas={sorted} />
      <ul className="area-grid">
        {sorted.map((area) => {
          const href = linkFor(area.city);
          const content = (
            <>
              <MapPin aria-hidden="true" width={18} height={18} /> {area.city}
            </>
          );
          return (
            <li key={area.city} className="area-tile" data-city={area.city} data-lat={area.lat} data-lng={area.lng}>
              {href ? <a href={href}>{content}</a> : <span>{content}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
