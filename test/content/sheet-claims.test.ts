import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

/**
 * Issue 60: what a careful reader trips on. No page or feed states a claim the fact sheet marks corrected, uncertain
 * or "Do NOT state" (the sheet lists them, and this test reads that list); the outside engineer's wording follows a
 * word it fits; and the parts of a city-service page about the city say what this city does, not what "a city" may.
 */
let site: MemoryBuild;
let pages: string[];

const SHEET = 'data/notes/city-fact-sheet.md';
const HEADING = '## Claims the pages must not make';

beforeAll(async () => {
  site = await buildInMemory(PROJECT_ROOT);
  pages = site.pages();
});

/** Elements whose text a reader sees apart from what comes before and after. */
const SEPARATE =
  'p, li, dt, dd, div, section, article, aside, header, footer, nav, main, figure, figcaption, blockquote, h1, h2, h3, h4, h5, h6, td, th, br, button, label, option, summary';

/** A text's sentences: each block apart, then split after a full stop, question or exclamation mark. */
function sentencesIn(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((block) =>
      block
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?])\s+(?=[A-Z0-9"'“‘(])/),
    )
    .filter(Boolean);
}

/** Every sentence a visitor reads of a page: its title, its search snippet and its body, scripts aside. */
function pageSentences($: CheerioAPI): string[] {
  const body = $('body').clone();
  body.find('script, style, template').remove();
  body.find(SEPARATE).append('\n');
  return [$('title').text(), $('meta[name=description]').attr('content') ?? '', body.text()].flatMap(sentencesIn);
}

/** Every sentence of the blog feed: the channel's and each item's title and description. */
function feedSentences(xml: string): string[] {
  const $ = cheerio.load(xml, { xml: true });
  return $('channel > title, channel > description, item > title, item > description')
    .map((_, element) => $(element).text())
    .get()
    .flatMap((text: string) => sentencesIn(cheerio.load(text).text()));
}

// --- a. The fact sheet's list of claims the pages must not make -------------------------------------------------

interface SheetClaim {
  pattern: RegExp;
  /** Only the built files whose path this matches, where a claim is wrong about one city only. */
  pages?: RegExp;
  reason: string;
  example: string;
}

/** One line of the list: `pattern`, optionally on `pages`, — reason — e.g. "example". */
const CLAIM_LINE = /^- `([^`]+)`(?: on `([^`]+)`)? — (.+?) — e\.g\. "(.+)"$/;

/**
 * The sheet's section of claims the pages must not make, read line by line. Its prose is free; every list line must
 * be a claim in the form above, with a valid pattern that catches its own example. Throws, naming the line, on any
 * other list line, and when the section is missing or lists no claim.
 */
function sheetClaims(markdown: string): SheetClaim[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === HEADING);
  if (start < 0) throw new Error(`${SHEET} has no "${HEADING}" section`);
  const claims: SheetClaim[] = [];
  for (let index = start + 1; index < lines.length && !/^#{1,3} /.test(lines[index]!); index++) {
    const line = lines[index]!.trimEnd();
    if (!/^\s*[-*+] /.test(line)) continue;
    const where = `${SHEET}, line ${index + 1}`;
    const match = CLAIM_LINE.exec(line);
    if (!match)
      throw new Error(`${where} is not a claim: write - \`pattern\` [on \`pages\`] — reason — e.g. "example"`);
    const [, source, pagesSource, reason, example] = match;
    let pattern: RegExp;
    let pages: RegExp | undefined;
    try {
      pattern = new RegExp(source!, 'i');
      pages = pagesSource ? new RegExp(pagesSource) : undefined;
    } catch (error) {
      throw new Error(`${where} is not a valid pattern: ${(error as Error).message}`);
    }
    if (!pattern.test(example!)) throw new Error(`${where}: the pattern does not catch its own example "${example}"`);
    claims.push({ pattern, pages, reason: reason!, example: example! });
  }
  if (claims.length === 0) throw new Error(`${SHEET}'s "${HEADING}" section lists no claim`);
  return claims;
}

