import type { PageContext, PageMeta } from '../../src/index.ts';
import { Layout } from '../components/layout.tsx';
import { CallToAction, PageHero, PullQuote, Section, StatsBand, Testimonials, TextWithAside, ValueCards } from '../components/sections.tsx';
import { pageMeta, truncate } from '../lib/page-meta.ts';
import type { SiteData } from '../collections.ts';

type Context = PageContext<SiteData>;

export function meta(context: Context): PageMeta {
  return pageMeta(context, {
    title: `About Us | ${context.data.business.name}`,
    description: truncate(`A family-owned design-build contractor in Santa Clara. ${context.data.home.aboutIntro}`),
  });
}

export default function About(context: Context) {
  const { home } = context.data;
  return (
    <Layout context={context}>
      <PageHero title="More Than a Builder — We're Your Peace of Mind" subtitle={home.aboutIntro} illustration="design-build" />
      <Section id="our-story" title="Our Story">
        <TextWithAside paragraphs={home.story.paragraphs} aside={<PullQuote text={home.aboutPullQuote} />} />
      </Section>
      <StatsBand stats={home.stats} />
      <Section id="values" title="Our Values">
        <ValueCards values={home.aboutValues} />
      </Section>
      <Section id="client-words" title="In Our Clients' Words" className="section-alt">
        <Testimonials testimonials={home.testimonials} />
      </Section>
      <CallToAction id="about-cta" title="Let's Talk About Your Home" text="Book a free consultation and meet the family behind the work." label="Get a Free Consultation" />
    </Layout>
  );
}
