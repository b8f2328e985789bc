import type { SiteData } from '../site.config.ts';
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

/** The home page's service-area grid: alphabetical, each tile with its coordinates for the map widget. */
export function ServiceAreaGrid({ areas }: { areas: SiteData['site']['serviceAreas']['home'] }) {
  const sorted = [...areas].sort((a, b) => a.city.localeCompare(b.city));
  return (
    <ul className="area-grid">
      {sorted.map((area) => (
        <li key={area.city} className="area-tile" data-lat={area.lat} data-lng={area.lng}>
          <MapPin aria-hidden="true" width={18} height={18} /> {area.city}
        </li>
      ))}
    </ul>
  );
}