/** Each sentence of a file that states one of the claims, with the sheet's reason. */
function claimsIn(file: string, sentences: readonly string[], claims: readonly SheetClaim[]): string[] {
  return claims
    .filter((claim) => !claim.pages || claim.pages.test(file))
    .flatMap((claim) =>
      sentences.flatMap((sentence) => {
        const found = claim.pattern.exec(sentence);
        return found ? [`${file}: "${found[0]}" in "${sentence}" (${claim.reason})`] : [];
      }),
    );
}

const sheet = (): string => readFileSync(path.join(PROJECT_ROOT, SHEET), 'utf8');

describe('claims the fact sheet marks corrected or uncertain', () => {
  it('are listed in the sheet in a form this test reads', () => {
    const claims = sheetClaims(sheet());
    // The corrections of issue 60 and the sheet's "Do NOT state" list are all there.
    const reasons = claims.map((claim) => claim.reason).join('\n');
    for (const subject of [
      'Lindenwood',
      'Fairglen',
      'Milpitas',
      'PCBs',
      'Pomeroy Green',
      'Eichler Overlay',
      'Old Quad',
      'Cherry Chase',
      'E-OneStop',
      'Glenmoor Gardens',
      'floor area ratio',
      'Los Altos',
      '60-day clock',
    ]) {
      expect(reasons, subject).toContain(subject);
    }
  });

  it('are stated on no built page and in no line of the feed', () => {
    const claims = sheetClaims(sheet());
    expect(pages.length).toBeGreaterThan(120);
    const found = [
      ...pages.flatMap((file) => claimsIn(file, pageSentences(site.$(file)), claims)),
      ...claimsIn('blog/feed.xml', feedSentences(site.text('blog/feed.xml')), claims),
    ];
    expect(found).toEqual([]);
  });

  it("catches each listed claim planted on a page it applies to, and passes the sheet's own wordings (proof the gate can fail)", () => {
    const claims = sheetClaims(sheet());
    for (const claim of claims) {
      const file = claim.pages ? pages.find((candidate) => claim.pages!.test(candidate))! : 'about.html';
      const $ = site.$(file);
      const before = claimsIn(file, pageSentences($), claims).length;
      $('main').append(`<p>${claim.example}</p>`);
      const after = claimsIn(file, pageSentences($), [claim]);
      expect(after.length, claim.example).toBeGreaterThan(0);
      expect(claimsIn(file, pageSentences($), claims).length, claim.example).toBeGreaterThan(before);
    }
    // In the feed too.
    const feed = site.text('blog/feed.xml');
    const planted = feed.replace('</channel>', `<item><title>${claims[0]!.example}</title></item></channel>`);
    const inFeed = claimsIn('blog/feed.xml', feedSentences(planted), claims);
    expect(inFeed.length).toBe(claimsIn('blog/feed.xml', feedSentences(feed), claims).length + 1);
    expect(inFeed).toContainEqual(expect.stringContaining(claims[0]!.reason));
    // What the sheet does say passes.
    const right = [
      'Fremont has no Eichler tract, and its postwar subdivisions are mostly ranch housing.',
      'Only around 2000 did Milpitas pass 60,000 residents; the census counted 37,820 in 1980.',
      'The demolition permit application includes the regional form for PCB screening; for a wood-frame house it is usually a matter of filling in the form, not of sampling.',
      'That 60-day clock covers the decision on a complete application; it does not mean you will have a permit in hand in 60 days.',
      'California law requires the city to approve or deny a complete application within 60 days, ministerially and without a hearing.',
      'Fallen Leaf Park is not a historic district.',
      'Most streets have no sidewalks.',
      'In 2009 the city council adopted interim rules that barred second stories in Glenmoor Gardens, though not in Mission Ranch.',
      'Joseph Eichler built his own home in Lindenwood in 1951, one of four homes he built there.',
      'The city has created Eichler Neighborhood Objective Design Standards for the Fairglen Additions historic district.',
      'Eichler built the Pomeroy Green co-op and the Pomeroy West townhouses by Benton Street.',
    ];
    expect(claimsIn('about.html', right, claims)).toEqual([]);
  });

  it('fails clearly on a missing, empty or malformed list (proof the parser can fail)', () => {
    expect(() => sheetClaims('# City fact sheet\n')).toThrow(`has no "${HEADING}" section`);
    expect(() => sheetClaims(`${HEADING}\n\nNothing yet.\n\n## Next\n- \`x\` — r — e.g. "x"\n`)).toThrow(
      'lists no claim',
    );
    expect(() => sheetClaims(`${HEADING}\n\n- Milpitas had 60,000 people by 1980\n`)).toThrow('line 3 is not a claim');
    expect(() => sheetClaims(`${HEADING}\n\n- \`(unclosed\` — a reason — e.g. "(unclosed"\n`)).toThrow(
      'is not a valid pattern',
    );
    expect(() => sheetClaims(`${HEADING}\n\n- \`\\bsixty thousand\\b\` — a reason — e.g. "60,000 by 1980"\n`)).toThrow(
      'does not catch its own example',
    );
    expect(
      sheetClaims(`${HEADING}\n\nProse.\n\n- \`\\bfoo\\b\` on \`-milpitas\\.html$\` — a reason — e.g. "Foo."\n`),
    ).toEqual([{ pattern: /\bfoo\b/i, pages: /-milpitas\.html$/, reason: 'a reason', example: 'Foo.' }]);
  });
});

