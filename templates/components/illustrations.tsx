import type { ReactNode } from 'react';
import { RenderOnce } from '../../src/index.ts';
import type { IllustrationName } from '../lib/visual-names.ts';

/**
 * Line illustrations drawn as inline SVG at build time: no request, no script, and they take their colours from the
 * design tokens through classes (the CSP forbids style attributes). They are decorative, so assistive technology skips
 * them; the text beside them carries the meaning. Each is about 1 KB of markup.
 */

const WIDTH = 400;
const HEIGHT = 260;

function Tree({ x, scale = 1 }: { x: number; scale?: number }) {
  return (
    <g className="ill-tree">
      <path className="ill-trunk" d={`M${x} 228V${228 - 34 * scale}`} />
      <circle className="ill-leaves" cx={x} cy={228 - 52 * scale} r={26 * scale} />
    </g>
  );
}

/** A gabled house: white walls under a dark roof whose eaves overhang each side by 12 and whose ridge rises `rise`. */
function GableHouse({ x, y, width, height, rise, className = 'ill-wall' }: { x: number; y: number; width: number; height: number; rise: number; className?: string }) {
  return (
    <>
      <rect className={className} x={x} y={y} width={width} height={height} />
      <path className="ill-roof" d={`M${x - 12} ${y + 2} ${x + width / 2} ${y + 2 - rise}l${width / 2 + 12} ${rise}Z`} />
    </>
  );
}

/** A gabled two-story house with a crane beside it: a house being built from the ground up. */
function NewHome() {
  return (
    <>
      <Tree x={62} />
      <GableHouse x={112} y={118} width={176} height={110} rise={68} />
      <rect className="ill-glass" x="132" y="140" width="38" height="30" />
      <rect className="ill-glass" x="230" y="140" width="38" height="30" />
      <rect className="ill-door" x="184" y="172" width="32" height="56" />
      <path className="ill-crane" d="M344 228V44M276 50h94M344 44l-24 6M300 50v30" />
      <rect className="ill-new" x="290" y="80" width="20" height="14" />
    </>
  );
}

/** The house as it is, with a new wing (highlighted) and its roof tied in. */
function Addition() {
  return (
    <>
      <GableHouse x={70} y={132} width={150} height={96} rise={56} />
      <rect className="ill-glass" x="92" y="154" width="34" height="28" />
      <rect className="ill-door" x="160" y="176" width="28" height="52" />
      <rect className="ill-new" x="220" y="150" width="108" height="78" />
      <path className="ill-roof" d="M216 152h116v-12H216Z" />
      <rect className="ill-glass" x="246" y="172" width="56" height="34" />
      <path className="ill-dash" d="M220 150v78" />
      <Tree x={356} scale={0.8} />
    </>
  );
}

/** A main house and a small backyard cottage (highlighted) joined by a path. */
function Adu() {
  return (
    <>
      <GableHouse x={36} y={120} width={150} height={108} rise={56} />
      <rect className="ill-glass" x="56" y="144" width="34" height="28" />
      <rect className="ill-door" x="124" y="172" width="28" height="56" />
      <path className="ill-dash" d="M190 222h64" />
      <GableHouse x={262} y={158} width={104} height={70} rise={40} className="ill-new" />
      <rect className="ill-door" x="302" y="186" width="24" height="42" />
      <rect className="ill-glass" x="276" y="176" width="18" height="20" />
      <rect className="ill-glass" x="336" y="176" width="18" height="20" />
    </>
  );
}

/** A kitchen wall: upper and base cabinets, a new counter (highlighted), a window and pendant lights. */
function Remodel() {
  return (
    <>
      <rect className="ill-wall" x="52" y="62" width="196" height="48" />
      <path className="ill-line" d="M101 62v48M150 62v48M199 62v48" />
      <rect className="ill-glass" x="270" y="58" width="78" height="62" />
      <path className="ill-line" d="M309 58v62" />
      <path className="ill-line" d="M150 24v50M220 24v50" />
      <path className="ill-new" d="M138 74h24l-4 10h-16ZM208 74h24l-4 10h-16Z" />
      <rect className="ill-new" x="44" y="150" width="312" height="10" />
      <rect className="ill-wall" x="52" y="160" width="296" height="68" />
      <path className="ill-line" d="M126 160v68M200 160v68M274 160v68" />
      <path className="ill-line" d="M110 186h8M134 186h8M258 186h8M282 186h8" />
    </>
  );
}

