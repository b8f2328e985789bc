import type { PageContext, PageMeta } from '../../../src/index.ts';
import { CityChips } from '../../components/areas.tsx';
import { ServiceCards } from '../../components/cards.tsx';
import { Layout } from '../../components/layout.tsx';
import { CallToAction, PageHero, Section, Steps } from '../../components/sections.tsx';
import { cityLandingHref } from '../../lib/landing-data.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import type { SiteData } from '../../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `Our Services & Process | ${context.data.business.name}`,
    description: 'Custom homes, additions and ADUs, full remodels, plans and permits: one design-build team and a seven-step process, start to finish.',
  });
}

export default function Services(context: Context) {
  const { data } = context;
  return (
    <Layout context={context}>
      <PageHero
        illustration="new-home"
        title="Our Services"
        subtitle="One design-build team for your whole project: we design it, permit it and build it, so you have one contract and one point of contact from the first meeting to the final walkthrough."
      />
      <Section id="process" title="Our Process" intro="Seven steps, the same on every project, so you always know what comes next.">
        <Steps steps={data.site.process} />
      </Section>
      <Section id="service-list" title="What We Build" className="section-alt">
        <ServiceCards pages={data.servicePages} />
      </Section>
      <Section id="service-areas" title="Service Areas" intro="We work across Silicon Valley, from the Peninsula through Santa Clara County to Fremont in the East Bay.">
        <CityChips cities={data.site.serviceAreas.servicesPage} linkFor={(city) => cityLandingHref(data, city)} />
      </Section>
      <CallToAction id="services-cta" title="Start With a Conversation" text="Tell us what you have in mind; the first consultation is free." label="Book Your Consultation" />
    </Layout>
  );
}
