import { icons as lucideIcons } from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as siteIcons from '../../templates/components/icons.tsx';

// Every icon the site draws: the named exports and the card icons the data files name.
const drawn = [
  ...Object.entries(siteIcons).filter(([name]) => /^[A-Z]/.test(name) && !name.endsWith('Icon')),
  ...Object.entries(siteIcons.namedIcons),
] as Array<[string, ComponentType<Record<string, unknown>>]>;

// The ways the templates use an icon, and a few they may.
const PROPS: Array<Record<string, unknown>> = [
  {},
  { 'aria-hidden': 'true', width: 18, height: 18 },
  { 'aria-hidden': 'true', width: 32, height: 32, className: 'card-icon' },
  { size: 20 },
  { 'aria-label': 'Call us', role: 'img' },
  { strokeWidth: 1.5, color: '#123456', className: 'a  b lucide' },
  { className: '', 'aria-label': undefined },
  { title: 'Kitchen' },
  // With children of its own the icon draws its elements as React elements; without, as markup made once.
  { children: createElement('title', null, 'Kitchen & bath') },
  {
    'aria-label': 'Menu',
    children: [createElement('title', { key: 't' }, 'Menu'), createElement('desc', { key: 'd' }, '<open>')],
  },
];

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _dash, letter: string) => letter.toUpperCase());

describe('the site’s icons', () => {
  it('draw exactly what lucide-react draws, whatever the props', () => {
    expect(drawn.length).toBeGreaterThan(40);
    for (const [name, Icon] of drawn) {
      const lucideName = /lucide-([a-z0-9-]+)/.exec(renderToStaticMarkup(createElement(Icon)))?.[1];
      const Lucide = lucideIcons[pascal(lucideName ?? '') as keyof typeof lucideIcons] as
        ComponentType<Record<string, unknown>> | undefined;
      expect(Lucide, name).toBeDefined();
      for (const props of PROPS) {
        expect(renderToStaticMarkup(createElement(Icon, props)), `${name} ${JSON.stringify(props)}`).toBe(
          renderToStaticMarkup(createElement(Lucide!, props)),
        );
      }
    }
  });
});
