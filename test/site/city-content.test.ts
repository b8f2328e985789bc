import type { CheerioAPI } from 'cheerio';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadData } from '../../src/collections/load-data.ts';
import type { SiteData } from '../../templates/collections.ts';
import type { CityService, CityServicesFile } from '../../templates/lib/city-services.ts';
import type { CityInfo } from '../../templates/lib/landing-data.ts';
import site from '../../templates/site.config.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

/**
 * Issue 40: what the city pages say to a homeowner. No page talks about itself or about where its facts came from,
 * a city without an Eichler tract is not offered Eichler projects or Eichler guidelines, the 60-day ADU rule is
 * said once per ADU page (in the service's FAQ), and no city text carries a price of its own.
 */
let built: MemoryBuild;
let data: SiteData;
let cityServiceFiles: CityServicesFile[];
let cities: CityInfo[];
let pages: string[];

const EICHLER = 'eichler-home-contractor';

beforeAll(async () => {
  built = await buildInMemory(PROJECT_ROOT);
  pages = built.pages();
  data = (await loadData(site, path.join(PROJECT_ROOT, 'data'), PROJECT_ROOT)) as SiteData;
  cityServiceFiles = data.cityServices.summaries.map((summary) => data.cityServices.get(summary.slug)!);
  cities = data.cities.summaries.map((summary) => data.cities.get(summary.slug)!);
});

/** Every string inside a JSON value, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * What a page puts before a person: its body text, its title and description, and the strings it ships to show
 * later or elsewhere (island props such as the admin listing's reasons, and the JSON-LD search engines quote).
 */