// --- b. The outside engineer, in a sentence that fits -----------------------------------------------------------

/** How the site names the outside engineer: "a licensed structural engineer we partner with" and its variants. */
const ENGINEER =
  /\b(?:a|the)\s+(?:licensed\s+)?(?:structural\s+)?engineers?\s+(?:we partner with|we work with|who works with us)\b/gi;
/** Words after which the engineer is the one who does the work: "calculations by …", "the design of …". */
const AGENT_WORDS = new Set(['by', 'from', 'of', 'to', 'with']);
/** Words that open a clause whose subject the engineer can be: "… and a licensed structural engineer … sizes it". */
const CLAUSE_OPENERS = new Set(
  'and but or nor while where when whereas so then because once until after before if that which as since though although unless'.split(
    ' ',
  ),
);
/** A verb the engineer, as subject, goes on with: "sizes", "prepares", "designed", "will", "can". */
const SUBJECT_VERB = /^(?:will|can|must|may|should|would|could|might|also|first|then|is|has|does|[a-z]{2,}(?:s|ed))$/;

/**
 * Each naming of the outside engineer that does not fit its sentence. The phrase is a person, so it fits where it
 * does the work: as the subject of a clause (at the start of a sentence or clause, with a verb after it) or after a
 * word that names the one who does it ("by", "from", "of", "to", "with"). After a verb such as "needs", "requires",
 * "coordinate" or "calls for", it was grafted into a sentence written for a thing ("needs an engineer's design").
 */
