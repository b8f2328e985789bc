import type * as z from 'zod';
import type { PRICE_KEYS, pricesSchema } from '../schema/content.ts';

// The one dated set of prices (data/site.json's prices) as the pages word it: every figure a page shows comes from
// here, with its year, so no copy can quote a price of its own or an outdated one.

export type Prices = z.output<typeof pricesSchema>;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** A whole number with thousands separators, "1,200". Not toLocaleString: its first use loads ICU's data, about 45 ms of every build. */
function grouped(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+$)/g, ',');
}

function dollars(amount: number): string {
  return `$${grouped(amount)}`;
}

/** A price as a figure: "from $300 per sq ft", "$300-600 per sq ft". */
export function priceFigure(prices: Prices, key: PriceKey): string {
  switch (key) {
    case 'roomAddition':
      return `from ${dollars(prices.roomAddition.fromPerSqFt)} per sq ft`;
    case 'adu':
      return `${dollars(prices.adu.lowPerSqFt)}-${grouped(prices.adu.highPerSqFt)} per sq ft`;
  }
}

/** The label every shown price carries, so a reader knows when it held: "2026 prices". */
export function priceYear(prices: Prices): string {
  return `${prices.asOf} prices`;
}

/** What a price is for, as the start of a clause: "room additions start", "ADUs typically run". */
const SUBJECTS: Readonly<Record<PriceKey, string>> = {
  roomAddition: 'room additions start',
  adu: 'ADUs typically run',
};

/**
 * Some prices as one dated sentence: "Our 2026 prices: room additions start from $300 per sq ft, and ADUs
 * typically run $300-600 per sq ft."
 */
export function priceStatement(prices: Prices, keys: readonly PriceKey[]): string {
  const clauses = keys.map((key) => `${SUBJECTS[key]} ${priceFigure(prices, key)}`);
  const joined = clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')}, and ${clauses.at(-1)}` : (clauses[0] ?? '');
  return `Our ${priceYear(prices)}: ${joined}.`;
}

/** A figure of a service page: a value of its own, or a price shown with its year in the label. */
export function shownFigure(prices: Prices, figure: { label: string; value: string } | { label: string; price: PriceKey }): { label: string; value: string } {
  return 'price' in figure ? { label: `${figure.label} (${priceYear(prices)})`, value: priceFigure(prices, figure.price) } : figure;
}
