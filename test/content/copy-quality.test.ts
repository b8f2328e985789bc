import { type CheerioAPI, load } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { engineerMentions, mainProseBlocks, repeatedRuns } from '../helpers/main-prose.ts';
import { mainTextUnits, uniqueness } from '../helpers/page-text-units.ts';

/**
 * Issue 51: copy a homeowner can trust reads as edited, not generated. No page says the same eight words twice in its
 * main text, no page names the structural engineer more than once, and no two indexable pages of one service are
 * the same page with another city's name in it.
 */
let built: MemoryBuild;
let pages: string[];

/** Two indexable pages of one service share at most this much of their text, city names set aside. */
const MAX_SHARE = 0.45;
/** The shortest run of words that counts as saying something twice. */
const RUN = 8;

const CITY_PAGE =
  /^([a-z-]+)-(sunnyvale|san-jose|santa-clara|palo-alto|menlo-park|atherton|fremont|milpitas|saratoga|los-altos|los-gatos)\.html$/;

beforeAll(async () => {
  built = await buildInMemory(PROJECT_ROOT);
  pages = built.pages();
});

/** Every run of RUN or more words a page says twice in its main text, as "page: words". */
function repetitionsIn(file: string, $: CheerioAPI = built.$(file)): string[] {
  return repeatedRuns(mainProseBlocks($), RUN).map((run) => `${file}: "${run}"`);
}

/** A city-service page's main text as comparable units, its city's name set aside. */
function neutralUnits(file: string, html = built.text(file)): string[] {
  const $ = load(html);
  const city = $('.breadcrumb li')
    .last()
    .text()
    .replace(/^.* in /, '')
    .toLowerCase();
  return mainTextUnits(html).map((unit) => unit.replaceAll(city, '{city}'));
}

/** The pairs of indexable pages of one service that share more than MAX_SHARE of their text. */
function nearCopies(texts: ReadonlyMap<string, readonly string[]>): string[] {
  const report = uniqueness(texts);
  const files = [...texts.keys()];
  const found: string[] = [];
  for (const a of files) {
    for (const b of files) {
      if (a >= b || CITY_PAGE.exec(a)![1] !== CITY_PAGE.exec(b)![1]) continue;
      const share = report.share(a, b);
      if (share > MAX_SHARE) found.push(`${a} and ${b}: ${(share * 100).toFixed(1)}%`);
    }
  }
  return found;
}

function indexableCityPages(): string[] {
  return pages.filter(
    (file) => CITY_PAGE.test(file) && !(built.$(file)('meta[name=robots]').attr('content') ?? '').includes('noindex'),
  );
}

describe('each page says a thing once', () => {
  it(`repeats no run of ${RUN} words in the main text of any page`, () => {
    expect(pages.length).toBeGreaterThan(120);
    expect(pages.flatMap((file) => repetitionsIn(file))).toEqual([]);
  });

  it('names the structural engineer at most once a page, and never as staff', () => {
    const problems = pages.filter((file) => engineerMentions(mainProseBlocks(built.$(file))) > 1);
    expect(problems).toEqual([]);
    const said = pages.filter((file) => engineerMentions(mainProseBlocks(built.$(file))) === 1);
    // Said where it matters: the plans page, and the pages of work that changes a structure.
    expect(said).toEqual(
      expect.arrayContaining([
        'services/architecture.html',
        'services/additions.html',
        'services/remodeling.html',
        'addition-contractor-fremont.html',
      ]),
    );
    for (const file of said) {
      expect(built.$(file)('main').text(), file).toMatch(/a licensed structural engineer we partner with/i);
    }
  });

  it('fails a planted repetition and a second mention of the engineer (proof the gate can fail)', () => {
    const file = 'room-addition-builder-sunnyvale.html';
    const $ = built.$(file);
    const sentence = $('#local-guide p')
      .first()
      .text()
      .split(/(?<=\.)\s/)[0]!;
    $('#local-guide p').last().append(` ${sentence}`);
    expect(repetitionsIn(file, $).length).toBeGreaterThan(0);
    expect(repetitionsIn(file, $).join(' ')).toContain(sentence.toLowerCase().split(' ').slice(0, 3).join(' '));
    $('#faqs .faq').last().append('<p>A licensed structural engineer we partner with checks the beam.</p>');
    expect(engineerMentions(mainProseBlocks($))).toBe(2);
    // Words that differ only in case and punctuation are the same words; eight are enough, seven are not.
    expect(
      repeatedRuns(['One two three four five six seven eight.', 'one, two, three four five six seven EIGHT']),
    ).toEqual(['one two three four five six seven eight']);
    expect(repeatedRuns(['One two three four five six seven.', 'one two three four five six seven'])).toEqual([]);
  });
});

