/**
 * The side panels of the Get on Board board: the departure choice, the plot
 * builder, the Common Objectives, the sheets of the other players and the
 * log (the end screen, EndScreen.tsx, is exported from here too). Each draws
 * what the Board hands it and reports clicks; what is legal comes from the
 * rules (through plotBuilder.ts).
 */
import React from 'react';
import { objectiveCard, shapeFor, type JointType } from '../data';
import { graphOf } from '../graph';
import type { GobState, PlayerID, PointId } from '../types';
import type { Icon } from '../maps/types';
import { ICON_NAMES, IconSvg, ShapeGlyph, TicketCard } from './icons';
import { choosingExtra, type DraftView, type TargetOption } from './plotBuilder';
import { logText, nameOf } from './sheetProps';
import { NOTE_CLEAR, waitingText } from '../../common/board-props';

/** How the line goes on at a marker's joint, in the plot's prompt ("…, the next one turning."). */
const JOINT_WORDS: Record<JointType, string> = {
  straight: 'straight on',
  turn: 'turning',
  any: 'straight on or turning',
};

type Names = Record<PlayerID, string>;

/**
 * "3,4 — Student, Piazza Navona": an intersection in words, with its icons but those `unsaid` (a departure's Metro
 * entrance: every departure is one).
 */
