/**
 * The plot as the player builds it on the board, marker by marker: what the
 * rules allow next (legal.ts plotStatus and extraOptions: the same functions
 * the move and the bots use), what the plot adds so far, and the move's
 * arguments once it is complete. Pure: no React.
 */
import { extraOptions, plotStatus, type PlotArgs, type PlotOption, type PlotStatus } from '../legal';
import type { GobState, PlayerID, PointId } from '../types';

/** The player's choices so far: the markers of the shape in order, and the Metro extra marker. */
export interface Draft {
  path: PointId[];
  extra: PointId | null;
  /** The player asked to place the extra marker (the map then offers its targets). */
  addingExtra: boolean;
}

export const EMPTY_DRAFT: Draft = { path: [], extra: null, addingExtra: false };

/** A next marker, and whether every whole plot through it eliminates the player (R7), though it does not itself. */
export type TargetOption = PlotOption & { doomed?: boolean };

/** Where a draft stands, for the map and the panel. */
export interface DraftView {
  status: PlotStatus;
  /** The intersections the map offers now (the next marker, or the extra marker). */
  targets: TargetOption[];
  /** The extra marker's legal targets after this complete plot ([] when none). */
  extras: PlotOption[];
  /** Each marker placed, with what it does (the extra marker last). */
  placed: PlotOption[];
  /**
   * Connection circles the plot crosses (before the 19-circle cap; an eliminating marker brings none, RULES.md),
   * and Turn spaces it uses.
   */
  connections: number;
  turnCost: number;
  /** The move's arguments, when the draft is a whole legal plot. */
  args: PlotArgs | null;
}

/** Whether some whole plot that starts with `path` ends without eliminating the player (plotStatus, marker by marker). */
function safeWayOn(G: GobState, playerID: PlayerID, path: PointId[]): boolean {
  const status = plotStatus(G, playerID, path);
  if (status.error || status.eliminated) return false;
  if (status.complete) return true;
  return status.next.some((o) => !o.eliminates && safeWayOn(G, playerID, [...path, o.to]));
}

/** What the rules say of `draft` for `playerID` now. */
export function viewDraft(G: GobState, playerID: PlayerID, draft: Draft): DraftView {
  const placed: PlotOption[] = [];
  // Replay the draft marker by marker to learn what each one did (its option at the time it was picked).
  for (let i = 0; i < draft.path.length; i++) {
    const before = plotStatus(G, playerID, draft.path.slice(0, i));
    const option = before.next.find((o) => o.to === draft.path[i]);
    if (!option) break;
    placed.push(option);
  }
  const path = draft.path.slice(0, placed.length);
  const status = plotStatus(G, playerID, path);
  const extras = status.complete && !status.eliminated ? extraOptions(G, playerID, path) : [];
  const extra = draft.extra !== null ? extras.find((o) => o.to === draft.extra) : undefined;
  if (extra) placed.push(extra);
  // A next marker that is safe itself but from which every way on eliminates is flagged, one marker early.
  const targets: TargetOption[] = !status.complete
    ? status.next.map((o) => (o.eliminates || safeWayOn(G, playerID, [...path, o.to]) ? o : { ...o, doomed: true }))
    : draft.addingExtra && !extra
      ? extras
      : [];
  const args: PlotArgs | null =
    status.complete && !status.error && path.length > 0 ? (extra ? { path, extra: extra.to } : { path }) : null;
  return {
    status,
    targets,
    extras,
    placed,
    connections: placed.reduce((n, o) => n + (o.eliminates ? 0 : o.connections), 0),
    turnCost: status.turnCost,
    args,
  };
}

/** Whether the plot is whole and the map offers the Metro extra marker's places: the player asked for it. */
export function choosingExtra(view: DraftView): boolean {
  return view.status.complete && !view.args?.extra && view.targets.length > 0;
}

/** The draft after a pick on the map: the next marker, or the extra marker. */
export function pick(draft: Draft, view: DraftView, to: PointId): Draft {
  if (!view.targets.some((o) => o.to === to)) return draft;
  if (!view.status.complete) return { ...draft, path: [...draft.path, to], extra: null, addingExtra: false };
  return { ...draft, extra: to, addingExtra: false };
}

/** The draft without marker `i` and every marker after it (the extra marker is index path.length). */
export function takeBack(draft: Draft, i: number): Draft {
  if (i >= draft.path.length) return cancelExtra(draft);
  return { path: draft.path.slice(0, i), extra: null, addingExtra: false };
}

/** The draft with the Metro extra marker's choice dropped (asked for, or placed): the plot's markers stay. */
export function cancelExtra(draft: Draft): Draft {
  return { ...draft, extra: null, addingExtra: false };
}
