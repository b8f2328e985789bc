import type { PageContext, PageMeta } from '../../src/index.ts';
import { CityChips } from '../components/areas.tsx';
import { ConsultationForm } from '../components/consultation-form.tsx';
import { PhoneLink } from '../components/footer.tsx';
import { Clock, Mail, MapPin, Phone } from '../components/icons.tsx';
import { Layout } from '../components/layout.tsx';
import { PageHero, Section } from '../components/sections.tsx';
import { cityLandingHref } from '../lib/landing-data.ts';
import { CONSULTATION_DRAFT_SCRIPT, pageMeta } from '../lib/page-meta.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  const { business } = context.data;
  return pageMeta(context, {
    title: `Contact Us | ${business.name}`,
    description: `Book a free consultation for your addition, ADU, custom home or remodel. Call ${business.phone} or send us your project details.`,
    scripts: [CONSULTATION_DRAFT_SCRIPT],
  });
}

export default function Contact(context: Context) {
  const { data } = context;
  const { business } = data;
  return (
    <Layout context={context}>
      <PageHero title="Contact Us" subtitle="Tell us about your project and we'll be in touch within 24-48 hours to set up your free consultation." />
      <div className="section">
        <div className="container contact-grid">
          <section aria-labelledby="form-title">
            <h2 id="form-title">Request a Free Consultation</h2>
            <ConsultationForm context={context} source="contact-page" hydrate="interaction" />
          </section>
          <aside className="contact-details" aria-labelledby="details-title">
            <h2 id="details-title">Get in Touch</h2>
            <p>
              <Phone aria-hidden="true" width={20} height={20} /> <PhoneLink phone={business.phone} />
            </p>
            <p>
              <Mail aria-hidden="true" width={20} height={20} /> <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
            <address>
              <MapPin aria-hidden="true" width={20} height={20} /> {business.address.street}
              <br />
              {business.address.city}, {business.address.region} {business.address.postalCode}
            </address>
            <h3>
              <Clock aria-hidden="true" width={20} height={20} /> Business Hours
            </h3>
            <ul className="hours">
              {business.hours.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
      <Section id="service-areas" title="Service Areas" className="section-alt">
        <CityChips cities={data.site.serviceAreas.contactPage} linkFor={(city) => cityLandingHref(data, city)} />
      </Section>
    </Layout>
  );
}
