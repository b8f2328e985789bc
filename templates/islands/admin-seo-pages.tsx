import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useHtmlId } from '../lib/html-id.ts';
import { filterPages, listedPages, serviceLabel, type AdminListing, type ListedPage } from '../lib/admin-filters.ts';
import { sha256Hex } from '../lib/sha256.ts';

interface AdminProps {
  salt: string;
  digest: string;
  listing: AdminListing;
}

/**
 * The admin listing of generated landing pages. A client-side gate only (spec section 6): the password is
 * hashed with the build's salt and compared with the digest from the build. Once unlocked it stays unlocked
 * for the rest of the visit.
 */
export default function AdminSeoPages({ salt, digest, listing }: AdminProps) {
  const [unlocked, setUnlocked] = useState(false);
  return unlocked ? <PageList listing={listing} /> : <Gate salt={salt} digest={digest} onUnlock={() => setUnlocked(true)} />;
}

function Gate({ salt, digest, onUnlock }: { salt: string; digest: string; onUnlock: () => void }) {
  const id = useHtmlId('admin-gate');
  const [password, setPassword] = useState('');
  // The button stays disabled until this runs, so Enter can never submit the form natively (password in a URL).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ((await sha256Hex(salt + password)) === digest) onUnlock();
    else window.alert('Invalid password');
  }

  return (
    <section className="admin-gate card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Admin Access</h1>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </div>
        <button className="button button-primary" type="submit" disabled={!ready}>
          Login
        </button>
      </form>
    </section>
  );
}

function PageList({ listing }: { listing: AdminListing }) {
  const id = useHtmlId('admin-list');
  const pages: ListedPage[] = useMemo(() => listedPages(listing), [listing]);
  const [search, setSearch] = useState('');
  const [service, setService] = useState('');
  const [city, setCity] = useState('');
  const services = useMemo(() => [...new Set(pages.map((p) => p.keyword))], [pages]);
  const cities = useMemo(() => [...new Set(pages.map((p) => p.city))], [pages]);
  const shown = filterPages(pages, { search, service, city });

  return (
    <section className="admin-list" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>SEO Landing Pages</h1>
      <p className="admin-counts" aria-live="polite">
        Total pages: <strong data-testid="total">{pages.length}</strong> · Showing: <strong data-testid="shown">{shown.length}</strong>
      </p>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search</label>
          <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="slug, city or service" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-service`}>Service</label>
          <select id={`${id}-service`} value={service} onChange={(e) => setService(e.target.value)}>
            <option value="">All services</option>
            {services.map((keyword) => (
              <option key={keyword} value={keyword}>
                {serviceLabel(keyword)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-city`}>City</label>
          <select id={`${id}-city`} value={city} onChange={(e) => setCity(e.target.value)}>
            <option value="">All cities</option>
            {cities.map((slug) => (
              <option key={slug} value={slug}>
                {slug}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="admin-note">
        URL testing: every page lives at <code>/{'{service-keyword}-{city}'}</code>. Open a page with View Page to check it in a new tab; a slug
        that is not in this list shows the not-found page.
      </p>
      {shown.length === 0 ? (
        <p className="admin-empty">No pages match your filters</p>
      ) : (
        <ul className="admin-pages">
          {shown.map((page) => (
            <li key={page.slug}>
              <span className="admin-keyword">{serviceLabel(page.keyword)}</span>
              <span className="admin-city">{page.city}</span>
              <code className="admin-path">
                {page.path}
                {page.noindex ? (
                  <span className="admin-noindex" title={page.noindex}>
                    {' '}
                    noindex<span className="sr-only">: {page.noindex}</span>
                  </span>
                ) : null}
              </code>
              <a href={page.path} target="_blank" rel="noopener">
                View Page<span className="sr-only"> {page.path} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
