/** A category as it appears in an address: 'Kitchen Remodel' → 'kitchen-remodel'. */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
