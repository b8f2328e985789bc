import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceFigure } from '../../templates/lib/prices.ts';
import { pricesSchema, servicePageSchema } from '../../templates/schema/content.ts';
import { serviceInfoSchema } from '../../templates/schema/landing.ts';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

/**
 * Issue 40: what the site claims about the company. It has no engineers or architects on staff, shows one dated
 * set of prices (data/site.json's prices) wherever a price appears, and drops the unsourced resale figure. Read
 * from the built pages, so a claim is caught wherever a template or a data file puts it.
 */
let site: MemoryBuild;
const pages = (): string[] => site.pages();

interface SitePrices {
  asOf: string;
  roomAddition: { fromPerSqFt: number };
  adu: { lowPerSqFt: number; highPerSqFt: number };
}
/** Read from the data file itself, not through the templates' helpers, so the test checks them too. */
const prices = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data/site.json'), 'utf8')) as { prices: SitePrices })
  .prices;

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
});

/** Elements whose text a reader sees apart from what comes before and after. */
const SEPARATE =
  'p, li, dt, dd, div, section, article, aside, header, footer, nav, main, figure, figcaption, blockquote, h1, h2, h3, h4, h5, h6, td, th, br, button, label, option';

/**
 * What a visitor reads of a page: its title, its search snippet and the text of its body (scripts aside), with a
 * space between blocks so the end of one never runs into the start of the next.
 */
function visibleText($: CheerioAPI): string {
  const body = $('body').clone();
  body.find('script, style, template').remove();
  body.find(SEPARATE).append(' ');
  return [$('title').text(), $('meta[name=description]').attr('content') ?? '', body.text()]
    .join('\n')
    .replace(/\s+/g, ' ');
}

/**
 * Wordings that put engineers or architects on the company's staff. The company works with an outside licensed
 * structural engineer, and plans the law reserves for licensed professionals are stamped by a licensed architect or
 * engineer; it employs neither.
 */
const STAFF_CLAIMS: readonly RegExp[] = [
  /\bour (?:own |in-house |staff |licensed |structural |project )*(?:engineers?|architects?)\b/i,
  /\bour designers,? (?:engineers?|architects?)\b/i,
  /\b(?:engineers?|architects?) on (?:our )?staff\b/i,
  /\bin-house (?:engineers?|engineering|architects?|architecture)\b/i,
  /\b(?:engineering|architecture|architectural) (?:team|department|staff)\b/i,
  /\bwe (?:design(?: it)?,? )?engineer\b/i,
  /\bengineer it\b/i,
  /\bdesigns?,? engineers?,? (?:and )?(?:permits?|builds?)\b/i,
  /\bengineering\b[^.]{0,60}\bunder one roof\b/i,
  /\b(?:one|our) team (?:that )?(?:handles|does|provides|offers|for) (?:the )?(?:design, )?engineering\b/i,
  /\bdesign, engineering, permits and construction\b/i,
  /\bengineered by (?:us|our)\b/i,
];

