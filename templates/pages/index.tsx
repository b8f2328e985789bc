import type { PageContext, PageMeta } from '../../src/index.ts';
import { Layout } from '../components/layout.tsx';
import type { SiteData } from '../site.config.ts';

type Context = PageContext<SiteData>;

export function meta({ data }: Context): PageMeta {
  return {
    title: `${data.business.name} | Bay Area Design-Build Contractor`,
    description: 'Expert home additions, ADUs, custom homes and full remodels across the Bay Area. Book a free consultation.',
  };
}

export default function Home({ data, site }: Context) {
  return (
    <Layout data={data} year={site.time.getFullYear()}>
      <section className="hero">
        <h1>Redefine What Home Feels Like</h1>
        <p>Expert Home Additions &amp; ADU Builders | Bay Area Remodeling Pros</p>
        <a className="button" href="/contact">
          Get a Free Consultation
        </a>
      </section>
    </Layout>
  );
}
