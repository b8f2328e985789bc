// One module per icon, not the package's index: the index loads all of Lucide's icons (about 170 ms in Node at
// every build, and as much parsing for esbuild), for the few dozen the site draws. Each module also exports the
// icon's drawing, which `lucideIcon` turns into a component that makes the same markup as lucide-react's at a
// fraction of the cost: its paths are made once, not on every render of every page.
import { createElement, Fragment, type ReactElement, type ReactNode, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as BathIcon from 'lucide-react/icons/bath';
import * as CalculatorIcon from 'lucide-react/icons/calculator';
import * as ClipboardCheckIcon from 'lucide-react/icons/clipboard-check';
import * as CookingPotIcon from 'lucide-react/icons/cooking-pot';
import * as DraftingCompassIcon from 'lucide-react/icons/drafting-compass';
import * as EyeIcon from 'lucide-react/icons/eye';
import * as FileCheckIcon from 'lucide-react/icons/file-check';
import * as GemIcon from 'lucide-react/icons/gem';
import * as HammerIcon from 'lucide-react/icons/hammer';
import * as HandshakeIcon from 'lucide-react/icons/handshake';
import * as HeartIcon from 'lucide-react/icons/heart';
import * as HomeIcon from 'lucide-react/icons/house';
import * as HousePlusIcon from 'lucide-react/icons/house-plus';
import * as KeyRoundIcon from 'lucide-react/icons/key-round';
import * as LayersIcon from 'lucide-react/icons/layers';
import * as LeafIcon from 'lucide-react/icons/leaf';
import * as MessagesSquareIcon from 'lucide-react/icons/messages-square';
import * as PencilRulerIcon from 'lucide-react/icons/pencil-ruler';
import * as RulerIcon from 'lucide-react/icons/ruler';
import * as ShieldIcon from 'lucide-react/icons/shield';
import * as ShovelIcon from 'lucide-react/icons/shovel';
import * as SofaIcon from 'lucide-react/icons/sofa';
import * as SunIcon from 'lucide-react/icons/sun';
import * as UsersIcon from 'lucide-react/icons/users';
import * as WarehouseIcon from 'lucide-react/icons/warehouse';
import * as WrenchIcon from 'lucide-react/icons/wrench';
import * as ZapIcon from 'lucide-react/icons/zap';
import * as ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import * as ArrowRightIcon from 'lucide-react/icons/arrow-right';
import * as ArrowUpIcon from 'lucide-react/icons/arrow-up';
import * as AwardIcon from 'lucide-react/icons/award';
import * as CalendarIcon from 'lucide-react/icons/calendar';
import * as CheckIcon from 'lucide-react/icons/check';
import * as ClockIcon from 'lucide-react/icons/clock';
import * as MailIcon from 'lucide-react/icons/mail';
import * as MapPinIcon from 'lucide-react/icons/map-pin';
import * as MenuIcon from 'lucide-react/icons/menu';
import * as PauseIcon from 'lucide-react/icons/pause';
import * as PhoneIcon from 'lucide-react/icons/phone';
import * as PlayIcon from 'lucide-react/icons/play';
import * as ChevronDownIcon from 'lucide-react/icons/chevron-down';
import * as XIcon from 'lucide-react/icons/x';
import type { IconName } from '../lib/visual-names.ts';


/** An icon as Lucide draws it: its name, its view box size and its elements. */
interface IconDrawing {
  name: string;
  size?: number;
  aliases?: string[];
  node: Array<[tag: string, attributes: Record<string, string>]>;
}

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number | string; children?: ReactNode };
export type SiteIcon = (props: IconProps) => ReactElement;

// lucide-react 1.x exports each icon's drawing as `__iconData` beside the component; its types declare only the
// component, hence the cast.
const drawingOf = (module: object): IconDrawing => (module as { __iconData: IconDrawing }).__iconData;

/** Accessible props name the icon, so it is not hidden from assistive technology (lucide-react's rule). */
function labels(props: Record<string, unknown>): boolean {
  // A loop rather than Object.entries: a page draws dozens of icons, and a 10,000-page build half a million.
  for (const key in props) if ((key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null) return true;
  return false;
}

/**
 * A component drawing `drawing` with exactly lucide-react's markup: its attributes in its order (the defaults,
 * the class, aria-hidden unless the icon is labelled, then any other props), its elements as children.
 */
function lucideIcon(drawing: IconDrawing): SiteIcon {
  const paths = drawing.node.map(([tag, attributes]) => createElement(tag, attributes));
  // Without children of the page's own, the drawing goes in as markup made once: React then renders one element
  // per icon rather than three or four (a city page draws 17 icons of its own, a 10,000-page build 170,000).
  const drawn = { __html: renderToStaticMarkup(createElement(Fragment, null, ...paths)) };
  const iconClasses = ['lucide', `lucide-${drawing.name}`, ...(drawing.aliases ?? []).filter((alias) => alias.trim()).map((alias) => `lucide-${alias}`)];
  const viewBox = `0 0 ${drawing.size ?? 24} ${drawing.size ?? 24}`;
  // Most icons take no class of their own: their class attribute is made once.
  const baseClass = [...new Set(iconClasses)].join(' ');
  const Icon = ({ size, color, width, height, strokeWidth, className, children, ...rest }: IconProps) => {
    const attributes: Record<string, unknown> = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: width ?? size ?? 24,
      height: height ?? size ?? 24,
      viewBox,
      fill: 'none',
      stroke: color ?? 'currentColor',
      strokeWidth: strokeWidth ?? 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: className ? [...new Set([...iconClasses, ...className.split(/\s+/).filter(Boolean)])].join(' ') : baseClass,
    };
    if (!children && !labels(rest as Record<string, unknown>)) attributes['aria-hidden'] = 'true';
    Object.assign(attributes, rest);
    if (children) return createElement('svg', attributes, ...paths, children);
    attributes.dangerouslySetInnerHTML = drawn;
    return createElement('svg', attributes);
  };
  return Icon;
}