export function pointName(G: GobState, p: PointId, unsaid: readonly Icon[] = []): string {
  const point = graphOf(G.mapId).points.get(p);
  if (!point) return p;
  const icons = point.icons
    .filter((i) => !unsaid.includes(i))
    .map((i) => ICON_NAMES[i])
    .join(' and ');
  return [p, [icons, point.name].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
}

/** What one marker does, in a few words. */
export function optionText(o: TargetOption): string {
  const parts: string[] = [];
  if (o.eliminates) parts.push('already visited: you are eliminated');
  else if (o.doomed) parts.push('every way on from here eliminates you');
  if (o.turnCost > 0) parts.push(`uses ${o.turnCost} Turn space`);
  // The eliminating marker brings nothing but the Turn space its joint needs (RULES.md).
  if (!o.eliminates && o.connections > 0) parts.push(`+${o.connections} Connection${o.connections > 1 ? 's' : ''}`);
  if (!o.eliminates && o.speedy) parts.push(`speedy ${o.speedy} section`);
  return parts.join(', ');
}

/** The seats still to choose a departure, by name (an empty seat said so), or null if there are none. */
function stillChoosing(G: GobState, names: Names, empty: ReadonlySet<PlayerID> | undefined, except?: PlayerID) {
  const waiting = G.order.filter((p) => G.choices[p] === null && p !== except);
  if (waiting.length === 0) return null;
  return waiting.map((p) => (empty?.has(p) ? `Seat ${Number(p) + 1} (empty: its player left)` : nameOf(names, p)));
}

/**
 * What the table waits for at the departures, for someone without a seat (a spectator, a replay seen as one):
 * whether anyone has chosen is public (view.ts), which ticket is not.
 */
export function spectatorDepartureText(
  G: GobState,
  names: Names,
  empty?: ReadonlySet<PlayerID>,
  replay?: boolean,
): string {
  const waiting = stillChoosing(G, names, empty);
  if (waiting === null) return 'Everyone has chosen.';
  if (waiting.length === G.order.length) return 'Everyone is choosing a departure.';
  return waitingText(waiting.join(', '), 'choose a departure', replay);
}

/** The departure choice: your two tickets, each a departure on the map. */
export function DeparturePanel(props: {
  G: GobState;
  me: PlayerID;
  names: Names;
  hover: number | null;
  onHover: (ticket: number | null) => void;
  onChoose: (ticket: number) => void;
  /** Seats of the running online match nobody holds (their player left). */
  empty?: ReadonlySet<PlayerID>;
}) {
  const { G, me, names } = props;
  const graph = graphOf(G.mapId);
  const mine = G.choices[me];
  const waiting = stillChoosing(G, names, props.empty, me);
  return (
    <section
      className="gob-panel gob-panel--action"
      data-testid="departure-panel"
      aria-label="Choose your departure"
      tabIndex={-1}
      {...{ [NOTE_CLEAR]: '' }}
    >
      <h2>Choose your departure</h2>
      {mine === null || mine === undefined ? (
        <>
          {/* On a phone the intro in two lines, not three; and each ticket's place without "Metro entrance" (every
              departure is one, as the intro says), in two: at 360 × 640 the sheet covered the map's last 11 px. */}
          <p className="gob-departure-intro">
            <span className="gob-departure-intro-long">
              Keep one of your two tickets: your line starts at its Metro entrance. Nobody sees it until all have
              chosen.
            </span>
            <span className="gob-departure-intro-short">
              Keep one, in secret: your line starts at its Metro entrance.
            </span>
          </p>
          <div className="gob-departures">
            {G.offers[me].map((t) => {
              const point = graph.departures.get(t);
              return (
                <button
                  key={t}
                  type="button"
                  className={`gob-departure${props.hover === t ? ' gob-departure--hover' : ''}`}
                  data-testid={`departure-${t}`}
                  onClick={() => props.onChoose(t)}
                  onMouseEnter={() => props.onHover(t)}
                  onMouseLeave={() => props.onHover(null)}
                  onFocus={() => props.onHover(t)}
                  onBlur={() => props.onHover(null)}
                >
                  <TicketCard n={t} width={34} />
                  <span>
                    Departure {t}
                    <small>{point ? pointName(G, point, ['metro']) : ''}</small>
                  </span>
                </button>
              );
            })}
          </div>
        </>
      ) : (
        <p data-testid="departure-chosen">
          You keep ticket {mine}: departure {mine}.{' '}
          {waiting !== null ? waitingText(waiting.join(', '), 'choose') : 'Everyone has chosen.'}
        </p>
      )}
    </section>
  );
}

/** The plot being built: the shape, each marker (take any back), the extra marker, the totals and Confirm. */
export function PlotPanel(props: {
  G: GobState;
  me: PlayerID;
  view: DraftView;
  hover: TargetOption | null;
  sending: boolean;
  onTakeBack: (i: number) => void;
  onClear: () => void;
  onAddExtra: () => void;
  onCancelExtra: () => void;
  onConfirm: () => void;
}) {
  const { G, me, view } = props;
  const { status } = view;
  const sheet = G.players[me];
  const shape = shapeFor(sheet.variant, G.ticket ?? 1);
  const eliminated = status.eliminated;
  const pathLength = view.placed.length - (view.args?.extra ? 1 : 0);
  // The player asked for the Metro extra marker, and the map offers its places.
  const choosing = choosingExtra(view);
  // Where the marker list scrolls in a box of its own (a phone held sideways), the marker just placed is shown; and
  // again when the box shrinks under a longer prompt (the extra marker's), which cut the last marker's row.
  const markersRef = React.useRef<HTMLOListElement>(null);
  React.useLayoutEffect(() => {
    const list = markersRef.current;
    if (list && list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
  }, [view.placed.length, choosing]);
  // The rules let the extra marker eliminate (RULES.md): where every place for it would, the panel says so.
  const extrasAllEliminate = view.extras.length > 0 && view.extras.every((o) => o.eliminates);
  let prompt: string;
  if (status.error) prompt = status.error;
  else if (eliminated) prompt = 'This marker ends your line: you will be eliminated and score nothing.';
  else if (choosing)
    // Confirm still sends the plot as it stands, without the extra marker: said, where it was not.
    prompt = extrasAllEliminate
      ? 'Every place for the Metro extra marker ends your line: choose one to be eliminated, or confirm without it.'
      : 'Choose a ringed intersection for the Metro extra marker, or confirm without it.';
  else if (status.complete)
    prompt =
      view.extras.length > 0 && !view.args?.extra
        ? extrasAllEliminate
          ? 'Confirm your plot. A Metro extra marker could only end your line here.'
          : 'Confirm, or add the Metro extra marker.'
        : 'Confirm your plot.';
  else if (status.fallback) prompt = 'Your shape fits nowhere: place a single marker, at no cost (the fallback).';
  else
    // "more" once a marker of the plot is down, not before the first; where to tap (a tap anywhere else does
    // nothing), and how the line goes on at the next one.
    prompt = `Place ${status.markersLeft}${pathLength > 0 ? ' more' : ''} marker${
      status.markersLeft > 1 ? 's' : ''
    } on ringed intersections${status.jointsLeft.length > 0 ? `, the next one ${JOINT_WORDS[status.jointsLeft[0]]}` : ''}.`;
  return (
    <section
      className="gob-panel gob-panel--action gob-panel--plot"
      data-testid="plot-panel"
      aria-label="Your plot"
      tabIndex={-1}
      {...{ [NOTE_CLEAR]: '' }}
    >
      {/* The glyph's own name ("Shape F: 3 markers, 2 turns") would say the shape a second time: it is drawn only. */}
      {/* The words in one box beside the glyph: a long shape wraps under "Your plot:" (two boxes of the heading's
          flex row, "Your plot:" and the shape's words, stood side by side as two columns). */}
      <h2>
        <span aria-hidden="true">
          <ShapeGlyph shape={shape.id} size={26} />
        </span>{' '}
        <span className="gob-plot-heading-text">
          <span className="gob-plot-heading-lead">Your plot: </span>
          {shape.label}
        </span>
      </h2>
      <p
        className={`gob-prompt${eliminated ? ' gob-prompt--danger' : ''}`}
        data-testid="plot-prompt"
        aria-live="polite"
      >
        {prompt}
      </p>
      {view.placed.length > 0 && (
        <ol className="gob-markers" data-testid="plot-markers" ref={markersRef}>
          {view.placed.map((o, i) => (
            <li key={`${i}-${o.to}`} data-testid={`plot-marker-${i}`}>
              <span>
                {i >= pathLength ? 'Extra marker: ' : ''}
                {pointName(G, o.to)}
                {optionText(o) && <small> · {optionText(o)}</small>}
              </span>
              <button
                type="button"
                className="gob-link"
                onClick={() => props.onTakeBack(i)}
                data-testid={`take-back-${i}`}
                aria-label={`Take back ${i >= pathLength ? 'the extra marker' : `marker ${i + 1}`}${
                  i < view.placed.length - 1 ? ' and those after it' : ''
                }`}
              >
                Take back
              </button>
            </li>
          ))}
        </ol>
      )}
      {props.hover && !status.complete && (
        <p className="gob-preview" data-testid="plot-preview">
          Next: {pointName(G, props.hover.to)}
          {optionText(props.hover) && ` · ${optionText(props.hover)}`}
        </p>
      )}
      <p className="gob-totals" data-testid="plot-totals">
        Connections this turn: <b data-testid="plot-connections">{view.connections}</b> · Turn spaces:{' '}
        <b>{view.turnCost}</b> used, {status.turnSpacesLeft} left
      </p>
      <div className="gob-actions">
        {status.complete && !eliminated && view.extras.length > 0 && !view.args?.extra && !choosing && (
          <button type="button" onClick={props.onAddExtra} data-testid="add-extra" aria-label="Metro extra marker">
            <IconSvg icon="metro" size={16} decorative /> <span className="gob-extra-long">Metro extra marker</span>
            <span className="gob-extra-short">Extra marker</span>
          </button>
        )}
        {/* Asked for, the extra marker's choice can be dropped (as Esc does), the plot kept as it is. */}
        {choosing && (
          <button
            type="button"
            onClick={props.onCancelExtra}
            data-testid="cancel-extra"
            aria-label="Cancel the Metro extra marker"
          >
            Cancel extra
          </button>
        )}
        <button type="button" onClick={props.onClear} disabled={view.placed.length === 0} data-testid="plot-clear">
          Clear
        </button>
        <button
          type="button"
          className={`primary${eliminated ? ' danger' : ''}`}
          onClick={props.onConfirm}
          disabled={!view.args || props.sending}
          data-testid="plot-confirm"
        >
          {props.sending ? 'Sending…' : eliminated ? 'Confirm and be eliminated' : 'Confirm'}
        </button>
      </div>
    </section>
  );
}

/** The two Common Objective cards: their side now and who scored them. */
export function Objectives({ G, names }: { G: GobState; names: Names }) {
  return (
    <section className="gob-panel" data-testid="objectives" aria-label="Common objectives">
      <h3>Common objectives</h3>
      <ul className="gob-objectives">
        {G.objectives.map((o) => {
          const card = objectiveCard(o.card);
          const scorers = G.order.filter((p) => G.players[p].objectives.some((s) => s.card === o.card));
          return (
            <li key={o.card} className={`gob-objective gob-objective--${o.side}`} data-testid={`objective-${o.card}`}>
              {/* What it is worth now (10 until someone reaches it, then 6), and what each who reached it scored:
                  "6 pts · scored by Bot 2 (10)" read as two prices for one objective. */}
              <b>{card.label}</b>{' '}
              <span className="gob-objective-points">
                {o.side === 'yellow' ? 10 : 6} pts{scorers.length > 0 ? ' now' : ''}
              </span>
              {scorers.length > 0 && (
                <small data-testid={`objective-${o.card}-scorers`}>
                  {' '}
                  ·{' '}
                  {scorers
                    .map(
                      (p) =>
                        `${nameOf(names, p)} scored ${G.players[p].objectives.find((s) => s.card === o.card)!.points}`,
                    )
                    .join(', ')}
                </small>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The game log, newest first. */
export function LogPanel({ G, names }: { G: GobState; names: Names }) {
  const lines = G.log.map((e, i) => ({ i, e })).reverse();
  return (
    <section className="gob-panel gob-log" data-testid="log" aria-label="Game log">
      <h3>Game log</h3>
      {/* Focusable, so the keyboard can scroll it. A polite live region, as Lisbon's and Touched On's logs are: each new
          entry (an opponent's plot, a new round) is read out as it comes. Only what is added: the entries already there
          as the board mounts (the region comes with them) are not, nor the whole log again (it is not atomic). */}
      <ol reversed tabIndex={0} aria-label="Game log, newest first" aria-live="polite">
        {lines.map(({ i, e }) => (
          <li key={i} data-testid={`log-${i}`}>
            {e.round > 0 && <span className="gob-log-round">R{e.round}</span>} {logText(e, G, names)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The end screen, beside the other panels. */
export { EndScreen } from './EndScreen';