function misplacedEngineer(sentence: string): string[] {
  return [...sentence.matchAll(ENGINEER)].flatMap((match) => {
    const before = sentence.slice(0, match.index).trimEnd();
    const previous = /([\p{L}'’]+)$/u.exec(before)?.[1]?.toLowerCase();
    const atBoundary = before === '' || /[.,;:!?(—–-]$/.test(before);
    const next = /^\s*([\p{L}'’]+)/u.exec(sentence.slice(match.index + match[0].length))?.[1]?.toLowerCase();
    if (previous && AGENT_WORDS.has(previous)) return [];
    if ((atBoundary || (previous && CLAUSE_OPENERS.has(previous))) && next && SUBJECT_VERB.test(next)) return [];
    return [`"${previous ?? ''} ${match[0]}${next ? ` ${next}` : ''}" in "${sentence}"`];
  });
}

describe('the outside engineer', () => {
  it('is named in a sentence that fits, on every built page', () => {
    const found = pages.flatMap((file) =>
      pageSentences(site.$(file)).flatMap((sentence) =>
        misplacedEngineer(sentence).map((problem) => `${file}: ${problem}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('fails the grafted wordings and passes the ones that fit (proof the gate can fail)', () => {
    const wrong = [
      'Opening or moving a wall of glass needs a licensed structural engineer we partner with.',
      'Design, permits and construction are covered by one agreement, and we coordinate a licensed structural engineer we partner with, so you are not left managing separate firms.',
      'A new opening requires a licensed structural engineer we partner with to size the beam.',
      'Every beam calls for a licensed structural engineer we partner with.',
      'We hire a licensed structural engineer we partner with.',
      'The engineering coordinates the licensed structural engineer we partner with.',
    ];
    for (const sentence of wrong) expect(misplacedEngineer(sentence), sentence).toHaveLength(1);
    const right = [
      'A licensed structural engineer we partner with sizes the beam, posts and any new footings.',
      'Before a wall comes out, a licensed structural engineer we partner with sizes the beam.',
      'Our designers draw the plans, while a licensed structural engineer we partner with prepares the structural design.',
      'The drawings, energy documents and calculations by a licensed structural engineer we partner with go in together.',
      'New footings are built to the design of a licensed structural engineer we partner with.',
      'The structural design comes from a licensed structural engineer we partner with, whose work we coordinate.',
      'Opening a bearing wall is often possible with a new beam, which a licensed structural engineer we partner with sizes.',
      'It is also a bigger structural undertaking: a licensed structural engineer we partner with checks whether the walls can carry it.',
    ];
    for (const sentence of right) expect(misplacedEngineer(sentence), sentence).toEqual([]);
    // On a built page as well.
    const $ = site.$('services/design-build.html');
    const before = pageSentences($).flatMap(misplacedEngineer);
    $('main').append('<p>Every opening needs a licensed structural engineer we partner with.</p>');
    const after = pageSentences($).flatMap(misplacedEngineer);
    expect(after.length).toBe(before.length + 1);
    expect(after).toContainEqual(expect.stringContaining('needs a licensed structural'));
  });
});

// --- c. The parts of a city page about the city -----------------------------------------------------------------

const CITY_PAGE =
  /^([a-z-]+)-(sunnyvale|san-jose|santa-clara|palo-alto|menlo-park|atherton|fremont|milpitas|saratoga|los-altos|los-gatos)\.html$/;

/**
 * Wordings that speak of cities in general: "a city" or "any town" doing something ("Where a city reviews…", "a
 * city's rules", "a city or town"), cities counted by a quantifier ("many cities", "some Bay Area cities"), cities as
 * the subject of a rule ("Cities may…"), "your city", and rules that vary "from city to city". A town is named as a
 * town ("Atherton is a town…", "a city that is built out" describes this one), and "the city" is the page's own.
 */
const GENERIC_PLACE: readonly RegExp[] = [
  /(?<!\b(?:is|was|as|remains|became|becomes)\s)\b(?:a|an|any|each|every|some|another|one)\s+(?:city|town|municipality|jurisdiction)(?:['’]s\b|\s+(?:may|must|can|will|would|could|should|might|often|usually|typically|generally|also|where|with|like|or)\b|\s+(?:that|which|who)\b(?!\s+(?:is|was|has been)\b)|\s+[a-z]+s\b)/i,
  /\b(?:some|many|most|few|several|certain|other|all|these|those|such|different|neighbou?ring|nearby)\s+(?:(?:bay area|california|peninsula|south bay|local)\s+)?(?:cities|towns|municipalities|jurisdictions)\b/i,
  /(?:^|[.;:]\s+)(?:cities|towns)\b|\b(?:cities|towns)\s+(?:may|must|can|often|usually|typically|generally|differ|vary|require|review|set|ask|allow|have)\b/i,
  /\byour (?:city|town)\b/i,
  /\b(?:city|town)[- ](?:to|by)[- ](?:city|town)\b|\b(?:vary|varies|differ|differs|depends?)\s+(?:by|from|with the)\s+(?:city|town)\b/i,
];

/** The words of a sentence that speak of cities in general, if any: the first wording found. */
function genericPlaceTalk(sentence: string): string[] {
  const found = GENERIC_PLACE.map((pattern) => pattern.exec(sentence)?.[0]).find(Boolean);
  return found ? [found] : [];
}

/** The parts of a city-service page about its city: the '{service} in {city}' section, Local Expertise, the local question. */
function citySections($: CheerioAPI): Array<{ part: string; sentences: string[] }> {
  const sentencesOf = (selector: string) => {
    const part = $(selector).clone();
    part.find(SEPARATE).append('\n');
    return sentencesIn(part.text());
  };
  return [
    { part: '{service} in {city}', sentences: sentencesOf('#local-guide') },
    { part: 'Local Expertise', sentences: sentencesOf('#local-expertise') },
    // The local question is the last of the page's questions, after the service's own.
    { part: 'the local question', sentences: sentencesOf('#faqs .faq:last-child') },
  ];
}

function genericCityTalkIn(file: string, $: CheerioAPI): string[] {
  return citySections($).flatMap(({ part, sentences }) =>
    sentences.flatMap((sentence) =>
      genericPlaceTalk(sentence).map((words) => `${file} (${part}): "${words}" in "${sentence}"`),
    ),
  );
}

describe('the sections about the city', () => {
  it('say what this city does, not what "a city" or "many cities" do, on all 99 city-service pages', () => {
    const landing = pages.filter((file) => CITY_PAGE.test(file));
    expect(landing).toHaveLength(99);
    for (const file of landing.slice(0, 3)) {
      const parts = citySections(site.$(file));
      for (const { part, sentences } of parts) expect(sentences.length, `${file} ${part}`).toBeGreaterThan(0);
    }
    expect(landing.flatMap((file) => genericCityTalkIn(file, site.$(file)))).toEqual([]);
  });

  it("put the page's city in the slot the service's questions leave for it", () => {
    for (const file of pages) expect(site.text(file), file).not.toMatch(/\{(?:city|service)\}/);
  });

  it('fail a planted sentence about cities in general, in each section (proof the gate can fail)', () => {
    const wrong = [
      'Where a city reviews second stories, we shape massing from the first sketch.',
      'Many cities require an arborist report.',
      'Some Bay Area cities add a design review.',
      "A city's rules may add a hearing.",
      'Cities may ask for a survey.',
      'Check what your city requires.',
      'Rules vary from city to city.',
      'Any town may set its own hours.',
    ];
    for (const sentence of wrong) expect(genericPlaceTalk(sentence), sentence).not.toEqual([]);
    const right = [
      'Atherton is a town where nearly all land is zoned for one-acre lots.',
      'On a City Landmark or in a City Landmark District, the work needs a Historic Preservation Permit.',
      'Los Altos has joined other Santa Clara County cities in a countywide ADU resource.',
      'The city reviews second stories through Individual Review.',
      'A city inspector checks the foundation before the pour.',
      'In a city that is already built out, the design of additions is what neighbors care about most.',
      'The town declared Lindenwood a historic district.',
    ];
    for (const sentence of right) expect(genericPlaceTalk(sentence), sentence).toEqual([]);
    const file = 'addition-contractor-palo-alto.html';
    const $ = site.$(file);
    const before = genericCityTalkIn(file, $).length;
    $('#local-guide p').last().append(' Where a city reviews second stories, we plan for it.');
    $('#local-expertise ul').first().append('<li class="tile">Many cities require a tree survey.</li>');
    $('#faqs .faq').last().find('p').append(' Some cities ask for more.');
    const found = genericCityTalkIn(file, $);
    expect(found.length - before).toBe(3);
    expect(found.join('\n')).toMatch(/\{service\} in \{city\}\): "a city reviews"/);
    expect(found.join('\n')).toMatch(/Local Expertise\): "Many cities"/);
    expect(found.join('\n')).toMatch(/the local question\): "Some cities"/);
  });
});
