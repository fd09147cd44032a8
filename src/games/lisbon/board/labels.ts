/**
 * Where the map's labels stand: drawing data only (the rules never read it).
 * Each place's label takes a slot around its node, clear of everything that
 * may be drawn there: the destination ring (48 map units wide, its stroke up
 * to 5 while it pulses), the cost badge at its right, the push bell at its
 * upper left, cones at its upper right, the waiting passengers above a stop,
 * a tram on it, and the rails leaving it. A label goes below its node unless
 * a rail leaves it downwards or a neighbour's label is in the way; the table
 * below says where else, per side.
 * test/e2e/lisbon-map-labels.test.ts measures every label on both sides.
 *
 * Slots, around a node at (x, y):
 *
 *                    above
 *        left   [ring + node]  right (past the badge)
 *    below-left      below      below-right
 */
import type { NodeId } from '../types';
import type { SideId } from '../data/types';

/** Where a label stands around its node. */
export type LabelSlot = 'below' | 'below-left' | 'below-right' | 'left' | 'right' | 'above';

/** The destination ring's radius with half its widest stroke, and a hair. */
const RING_CLEAR = 27;
/** A diagonal slot's corner, as far from the node as the ring's edge. */
const DIAGONAL = 19;
/** Right of the node: past the cost badge. */
const RIGHT_CLEAR = 40;
/** Beside the node, a label's top: level with the node, under the cones and the push bell. */
const SIDE_TOP = 0;

/** The places whose label does not go below, because a rail leaves them downwards or a neighbour is close. */
const SLOTS: Record<SideId, Partial<Record<NodeId, LabelSlot>>> = {
  large: {
    rossio: 'above',
    'torre-belem': 'above',
    jeronimos: 'right',
    ajuda: 'below-right',
    estrela: 'right',
    chiado: 'below-left',
    se: 'below-left',
    panteao: 'left',
    bica: 'right',
    lavra: 'right',
    'santa-justa': 'left',
    'campo-ourique': 'below-right',
    rato: 'below-right',
    lapa: 'below-right',
    graca: 'below-right',
    alfama: 'below-right',
    'santa-apolonia': 'below-left',
  },
  small: {
    rossio: 'above',
    'torre-belem': 'above',
    jeronimos: 'right',
    ajuda: 'right',
    estrela: 'right',
    chiado: 'below-left',
    se: 'below-right',
    bica: 'below-right',
    lavra: 'right',
    'santa-justa': 'left',
    rato: 'below-left',
    lapa: 'below-left',
    graca: 'below-right',
    alfama: 'below-right',
  },
};

/** Places whose name of two words goes on two lines, to leave room for a neighbour's label or Rossio's box (three words always do). */
const TWO_LINES = new Set<NodeId>(['principe-real', 'martim-moniz']);

/** A place's name as drawn on the map, line by line. */
export function labelLines(id: NodeId, name: string): string[] {
  const words = name.split(' ');
  if (words.length < 2 || (words.length === 2 && !TWO_LINES.has(id))) return [name];
  return [words.slice(0, -1).join(' '), words[words.length - 1]];
}

/** The slot of a place's label on a side. */
export function labelSlot(side: SideId, id: NodeId): LabelSlot {
  return SLOTS[side][id] ?? 'below';
}

/**
 * Where a label in `slot` around (x, y) stands: the point its first line
 * hangs from (`edge` 'top') or, above the node, its last line sits on
 * ('bottom'), and its anchor, so the label keeps its place whatever its font
 * size; `reach` is how far what is drawn on the node reaches below or above
 * it, if farther than the ring's edge (Rossio's box).
 */
export function labelPlace(
  slot: LabelSlot,
  x: number,
  y: number,
  reach = 0,
): { x: number; y: number; edge: 'top' | 'bottom'; anchor: 'start' | 'middle' | 'end' } {
  const clear = Math.max(RING_CLEAR, reach);
  switch (slot) {
    case 'below':
      return { x, y: y + clear, edge: 'top', anchor: 'middle' };
    case 'below-right':
      return { x: x + DIAGONAL, y: y + DIAGONAL, edge: 'top', anchor: 'start' };
    case 'below-left':
      return { x: x - DIAGONAL, y: y + DIAGONAL, edge: 'top', anchor: 'end' };
    case 'right':
      return { x: x + RIGHT_CLEAR, y: y + SIDE_TOP, edge: 'top', anchor: 'start' };
    case 'left':
      return { x: x - RING_CLEAR - 1, y: y + SIDE_TOP, edge: 'top', anchor: 'end' };
    case 'above':
      return { x, y: y - clear, edge: 'bottom', anchor: 'middle' };
  }
}