function staffClaims(text: string): string[] {
  return STAFF_CLAIMS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

describe('no engineers or architects on staff', () => {
  it('no built page implies them, in its text, title or description', () => {
    const found = pages().flatMap((file) => staffClaims(visibleText(site.$(file))).map((claim) => `${file}: ${claim}`));
    expect(found).toEqual([]);
  });

  it('says who does the structural engineering and who stamps the plans', () => {
    const architecture = visibleText(site.$('services/architecture.html'));
    expect(architecture).toContain(
      'A licensed structural engineer we partner with prepares, signs and stamps the calculations',
    );
    expect(architecture).toMatch(
      /a licensed architect or engineer in responsible charge of them signs and stamps them/,
    );
    expect(architecture).toContain('Business and Professions Code §5536');
    expect(site.$('services/architecture.html')('h1').text()).toBe('Architecture & Engineering');
  });

  it('flags each wording the issue names and others like them, and passes the right ones (proof the gate can fail)', () => {
    const wrong = [
      'our designers, engineers and builders work as one team',
      'our designers, engineer and builders',
      'we design it, engineer it, permit it and build it',
      'Design, engineering, permits and construction under one roof.',
      'one team that designs, engineers, permits and builds',
      'Our engineers size every beam.',
      'We have architects on staff.',
      'one team handles design, engineering, permits and construction',
    ];
    for (const sentence of wrong) expect(staffClaims(sentence), sentence).not.toEqual([]);
    const right = [
      'a licensed structural engineer we partner with sizes the beam',
      'a licensed architect or engineer in responsible charge of them signs and stamps them',
      'Architecture & Engineering',
      'Architectural & Engineering Plans',
      'coordinate a separate architect, engineer and builder',
    ];
    for (const sentence of right) expect(staffClaims(sentence), sentence).toEqual([]);
    const $ = site.$('about.html');
    $('main').append('<p>Our engineers and builders work together.</p>');
    expect(staffClaims(visibleText($))).toEqual(['Our engineers']);
  });
});

describe('the 60-day ADU rule', () => {
  it('appears once on each ADU city page, as a decision on a complete application, not a permit in hand', () => {
    const aduPages = pages().filter((file) => file.startsWith('adu-contractor-'));
    expect(aduPages).toHaveLength(11);
    for (const file of aduPages) {
      const text = visibleText(site.$(file));
      expect(text.match(/\b60(?: |-)days?\b/g), file).toHaveLength(1);
      expect(text, file).toContain(
        'For an ADU on a lot with an existing home, California law requires the city to approve or deny a complete application within 60 days',
      );
      expect(text, file).toContain('That is a decision, not a permit in hand.');
    }
  });
});

/** A dollar amount, with the range and the unit that make it a price figure when they follow. */
const DOLLARS = /\$\s?(\d[\d,]*)(?:\s?[-–]\s?\$?(\d[\d,]*))?(\s*(?:per|\/|a)\s*(?:sq\.?\s*ft|square\s+f(?:oo|ee)t))?/gi;
/** The elements a price is read in: the smallest that holds one is where its year must be too. */
const BLOCKS = 'p, li, dt, dd, td, th, h1, h2, h3, h4, h5, h6, figcaption, blockquote';
const YEAR = `${prices.asOf} prices`;

/** The price figures site.json's prices allow, as "$300 per sq ft" and "$300-600 per sq ft". */
const ALLOWED = new Set([
  `$${prices.roomAddition.fromPerSqFt} per sq ft`,
  `$${prices.adu.lowPerSqFt}-${prices.adu.highPerSqFt} per sq ft`,
]);

/** Every dollar amount in a text that is not one of the allowed price figures. */
function priceValueProblems(text: string): string[] {
  return [...text.matchAll(DOLLARS)].flatMap((match) => {
    const [, low, high, unit] = match;
    const figure = `$${low!.replace(/,/g, '')}${high ? `-${high.replace(/,/g, '')}` : ''} per sq ft`;
    if (!unit) return [`"${match[0].trim()}" is a dollar amount but not a price per sq ft`];
    return ALLOWED.has(figure)
      ? []
      : [`"${match[0].trim()}" is not one of data/site.json's prices (${[...ALLOWED].join(', ')})`];
  });
}

const hasDollars = (text: string): boolean => new RegExp(DOLLARS.source, 'i').test(text);

/** Each price on a page that is not shown with its year: the smallest block that holds it (or its figure) must name it. */
function undatedPrices($: CheerioAPI): string[] {
  const problems: string[] = [];
  const description = $('meta[name=description]').attr('content') ?? '';
  if (hasDollars(description) && !description.includes(YEAR)) {
    problems.push(`the description quotes a price without "${YEAR}"`);
  }
  const body = $('body').clone();
  body.find('script, style, template').remove();
  let inBlocks = 0;
  body.find(BLOCKS).each((_, element) => {
    const block = $(element);
    if (
      !hasDollars(block.text()) ||
      block
        .find(BLOCKS)
        .toArray()
        .some((child) => hasDollars($(child).text()))
    )
      return;
    inBlocks += [...block.text().matchAll(DOLLARS)].length;
    const unit = block.closest('.stat').length > 0 ? block.closest('.stat') : block;
    const text = unit.text().replace(/\s+/g, ' ').trim();
    if (!text.includes(YEAR)) problems.push(`"${text}" shows a price without "${YEAR}"`);
  });
  const all = [...body.text().matchAll(DOLLARS)].length;
  if (all !== inBlocks) problems.push(`${all - inBlocks} price(s) stand outside any paragraph, list item or figure`);
  return problems;
}

describe('one dated price value', () => {
  it('holds every price figure on every page to a value of data/site.json, shown with its year', () => {
    const problems = pages().flatMap((file) => {
      const $ = site.$(file);
      return [...priceValueProblems(visibleText($)), ...undatedPrices($)].map((problem) => `${file}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it('shows the prices where a homeowner looks for them: the additions page, the ADU and addition city pages, home and landing', () => {
    const figures = site
      .$('services/additions.html')('#cost-and-timeline .stat')
      .map((_, el) => site.$('services/additions.html')(el).text())
      .get();
    expect(figures).toContain(
      `Typical ADU cost (${YEAR})$${prices.adu.lowPerSqFt}-${prices.adu.highPerSqFt} per sq ft`,
    );
    expect(figures).toContain(`Room additions (${YEAR})from $${prices.roomAddition.fromPerSqFt} per sq ft`);
    for (const file of [
      'adu-contractor-sunnyvale.html',
      'room-addition-contractor-fremont.html',
      'addition-contractor-palo-alto.html',
      'index.html',
      'landing.html',
    ]) {
      const text = visibleText(site.$(file));
      expect(text, file).toContain(YEAR);
      expect(text, file).toMatch(/\$\d+/);
    }
    expect(visibleText(site.$('adu-contractor-sunnyvale.html'))).toContain(
      `Our ${YEAR}: ADUs typically run $${prices.adu.lowPerSqFt}-${prices.adu.highPerSqFt} per sq ft.`,
    );
  });

  it('writes a price of a thousand dollars or more with its thousands separator', () => {
    const dearer = { ...prices, roomAddition: { fromPerSqFt: 1200 }, adu: { lowPerSqFt: 950, highPerSqFt: 12500 } };
    expect(priceFigure(dearer, 'roomAddition')).toBe('from $1,200 per sq ft');
    expect(priceFigure(dearer, 'adu')).toBe('$950-12,500 per sq ft');
  });

  it('keeps prices out of the posts, which cannot read the data', () => {
    for (const file of pages().filter((page) => page.startsWith('blog/'))) {
      expect(visibleText(site.$(file)), file).not.toMatch(/\$\s?\d/);
    }
  });

  it('refuses, as the data loads, copy with a price of its own and a price range that runs backwards', () => {
    expect(serviceInfoSchema.shape.timelineNote.safeParse('Kitchens run $450 per sq ft.').success).toBe(false);
    expect(servicePageSchema.shape.intro.safeParse('Room additions start from $ 300 per sq ft.').success).toBe(false);
    expect(
      serviceInfoSchema.shape.timelineNote.safeParse('Room additions are priced from their plans and site.').success,
    ).toBe(true);
    expect(pricesSchema.safeParse(prices).success).toBe(true);
    expect(pricesSchema.safeParse({ ...prices, adu: { lowPerSqFt: 600, highPerSqFt: 300 } }).success).toBe(false);
    expect(pricesSchema.safeParse({ ...prices, asOf: 'this year' }).success).toBe(false);
  });

  it('flags a price of its own, an undated one and a stray dollar amount (proof the gate can fail)', () => {
    expect(priceValueProblems('Kitchens run $450 per sq ft.')).toEqual([
      expect.stringContaining('"$450 per sq ft" is not one of'),
    ]);
    expect(priceValueProblems('ADUs cost $300-650 per square foot.')).toEqual([
      expect.stringContaining('is not one of'),
    ]);
    expect(priceValueProblems('A budget of $80,000 goes far.')).toEqual([
      '"$80,000" is a dollar amount but not a price per sq ft',
    ]);
    expect(
      priceValueProblems(`Our ${YEAR}: room additions start from $${prices.roomAddition.fromPerSqFt} per sq ft.`),
    ).toEqual([]);
    const page = (html: string) =>
      cheerio.load(`<html><head><title>t</title></head><body><main>${html}</main></body></html>`);
    expect(
      undatedPrices(page(`<p>Room additions start from $${prices.roomAddition.fromPerSqFt} per sq ft.</p>`)),
    ).toEqual([expect.stringContaining(`without "${YEAR}"`)]);
    expect(undatedPrices(page(`<div>From $${prices.roomAddition.fromPerSqFt} per sq ft</div>`))).toEqual([
      '1 price(s) stand outside any paragraph, list item or figure',
    ]);
    expect(
      undatedPrices(
        page(
          `<dl><div class="stat"><dt>Room additions (${YEAR})</dt><dd>from $${prices.roomAddition.fromPerSqFt} per sq ft</dd></div></dl>`,
        ),
      ),
    ).toEqual([]);
  });
});

/** Claims the issue removes everywhere: the unsourced resale return and the doubled "Over 25+". */
const REMOVED_CLAIMS: readonly RegExp[] = [/\b50\s?[-–]\s?70\s?%/, /\bover\s+25\s?\+/i];

function removedClaims(text: string): string[] {
  return REMOVED_CLAIMS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

describe('removed claims', () => {
  it('no built page or feed says "50-70%" or "Over 25+"', () => {
    const textFiles = site.files.filter(
      (file) => /\.(html|xml|json|txt|webmanifest)$/.test(file.path) && !('source' in file),
    );
    expect(textFiles.length).toBeGreaterThan(120);
    const found = textFiles.flatMap((file) =>
      removedClaims(site.text(file.path)).map((claim) => `${file.path}: ${claim}`),
    );
    expect(found).toEqual([]);
  });

  it('flags both (proof the gate can fail)', () => {
    expect(removedClaims('Additions typically return 50-70% of their cost at resale.')).toEqual(['50-70%']);
    expect(removedClaims('Over 25+ years of building, we have learned.')).toEqual(['Over 25+']);
    expect(removedClaims('For over 25 years, our family has built homes; 25+ design awards.')).toEqual([]);
  });
});