function shownTexts($: CheerioAPI): string[] {
  const shipped = $('script[type="application/json"], script[type="application/ld+json"]')
    .map((_, element) => stringsIn(JSON.parse($(element).text())))
    .get() as string[];
  const body = $('body').clone();
  body.find('script, style, template').remove();
  // Elements end words, as a browser lays them out: "Here</h2><p>Every" is two words, not one.
  body.find('*').each((_, element) => void $(element).append(' '));
  const meta = [$('title').text(), $('meta[name=description]').attr('content') ?? ''];
  return [body.text(), ...meta, ...shipped].map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Words by which a page talks about itself or about our sources instead of to the homeowner. */
const SELF_TALK = [
  /\bthis page\b/i,
  /\bfact[- ]?sheet\b/i,
  /\bstays brief\b/i,
  /\bour (other )?[\w ]{0,40}\bpages (cover|explain|describe)/i,
  /\bour sources\b/i,
  /\bwikipedia\b/i,
];

/**
 * Where "this page" is not the page speaking of itself: the offline notice, which the service worker shows in
 * place of the page the visitor asked for, and which names that page.
 */
const NOT_SELF_TALK: ReadonlyArray<{ file: string; words: RegExp }> = [
  { file: 'offline.html', words: /\bthis page\b/gi },
];

function selfTalkIn(file: string, $: CheerioAPI): string[] {
  const allowed = NOT_SELF_TALK.filter((entry) => entry.file === file).map((entry) => entry.words);
  return shownTexts($).flatMap((text) => {
    const checked = allowed.reduce((rest, words) => rest.replace(words, ''), text);
    return SELF_TALK.flatMap((pattern) => {
      const match = pattern.exec(checked);
      return match
        ? [`${file}: "…${checked.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60)}…"`]
        : [];
    });
  });
}

/** The cities whose Eichler page the data keeps thin: a city with no Eichler tract has nothing Eichler to show. */
function citiesWithoutEichlerTract(): string[] {
  return cityServiceFiles
    .filter((file) => file.pairs.some((pair) => pair.service === EICHLER && pair.noindex))
    .map((file) => file.city);
}

/**
 * On a page of a city without an Eichler tract: a "Why choose" highlight or common project that names Eichler
 * work, or any text outside the service's own FAQs that speaks of Eichler guidelines as if they applied there.
 */
function eichlerClaimsIn(file: string, $: CheerioAPI): string[] {
  const items = $('#why-choose li, #our-services .check-list li')
    .map((_, element) => $(element).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter((text) => /eichler/i.test(text));
  const main = $('main').clone();
  main.find('#faqs').remove();
  const guidelines = /eichler[\w -]{0,30}guidelines|guidelines[\w -]{0,30}eichler/i.exec(
    main.text().replace(/\s+/g, ' '),
  );
  return [...items, ...(guidelines ? [guidelines[0]] : [])].map((text) => `${file}: ${text}`);
}

/** The 60-day ADU rule, however it is worded. */
const SIXTY_DAY_RULE = /\b60[- ]days?\b|\bsixty[- ]days?\b/i;

/** The sentences of a page's main text that state the 60-day ADU rule, and whether each is in the FAQs. */
function sixtyDayStatements($: CheerioAPI): Array<{ sentence: string; inFaqs: boolean }> {
  return $('main p, main li')
    .filter((_, element) => $(element).find('p, li').length === 0)
    .map((_, element) => {
      const inFaqs = $(element).closest('#faqs').length > 0;
      return $(element)
        .text()
        .replace(/\s+/g, ' ')
        .split(/(?<=[.?!])\s+/)
        .filter((sentence) => SIXTY_DAY_RULE.test(sentence))
        .map((sentence) => ({ sentence, inFaqs }));
    })
    .get() as Array<{ sentence: string; inFaqs: boolean }>;
}

/** A price: a dollar figure, or a rate per unit of floor area. */
const PRICE = /\$\s?\d|\bper (sq ft|square f(oo|ee)t)\b/i;

/** Everything a city-service record or a city file says in words. */
function pairTexts(pair: CityService): string[] {
  return [
    pair.noindex ?? '',
    pair.description,
    ...pair.section,
    pair.localFaq.question,
    pair.localFaq.answer,
    ...(pair.commonProjects ?? []),
    ...(pair.highlights ?? []).flatMap((highlight) => [highlight.title, highlight.text]),
  ];
}
function cityTexts(city: CityInfo): string[] {
  return [
    city.description,
    city.eichlerNote,
    city.buildingDepartment.reviews,
    ...city.buildingDepartment.planCheckSteps,
    ...city.localConsiderations,
    ...city.neighborhoods.map((neighborhood) => neighborhood.note),
  ];
}

function pricesIn(label: string, texts: string[]): string[] {
  return texts.filter((text) => PRICE.test(text)).map((text) => `${label}: ${text}`);
}

describe('pages speak to the homeowner', () => {
  it('never talk about themselves or our sources, on any built page, in any text they show or ship', () => {
    const problems = pages.flatMap((file) => selfTalkIn(file, built.$(file)));
    expect(problems).toEqual([]);
    expect(pages.length).toBeGreaterThan(120);
  });

  it('fails a thin page that says it stays brief, or an admin reason that cites the fact sheet (proof the gate can fail)', () => {
    const page = built.$('eichler-home-contractor-fremont.html');
    page('#local-guide p').first().append(' This page stays brief because there is nothing more to say.');
    const problems = selfTalkIn('eichler-home-contractor-fremont.html', page);
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toContain('This page stays brief');
    const admin = built.$('admin-seo-pages.html');
    const props = admin('#site-island-props-s0');
    props.text(props.text().replace('No Eichler tract in Fremont', 'The fact sheet finds no Eichler tract in Fremont'));
    expect(selfTalkIn('admin-seo-pages.html', admin)).toEqual([
      expect.stringContaining('The fact sheet finds no Eichler tract'),
    ]);
    // The offline notice names the page the visitor asked for; the same words elsewhere are the page on itself.
    const about = built.$('about.html');
    about('main').append('<p>This page is not available offline.</p>');
    expect(selfTalkIn('about.html', about)).toEqual([expect.stringContaining('This page is not available offline.')]);
  });
});

describe('cities without an Eichler tract', () => {
  it('are the five the data keeps thin, each with a plain reason', () => {
    const reasons = cityServiceFiles.flatMap((file) =>
      file.pairs.filter((pair) => pair.noindex).map((pair) => pair.noindex!),
    );
    expect(citiesWithoutEichlerTract().sort()).toEqual([
      'fremont',
      'los-gatos',
      'menlo-park',
      'milpitas',
      'santa-clara',
    ]);
    // A reason the admin listing shows as it is: a few plain words, such as "No Eichler tract in Fremont".
    for (const reason of reasons) expect(reason.length, reason).toBeLessThanOrEqual(60);
    for (const reason of reasons) expect(reason, reason).not.toMatch(/[.;:]|\bpage\b/i);
  });

  it('are offered no Eichler project or Eichler-guideline highlight, on any of their pages', () => {
    const without = new Set(citiesWithoutEichlerTract());
    const files = pages.filter((file) => [...without].some((city) => file.endsWith(`-${city}.html`)));
    expect(files.length).toBeGreaterThanOrEqual(45);
    expect(files.flatMap((file) => eichlerClaimsIn(file, built.$(file)))).toEqual([]);
  });

  it("fails an Eichler addition among the projects, or the cities' Eichler guidelines among the highlights (proof the gate can fail)", () => {
    const page = built.$('eichler-home-contractor-fremont.html');
    page('#our-services .check-list').append('<li>Single-story Eichler addition</li>');
    page('#why-choose ul').append(
      "<li><h3>Guided by Eichler design</h3><p>We design with the cities' Eichler guidelines in mind.</p></li>",
    );
    const problems = eichlerClaimsIn('eichler-home-contractor-fremont.html', page);
    expect(problems).toContain('eichler-home-contractor-fremont.html: Single-story Eichler addition');
    expect(problems.filter((problem) => /Eichler guidelines/.test(problem))).toHaveLength(2);
  });

  it("show each thin page's own highlights and projects, and the service's on a page of a city with Eichler tracts", () => {
    const titles = ($: CheerioAPI) =>
      $('#why-choose h3')
        .map((_, element) => $(element).text())
        .get();
    const projects = ($: CheerioAPI) =>
      $('#our-services .check-list li')
        .map((_, element) => $(element).text().trim())
        .get();
    const service = data.services.find((candidate) => candidate.id === EICHLER)!;
    for (const city of citiesWithoutEichlerTract()) {
      const pair = cityServiceFiles
        .find((file) => file.city === city)!
        .pairs.find((candidate) => candidate.service === EICHLER)!;
      const $ = built.$(`${EICHLER}-${city}.html`);
      expect(titles($), city).toEqual(pair.highlights!.map((highlight) => highlight.title));
      expect(projects($), city).toEqual(pair.commonProjects);
    }
    const paloAlto = built.$(`${EICHLER}-palo-alto.html`);
    expect(titles(paloAlto)).toEqual(service.highlights.map((highlight) => highlight.title));
    expect(projects(paloAlto)).toEqual(service.commonProjects);
  });
});

describe('the 60-day ADU rule and prices', () => {
  it('state the 60-day rule once on each ADU page, in the service FAQ, and in no ADU section, local answer or description', () => {
    const adu = pages.filter((file) => file.startsWith('adu-contractor-'));
    expect(adu).toHaveLength(11);
    for (const file of adu) {
      const statements = sixtyDayStatements(built.$(file));
      expect(statements.length, `${file}: ${JSON.stringify(statements)}`).toBe(1);
      expect(statements[0]!.inFaqs, file).toBe(true);
      expect(built.$(file)('#faqs .faq').last().text(), file).not.toMatch(SIXTY_DAY_RULE);
    }
    const inRecords = cityServiceFiles.flatMap((file) =>
      file.pairs
        .filter((pair) => pair.service === 'adu-contractor')
        .flatMap((pair) =>
          pairTexts(pair)
            .filter((text) => SIXTY_DAY_RULE.test(text))
            .map((text) => `${file.city}: ${text}`),
        ),
    );
    expect(inRecords).toEqual([]);
  });

  it('fails an ADU page whose local section repeats the 60-day rule (proof the gate can fail)', () => {
    const page = built.$('adu-contractor-fremont.html');
    page('#local-guide p').last().append(' The city must approve or deny a complete application within 60 days.');
    const statements = sixtyDayStatements(page);
    expect(statements).toHaveLength(2);
    expect(statements.map((statement) => statement.inFaqs)).toEqual([false, true]);
  });

  it('keep every price out of the city-service records and the city files', () => {
    const problems = [
      ...cityServiceFiles.flatMap((file) =>
        file.pairs.flatMap((pair) => pricesIn(`${pair.service}-${file.city}`, pairTexts(pair))),
      ),
      ...cities.flatMap((city) => pricesIn(city.id, cityTexts(city))),
    ];
    expect(problems).toEqual([]);
  });

  it('fails a section that quotes a price per sq ft (proof the gate can fail)', () => {
    const pair = cityServiceFiles[0]!.pairs[0]!;
    const priced = { ...pair, section: [...pair.section, 'Room additions start from $300 per sq ft.'] };
    expect(pricesIn('priced', pairTexts(priced))).toEqual(['priced: Room additions start from $300 per sq ft.']);
    expect(pricesIn('rate', ['ADU construction runs 300 to 600 dollars per square foot.'])).toHaveLength(1);
  });
});