/** A bathroom wall: tiled tub surround, a vanity (highlighted) and a mirror. */
function Bathroom() {
  return (
    <>
      <rect className="ill-glass" x="52" y="58" width="160" height="120" />
      <path className="ill-tile" d="M52 88h160M52 118h160M52 148h160M92 58v120M132 58v120M172 58v120" />
      <path className="ill-wall" d="M44 178h176v22a28 28 0 0 1-28 28H72a28 28 0 0 1-28-28Z" />
      <path className="ill-line" d="M188 70v-8h14" />
      <rect className="ill-glass" x="262" y="58" width="78" height="74" rx="36" />
      <rect className="ill-new" x="248" y="160" width="106" height="68" />
      <path className="ill-line" d="M248 176h106M301 176v52M301 150v10M293 150h16" />
    </>
  );
}

/** A plan sheet on the left becoming a built house on the right: one team from drawing to building. */
function DesignBuild() {
  return (
    <>
      <rect className="ill-sheet" x="36" y="48" width="150" height="160" rx="6" />
      <path className="ill-plan" d="M58 78h106v100H58ZM58 128h54v50M112 78v30M132 128h32" />
      <path className="ill-dash" d="M58 196h106M58 192v8M164 192v8" />
      <path className="ill-arrow" d="M204 136h40m-10-10 10 10-10 10" />
      <GableHouse x={268} y={140} width={100} height={88} rise={42} />
      <rect className="ill-new" x="286" y="160" width="26" height="22" />
      <rect className="ill-door" x="326" y="182" width="24" height="46" />
    </>
  );
}

/** A floor plan with door swings and a dimension line: drawings and engineering. */
function FloorPlan() {
  return (
    <>
      <rect className="ill-sheet" x="48" y="30" width="304" height="186" rx="6" />
      <path className="ill-plan-wall" d="M76 56h248v132H76ZM196 56v72M196 160v28M76 120h72M176 120h20M260 56v132" />
      <path className="ill-plan" d="M148 120a28 28 0 0 1 28-28M196 128a32 32 0 0 1 32 32" />
      <rect className="ill-new" x="264" y="60" width="56" height="124" />
      <path className="ill-dash" d="M76 204h248M76 198v12M324 198v12" />
    </>
  );
}

/** A mid-century post-and-beam house: low roof, deep eaves, exposed beams and a wall of glass. */
function Eichler() {
  return (
    <>
      <Tree x={356} scale={0.9} />
      <path className="ill-roof" d="M32 118 192 96l160 22v8L192 104 32 126Z" />
      <path className="ill-beam" d="M64 122v10M104 117v10M144 111v10M240 111v10M280 117v10M320 122v10" />
      <rect className="ill-wall" x="56" y="130" width="92" height="98" />
      <rect className="ill-new" x="148" y="124" width="160" height="104" />
      <path className="ill-line" d="M188 124v104M228 124v104M268 124v104" />
      <rect className="ill-door" x="80" y="166" width="30" height="62" />
    </>
  );
}

const DRAWINGS: Record<IllustrationName, () => ReactNode> = {
  'new-home': NewHome,
  addition: Addition,
  adu: Adu,
  remodel: Remodel,
  bathroom: Bathroom,
  'design-build': DesignBuild,
  'floor-plan': FloorPlan,
  eichler: Eichler,
};

/**
 * One of the named illustrations in its frame; the names are validated in the data schemas that refer to them.
 * Each is drawn once per build (<RenderOnce>): a 10,000-page site shows the same nine drawings on every page of a
 * service.
 */
export function Illustration({ name }: { name: IllustrationName }) {
  const Drawing = DRAWINGS[name];
  return (
    <RenderOnce as="svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} className="illustration" aria-hidden="true" focusable="false" cacheKey={`illustration ${name}`}>
      <rect className="ill-backdrop" x="0" y="0" width={WIDTH} height={HEIGHT} rx="24" />
      <path className="ill-ground" d="M24 228H376" />
      <Drawing />
    </RenderOnce>
  );
}
