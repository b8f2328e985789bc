import { RenderOnce } from '../../../src/index.ts';
import type { CityInfo, ServiceInfo } from '../../lib/landing-data.ts';
import { Check, MapPin } from '../icons.tsx';
import { Section } from '../sections.tsx';
import { permitTimeFor, serviceListFor, type CityService } from '../../lib/city-services.ts';

/** Section 3: why choose us, six differentiators specific to the service (or to the pair, where it has its own). */
export function WhyChoose({ service, city, local, company }: { service: ServiceInfo; city: CityInfo; local: CityService; company: string }) {
  const highlights = serviceListFor(service, local, city.id, 'highlights');
  return (
    <Section id="why-choose" title={`Why Choose ${company} as Your ${service.keywordLabel} in ${city.name}`} className="section-alt">
      {/* The same on every page of the service, or of the pair with its own: made once per build. */}
      <RenderOnce as="ul" className="card-grid card-grid-3" cacheKey={`why-choose ${highlights.scope}`}>
        {highlights.items.map((highlight) => (
          <li key={highlight.title} className="card">
            <Check aria-hidden="true" width={24} height={24} className="card-icon" />
            <h3>{highlight.title}</h3>
            <p>{highlight.text}</p>
          </li>
        ))}
      </RenderOnce>
    </Section>
  );
}

/**
 * Section 4: the service's (or the pair's own) common projects, with the spec's cost and timeline figures where they
 * apply, after the line that tells the service from its near namesakes where it has one.
 */
export function ServiceProjects({ service, city, local }: { service: ServiceInfo; city: CityInfo; local: CityService }) {
  const projects = serviceListFor(service, local, city.id, 'commonProjects');
  return (
    <Section id="our-services" title={`Our ${service.title} Services in ${city.name}`}>
      <RenderOnce as="div" className="prose" cacheKey={`service-projects ${projects.scope}`}>
        {service.scopeNote ? <p>{service.scopeNote}</p> : null}
        <h3>Common {service.title} Projects</h3>
        <ul className="check-list tiles">
          {projects.items.map((project) => (
            <li key={project} className="tile">
              <Check aria-hidden="true" width={20} height={20} /> {project}
            </li>
          ))}
        </ul>
        {service.costNote ? <p>{service.costNote}</p> : null}
        {service.timelineNote ? <p>{service.timelineNote}</p> : null}
      </RenderOnce>
    </Section>
  );
}

/** Section 5: the city's building department and neighbourhoods. */
export function LocalExpertise({ service, city }: { service: ServiceInfo; city: CityInfo }) {
  const department = city.buildingDepartment;
  const permitTime = permitTimeFor(service, city);
  return (
    <Section id="local-expertise" title={`Local Expertise in ${city.name}`} className="section-alt">
      {/* The same on every page of the city (but for the permit time some services name): made once per build. */}
      <RenderOnce as="div" className="local-grid" cacheKey={`local-expertise ${city.id} ${permitTime ?? ''}`}>
        <div>
          <h3>Permits and plan review</h3>
          <p>
            <strong>{department.name}.</strong> {department.reviews}
          </p>
          <ol className="plan-check">
            {department.planCheckSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {permitTime ? (
            <p>
              In our experience, plan check in {city.name} takes about {permitTime} from complete plans to a permit, once any planning approval is in hand.
            </p>
          ) : null}
          <h3>What to plan for in {city.name}</h3>
          <ul className="tiles tiles-notes">
            {city.localConsiderations.map((item) => (
              <li key={item.slice(0, 32)} className="tile">
                {item}
              </li>
            ))}
          </ul>
          {city.eichlerNote ? <p>{city.eichlerNote}</p> : null}
        </div>
        <div>
          <h3>Neighborhoods we work in</h3>
          <ul className="neighborhoods">
            {city.neighborhoods.map((neighborhood) => (
              <li key={neighborhood.name}>
                <MapPin aria-hidden="true" width={18} height={18} /> <strong>{neighborhood.name}</strong>: {neighborhood.note}
              </li>
            ))}
          </ul>
        </div>
      </RenderOnce>
    </Section>
  );
}

/** Section 6: the service's FAQs and the local one, questions as headings, answers always visible. */
/** Shown only if a page's service or city info could not be resolved; the build's data check prevents it. */
export function LoadingServiceInformation() {
  return (
    <div className="container loading-info" role="status">
      <p>Loading service information...</p>
      <p>If this persists, please try refreshing the page.</p>
    </div>
  );
}
