import type { RigidBody } from '../rapier-api';
import type { LinkGeometry } from './link-geometry';
import type { Link, SandboxLinks } from './sandbox-links';

/**
 * One end of a link by place rather than by body, as undo and presets keep it: the world,
 * part `part` of figure `figure`, or part `part` of prop `prop` (a ball's or box's only body
 * is part 0; a model prop's carrier parts follow its own order), each in its list's order.
 */
export type LinkEndPlace =
  | { readonly kind: 'world' }
  | { readonly kind: 'part'; readonly figure: number; readonly part: number }
  | { readonly kind: 'prop'; readonly prop: number; readonly part: number };

/** A link by place: its ends and its geometry. */
export interface LinkRecord {
  readonly a: LinkEndPlace;
  readonly b: LinkEndPlace;
  readonly geometry: LinkGeometry;
}

/** The scene's lists that places count in: each figure's parts and each prop's bodies. */
export interface PlaceLists {
  readonly figures: readonly (readonly RigidBody[])[];
  readonly props: readonly (readonly RigidBody[])[];
}

const WORLD: LinkEndPlace = Object.freeze({ kind: 'world' });

/** Where a body is in the lists; the world for null, undefined when it is in none of them. */
export function placeOf(body: RigidBody | null, lists: PlaceLists): LinkEndPlace | undefined {
  if (!body) return WORLD;
  for (let figure = 0; figure < lists.figures.length; figure++) {
    const part = lists.figures[figure]!.indexOf(body);
    if (part >= 0) return { kind: 'part', figure, part };
  }
  for (let prop = 0; prop < lists.props.length; prop++) {
    const part = lists.props[prop]!.indexOf(body);
    if (part >= 0) return { kind: 'prop', prop, part };
  }
  return undefined;
}

/** The body at a place: null for the world, undefined when the lists have no such body. */
export function bodyAt(place: LinkEndPlace, lists: PlaceLists): RigidBody | null | undefined {
  if (place.kind === 'world') return null;
  if (place.kind === 'part') return lists.figures[place.figure]?.[place.part];
  return lists.props[place.prop]?.[place.part];
}

/** The links by place; a link whose end is in none of the lists is left out. Allocates. */
export function linkRecords(links: readonly Link[], lists: PlaceLists): LinkRecord[] {
  const records: LinkRecord[] = [];
  for (const link of links) {
    const a = placeOf(link.bodyA, lists);
    const b = placeOf(link.bodyB, lists);
    if (a && b) records.push({ a, b, geometry: link.geometry });
  }
  return records;
}

/**
 * Makes the links `records` name between the bodies of `lists` now; one whose end is not
 * there (a figure replaced, a prop left out) is skipped. Returns how many were skipped.
 */
export function restoreLinkRecords(
  links: Pick<SandboxLinks, 'add'>,
  records: readonly LinkRecord[],
  lists: PlaceLists,
): number {
  let skipped = 0;
  for (const record of records) {
    const a = bodyAt(record.a, lists);
    const b = bodyAt(record.b, lists);
    if (a === undefined || b === undefined || (a === null && b === null) || a === b) {
      skipped++;
      continue;
    }
    links.add(record.geometry, a, b);
  }
  return skipped;
}

/** Whether two record lists are the same links, in order. */
export function sameLinkRecords(a: readonly LinkRecord[], b: readonly LinkRecord[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (record, i) =>
        samePlace(record.a, b[i]!.a) &&
        samePlace(record.b, b[i]!.b) &&
        record.geometry === b[i]!.geometry,
    )
  );
}

function samePlace(a: LinkEndPlace, b: LinkEndPlace): boolean {
  if (a.kind === 'world') return b.kind === 'world';
  if (a.kind === 'part') return b.kind === 'part' && a.figure === b.figure && a.part === b.part;
  return b.kind === 'prop' && a.prop === b.prop && a.part === b.part;
}