/** An empty SVG element as React writes it: its attributes in order, `key` left out. */
const Bath = lucideIcon(drawingOf(BathIcon));
const Calculator = lucideIcon(drawingOf(CalculatorIcon));
const ClipboardCheck = lucideIcon(drawingOf(ClipboardCheckIcon));
const CookingPot = lucideIcon(drawingOf(CookingPotIcon));
const DraftingCompass = lucideIcon(drawingOf(DraftingCompassIcon));
const Eye = lucideIcon(drawingOf(EyeIcon));
const FileCheck = lucideIcon(drawingOf(FileCheckIcon));
const Gem = lucideIcon(drawingOf(GemIcon));
const Hammer = lucideIcon(drawingOf(HammerIcon));
const Handshake = lucideIcon(drawingOf(HandshakeIcon));
const Heart = lucideIcon(drawingOf(HeartIcon));
const Home = lucideIcon(drawingOf(HomeIcon));
const HousePlus = lucideIcon(drawingOf(HousePlusIcon));
const KeyRound = lucideIcon(drawingOf(KeyRoundIcon));
const Layers = lucideIcon(drawingOf(LayersIcon));
const Leaf = lucideIcon(drawingOf(LeafIcon));
const MessagesSquare = lucideIcon(drawingOf(MessagesSquareIcon));
const PencilRuler = lucideIcon(drawingOf(PencilRulerIcon));
const Ruler = lucideIcon(drawingOf(RulerIcon));
const Shield = lucideIcon(drawingOf(ShieldIcon));
const Shovel = lucideIcon(drawingOf(ShovelIcon));
const Sofa = lucideIcon(drawingOf(SofaIcon));
const Sun = lucideIcon(drawingOf(SunIcon));
const Users = lucideIcon(drawingOf(UsersIcon));
const Warehouse = lucideIcon(drawingOf(WarehouseIcon));
const Wrench = lucideIcon(drawingOf(WrenchIcon));
const Zap = lucideIcon(drawingOf(ZapIcon));
const ArrowLeft = lucideIcon(drawingOf(ArrowLeftIcon));
const ArrowRight = lucideIcon(drawingOf(ArrowRightIcon));
const ArrowUp = lucideIcon(drawingOf(ArrowUpIcon));
const Award = lucideIcon(drawingOf(AwardIcon));
const Calendar = lucideIcon(drawingOf(CalendarIcon));
const Check = lucideIcon(drawingOf(CheckIcon));
const Clock = lucideIcon(drawingOf(ClockIcon));
const Mail = lucideIcon(drawingOf(MailIcon));
const MapPin = lucideIcon(drawingOf(MapPinIcon));
const Menu = lucideIcon(drawingOf(MenuIcon));
const Pause = lucideIcon(drawingOf(PauseIcon));
const Phone = lucideIcon(drawingOf(PhoneIcon));
const Play = lucideIcon(drawingOf(PlayIcon));
const ChevronDown = lucideIcon(drawingOf(ChevronDownIcon));
const X = lucideIcon(drawingOf(XIcon));

export { ArrowLeft, ArrowRight, ArrowUp, Award, Calendar, Check, Clock, Mail, MapPin, Menu, Pause, Phone, Play, ChevronDown, X };

/** Card icons by the names the data files use (validated against ICON_NAMES). */
export const namedIcons: Record<IconName, SiteIcon> = {
  users: Users, ruler: Ruler, eye: Eye, shield: Shield, hammer: Hammer, heart: Heart, home: Home, clipboard: ClipboardCheck,
  drafting: PencilRuler, 'file-check': FileCheck, layers: Layers, sofa: Sofa, shovel: Shovel, gem: Gem, bath: Bath, kitchen: CookingPot,
  zap: Zap, leaf: Leaf, 'house-plus': HousePlus, garage: Warehouse, sun: Sun, compass: DraftingCompass, calculator: Calculator,
  key: KeyRound, messages: MessagesSquare, handshake: Handshake, wrench: Wrench,
};

/** Lucide has no brand marks; these are the simple Facebook and Instagram glyphs. */
export function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.4-.9 1-.9Z" />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
