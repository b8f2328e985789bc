import { useId } from 'react';

/**
 * useId as an HTML id that starts with a letter and holds only letters, digits and dashes, so it is valid
 * everywhere, CSS selectors included (React's own ids start with an underscore). Same on server and client.
 */
export function useHtmlId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9-]/g, '')}`;
}
