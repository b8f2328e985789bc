import { RenderOnce } from '../../src/index.ts';
import type { SiteData } from '../collections.ts';
import { telHref } from '../lib/phone.ts';
import { Logo } from './header.tsx';
import { ArrowUp, FacebookIcon, InstagramIcon, Mail, MapPin, Phone } from './icons.tsx';

/** A phone number that dials on tap; the `tel` class keeps it on one line. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="tel" href={telHref(phone)}>
      {phone}
    </a>
  );
}

/** The same on every page of a build, so it is rendered once. */
export function Footer({ data, year }: { data: SiteData; year: number }) {
  return (
    <RenderOnce as="footer" className="site-footer" cacheKey="footer">
      <FooterContent data={data} year={year} />
    </RenderOnce>
  );
}

function FooterContent({ data, year }: { data: SiteData; year: number }) {
  const { business, site } = data;
  return (
    <>
      <div className="footer-grid">
        <div>
          <p className="brand footer-brand" id="footer-company">
            <Logo />
            <span className="brand-name">{business.name}</span>
          </p>
          <p className="tagline">{business.tagline}</p>
          <address>
            <p>
              <MapPin aria-hidden="true" width={18} height={18} /> {business.address.street}, {business.address.city}, {business.address.region}{' '}
              {business.address.postalCode}
            </p>
            <p>
              <Phone aria-hidden="true" width={18} height={18} /> <PhoneLink phone={business.phone} />
            </p>
            <p>
              <Mail aria-hidden="true" width={18} height={18} /> <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
          </address>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {site.navigation.quickLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 id="footer-areas">Service Areas</h2>
          <p>{site.serviceAreas.footerText}</p>
          <ul className="social-links">
            <li>
              <a href={business.social.facebook} aria-label={`${business.name} on Facebook`} rel="noopener">
                <FacebookIcon />
              </a>
            </li>
            <li>
              <a href={business.social.instagram} aria-label={`${business.name} on Instagram`} rel="noopener">
                <InstagramIcon />
              </a>
            </li>
            <li>
              <a href={`mailto:${business.email}`} aria-label={`Email ${business.name}`}>
                <Mail aria-hidden="true" width={20} height={20} />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <p>
          © {year} {business.name}. All rights reserved.
        </p>
        <p>{business.licenseLine}</p>
        <a className="back-to-top" href="#top">
          <ArrowUp aria-hidden="true" width={18} height={18} /> Back to top
        </a>
      </div>
    </>
  );
}