/** Names the site once gave a thing that has another name elsewhere, each with the name it goes by. */
const RETIRED_NAMES: ReadonlyArray<{ name: RegExp; now: string }> = [
  { name: /Design-Build Construction/, now: 'Design + Build, as the menu names it' },
  { name: /Luxury Renovation/, now: "Full Home Remodeling, the gallery's category" },
  {
    name: /New Home Construction(?! Contractor)/,
    now: 'Custom Home Construction (the search keyword "New Home Construction Contractor" aside)',
  },
  {
    name: /Home Additions & ADUs|Full Home Remodels\b/,
    now: 'Additions & ADUs and Full Home Remodeling, as the menu names them',
  },
];

function retiredNamesIn(file: string, $: CheerioAPI = built.$(file)): string[] {
  const text = `${$('title').text()} ${$('main').text()}`;
  return RETIRED_NAMES.filter(({ name }) => name.test(text)).map(
    ({ name, now }) => `${file}: ${name.source} (now ${now})`,
  );
}

describe('one name for each thing', () => {
  it('calls each service and project category by one name on every page', () => {
    expect(pages.flatMap((file) => retiredNamesIn(file))).toEqual([]);
    // A featured project on the home page carries the category the gallery files it under.
    const home = built.$('index.html');
    const gallery = built.$('gallery.html');
    const categoryOf = ($: CheerioAPI, title: string) =>
      $('.project-card')
        .filter((_, card) => $(card).find('h3').text() === title)
        .find('.badge')
        .text();
    const featured = home('#featured-projects .project-card h3')
      .map((_, h3) => home(h3).text())
      .get();
    expect(featured).toHaveLength(4);
    for (const title of featured) expect(categoryOf(home, title), title).toBe(categoryOf(gallery, title));
    // The menu's name for the design-build service is the city pages' name for it.
    expect(built.$('design-and-build-contractor-palo-alto.html')('#local-guide h2').text()).toBe(
      'Design + Build in Palo Alto',
    );
  });

  it('finds a retired name on a page (proof the gate can fail)', () => {
    const $ = built.$('index.html');
    $('#featured-projects .badge').first().text('Luxury Renovation');
    expect(retiredNamesIn('index.html', $)).toEqual([expect.stringContaining('Luxury Renovation')]);
  });
});

describe('the city-service pages of one service', () => {
  it(`share at most ${MAX_SHARE * 100}% of their text between any two indexable pages, city names set aside`, () => {
    const indexable = indexableCityPages();
    expect(indexable.length).toBeGreaterThanOrEqual(87);
    expect(nearCopies(new Map(indexable.map((file) => [file, neutralUnits(file)])))).toEqual([]);
  });

  it("finds a page that is another city's page with the name changed (proof the gate can fail)", () => {
    const [a, b] = ['addition-contractor-fremont.html', 'addition-contractor-milpitas.html'];
    const copy = built.text(a).replaceAll('Fremont', 'Milpitas');
    const texts = new Map([
      [a, neutralUnits(a)],
      [b, neutralUnits(b, copy)],
    ]);
    expect(nearCopies(texts)).toEqual([
      expect.stringMatching(/^addition-contractor-fremont.html and addition-contractor-milpitas.html: 100.0%$/),
    ]);
  });
});
